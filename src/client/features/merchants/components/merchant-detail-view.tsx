import { lazy, Suspense, useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { merchantImageUrl } from '#shared/constants/merchant';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { earnLine, unlockAccessTier } from '#shared/rules/earn-text';
import { canSignInWithPassword, hasMembers, usesSingleSignOn } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { NewTabHint } from '#client/components/smart-link';
import { safeUrl } from '#shared/rules/safe-url';
import {
  FEATURE_LABELS, HIGHLIGHT_TEXT, MEAL_LABELS, directionsUrl, formatCoordinates, formatDate, formatPhone, formatRating, phoneHref, websiteLabel,
} from '../format';
import { memberCampaignCodes, useMemberTier } from '../member-tier';
import { FavoriteButton } from '../../favorites';
import { BenefitDays } from './benefit-days';
import { FlexOfferNote } from './flex-offer';
import { HoursTable } from './hours-table';
import { LocationMap } from './location-map';
import { MenuGallery } from './menu-gallery';
import { ReviewsSummary, Stars } from './reviews-summary';
import styles from './merchant-detail.module.css';

/** Only members below the restaurant's tier see it, so its code loads only for them. */
const UnlockAccessButton = lazy(() => import('./unlock-access-popup').then((m) => ({ default: m.UnlockAccessButton })));

/**
 * The merchant detail: the earn text of the member's or known visitor's tier (a visitor is asked to sign in where members can,
 * §2), and 'Unlock access to earn' where the member's tier lacks the restaurant's campaigns.
 */
export type MerchantDetailViewProps = {
  merchant: MerchantDetail;
  /** The verified reviews' part of the Reviews section. */
  reviews?: ReactNode;
  /**
   * The reservation widget's slot (issue 11 scope 3), under the offers; without it, a restaurant
   * that takes reservations says so in one line.
   */
  reservation?: ReactNode;
  /** The 'Order online' link, so the order-online dialog can give focus back to it. */
  orderLinkRef?: Ref<HTMLAnchorElement>;
};

export function MerchantDetailView({ merchant, reviews, reservation, orderLinkRef }: MerchantDetailViewProps) {
  const partner = usePartner();
  const tier = useMemberTier();
  const ids = useId();
  const id = (s: string) => `${ids}-${s}`;
  const { details, location } = merchant;
  const acclaimed = (partner.acclaimedEnabled || partner.acclaimed2Enabled) && merchant.acclaimedLevel !== null && merchant.acclaimedLevel > 0;
  const highlight = details.highlight ? HIGHLIGHT_TEXT[details.highlight] : null;
  const price = Math.max(0, Math.min(4, Math.round(details.priceRange)));
  const { overallRating, numberOfRatings } = details.rating;
  const website = merchant.website ? safeUrl(merchant.website) : null;
  const address = location.address;
  const earn = partner.showEarnRate ? earnLine(tier, partner.copyStates, hasMembers(partner)) : null;
  // A visitor's 'Sign in to see offers' leads to signing in; a member's earn text is just text.
  const earnLink = tier !== null ? null : canSignInWithPassword(partner) ? paths.login() : usesSingleSignOn(partner) ? paths.join() : null;
  const unlockTier = unlockAccessTier({
    acclaimed2Enabled: partner.acclaimed2Enabled,
    acclaimedLevel: merchant.acclaimedLevel,
    merchantCampaignCodes: merchant.benefitAvailability.campaignCodes,
    tagsShown: partner.showEarnRate,
    tier,
    memberCampaignCodes: memberCampaignCodes(tier, merchant.benefitAvailability.campaignCodes),
  });

  return (
    <article className={`container ${styles.page}`} aria-labelledby={id('name')}>
      <div className={styles.hero}>
        {/* The page's largest paint: fetched at once, its box reserved by .hero's aspect ratio. */}
        <img
          src={merchantImageUrl(merchant.images.imageBaseUrl, 'hero', merchant.images.imagePath)}
          alt={`Photo of ${merchant.name}`}
          width={1200}
          height={500}
          fetchPriority="high"
        />
        {(acclaimed || highlight) && (
          <div className={styles.badges}>
            {acclaimed && <span className={`${styles.badge} ${styles.acclaimed}`}>Acclaimed</span>}
            {highlight && <span className={styles.badge}>{highlight}</span>}
          </div>
        )}
      </div>

      <div className={styles.head}>
        <div className={styles.titleRow}>
          <h1 id={id('name')}>{merchant.name}</h1>
          <FavoriteButton merchant={merchant} variant="inline" />
        </div>
        <p className={styles.meta}>
          {numberOfRatings > 0 ? (
            <span>
              <Stars rating={overallRating} /> <span aria-hidden="true">{formatRating(overallRating)}</span>{' '}
              <span>{`(${numberOfRatings} ${numberOfRatings === 1 ? 'rating' : 'ratings'})`}</span>
            </span>
          ) : (
            <span>Not yet rated</span>
          )}
          {price > 0 && (
            <span>
              <span aria-hidden="true">{'$'.repeat(price)}</span>
              <span className="visually-hidden">{`Price level ${price} of 4`}</span>
            </span>
          )}
          {details.cuisines.length > 0 && <span>{details.cuisines.join(' / ')}</span>}
        </p>
        {(earn || merchant.bonusText || merchant.offerTag) && (
          <ul className={styles.tags} aria-label="Offers">
            {earn && <li className={`${styles.tag} ${styles.tagEarn}`}>{earnLink ? <Link to={earnLink}>{earn}</Link> : earn}</li>}
            {merchant.bonusText && <li className={styles.tag}>{merchant.bonusText}</li>}
            {merchant.offerTag && <li className={styles.tag}>{merchant.offerTag}</li>}
          </ul>
        )}
        <FlexOfferNote merchantId={merchant.id} />
        {unlockTier && (
          <div className={styles.unlock}>
            <Suspense fallback={null}>
              <UnlockAccessButton tier={unlockTier} merchantName={merchant.name} />
            </Suspense>
          </div>
        )}
        {merchant.orderOnline && (
          <div className={styles.actions}>
            <Link ref={orderLinkRef} to={paths.merchantOrder(merchant.id)} state={{ fromPage: true }} className={styles.orderLink} aria-haspopup="dialog">
              Order online
            </Link>
          </div>
        )}
        {reservation ?? (merchant.reservationProviders.openTable && (
          <p className={styles.note}>
            <CalendarIcon />
            <span>This restaurant takes reservations.</span>
          </p>
        ))}
      </div>

      <div className={styles.columns}>
        <div className={styles.main}>
          {/* First on phones too, where the side column comes after the reviews. */}
          <BenefitDays merchant={merchant} headingId={id('benefits')} />

          {merchant.description.trim() && (
            <section className={styles.section} aria-labelledby={id('about')}>
              <h2 id={id('about')}>About</h2>
              {merchant.description.split(/\n{2,}/).map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </section>
          )}

          {(merchant.features.length > 0 || merchant.mealsServed.length > 0) && (
            <section className={styles.section} aria-labelledby={id('know')}>
              <h2 id={id('know')}>Good to know</h2>
              {merchant.features.length > 0 && (
                <>
                  <h3 id={id('features')}>Dining options</h3>
                  <ul className={styles.chips} aria-labelledby={id('features')}>
                    {merchant.features.map((f) => (
                      <li key={f}>{FEATURE_LABELS[f]}</li>
                    ))}
                  </ul>
                </>
              )}
              {merchant.mealsServed.length > 0 && (
                <>
                  <h3 id={id('meals')}>Meals served</h3>
                  <ul className={styles.chips} aria-labelledby={id('meals')}>
                    {merchant.mealsServed.map((m) => (
                      <li key={m}>{MEAL_LABELS[m]}</li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          )}

          {merchant.menuImages.length > 0 && (
            <section className={styles.section} aria-labelledby={id('menu')}>
              <h2 id={id('menu')}>Menu</h2>
              <MenuGallery base={merchant.images.imageBaseUrl} images={merchant.menuImages} merchantName={merchant.name} />
            </section>
          )}

          {merchant.events.length > 0 && (
            <section className={styles.section} aria-labelledby={id('events')}>
              <h2 id={id('events')}>Events</h2>
              <ul className={styles.events}>
                {merchant.events.map((e, i) => (
                  <li key={i} className={styles.event}>
                    <h3>{e.title}</h3>
                    <time className={styles.muted} dateTime={e.date}>
                      {formatDate(e.date, true)}
                    </time>
                    {e.description && <p>{e.description}</p>}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <ReviewsSummary summary={merchant.reviewsSummary} headingId={id('reviews')} verified={reviews} />
        </div>

        <div className={styles.side}>
          <section className={`${styles.section} ${styles.card}`} aria-labelledby={id('location')}>
            <h2 id={id('location')}>Location and contact</h2>
            <LocationMap merchant={merchant} />
            <address className={styles.address}>
              {address.address1}
              <br />
              {`${address.city}, ${address.state} ${address.zipCode}`.trim()}
              {location.neighborhood && (
                <>
                  <br />
                  <span className={styles.muted}>{location.neighborhood}</span>
                </>
              )}
            </address>
            <ul className={styles.contact}>
              {merchant.phone.trim() && (
                <li>
                  <span className="visually-hidden">Phone: </span>
                  <a href={phoneHref(merchant.phone)}>{formatPhone(merchant.phone)}</a>
                </li>
              )}
              {website && (
                <li>
                  <a href={website} target="_blank" rel="noopener noreferrer">
                    <span className="visually-hidden">Website: </span>
                    {websiteLabel(website)}
                    <NewTabHint />
                  </a>
                </li>
              )}
              <li>
                <a href={directionsUrl(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer">
                  Get directions
                  <NewTabHint />
                </a>
              </li>
            </ul>
            <p className={styles.muted}>
              <span className="visually-hidden">Coordinates: </span>
              {formatCoordinates(location.latitude, location.longitude)}
            </p>
          </section>

          {merchant.hours.length > 0 && (
            <section className={`${styles.section} ${styles.card}`} aria-labelledby={id('hours')}>
              <HoursTable hours={merchant.hours} headingId={id('hours')} />
            </section>
          )}
        </div>
      </div>
    </article>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M2.5 8h15M6.5 2v4M13.5 2v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function MerchantDetailSkeleton() {
  return (
    <div className={`container ${styles.skeleton}`} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading restaurant details
      </p>
      <div className={`${styles.bone} ${styles.boneHero}`} />
      <div className={`${styles.bone} ${styles.boneTitle}`} />
      <div className={`${styles.bone} ${styles.boneShort}`} />
      <div className={`${styles.bone} ${styles.boneLine}`} />
      <div className={`${styles.bone} ${styles.boneLine}`} />
    </div>
  );
}
