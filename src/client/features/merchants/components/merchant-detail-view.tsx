import { useId, type ReactNode, type Ref } from 'react';
import { DeferredPart } from '#client/components/deferred-part';
import { TurnTaken, useIdleTurn } from '#client/components/idle-turns';
import { lazyScreen } from '#client/components/lazy-screen';
import { Link } from '#client/lib/router';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { canSignInWithPassword, takesTableReservations, usesSingleSignOn } from '#shared/rules/partner-features';
import { localNow } from '#shared/rules/local-now';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { HIGHLIGHT_TEXT, formatRating } from '../format';
import { useEarnLine } from '../earn-line';
import { useMember } from '../../session';
import { useMerchantVisits } from '../api';
import { FavoriteButton } from '../../favorites';
import { BenefitDays } from './benefit-days';
import { FlexOfferNote } from './flex-offer';
import { HoursTable } from './hours-table';
import { ReviewsSummary, Stars } from './reviews-summary';
import { MerchantAbout, MerchantHero, MerchantLocation } from './merchant-detail-parts';
import styles from './merchant-detail.module.css';

/** Only members below the restaurant's tier see it, so its code loads only for them. */
const UnlockAccessButton = lazyScreen(() => import('./unlock-access-popup'), 'UnlockAccessButton');

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
  const ids = useId();
  const id = (s: string) => `${ids}-${s}`;
  const { details } = merchant;
  const acclaimed = (partner.acclaimedEnabled || partner.acclaimed2Enabled) && merchant.acclaimedLevel !== null && merchant.acclaimedLevel > 0;
  const highlight = details.highlight ? HIGHLIGHT_TEXT[details.highlight] : null;
  const price = Math.max(0, Math.min(4, Math.round(details.priceRange)));
  const { overallRating, numberOfRatings } = details.rating;
  // The member's rewarded visits here this month (the monthly limit), as "When you earn here" reads them.
  const { member } = useMember();
  const visits = useMerchantVisits(merchant.id, member?.memberType === 'EnrolledCardMember' && merchant.benefits.monthlyVisitLimit !== null);
  // What a dine here now would earn, as the engine would decide it (rules/rewards/policy.ts).
  const earnLine = useEarnLine(merchant, { visitsThisMonth: visits.data?.used ?? null });
  const earn = earnLine?.text ?? null;
  // A visitor's 'Sign in to see offers' leads to signing in; a member's earn text is just text.
  const earnLink = !earnLine?.signIn ? null : canSignInWithPassword(partner) ? paths.login() : usesSingleSignOn(partner) ? paths.join() : null;
  const unlockTier = earnLine?.unlockTier ?? null;
  // A restaurant not taking part has no offer to tag ('2X', 'Limited').
  const offers = earnLine?.reason !== 'notParticipating';

  return (
    <article className={`container ${styles.page}`} aria-labelledby={id('name')}>
      <MerchantHero merchant={merchant} acclaimed={acclaimed} highlight={highlight} />

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
        {(earn || (offers && (merchant.bonusText || merchant.offerTag))) && (
          <ul className={styles.tags} aria-label="Offers">
            {earn && <li className={`${styles.tag} ${earnLine?.earns || earnLine?.signIn ? styles.tagEarn : styles.tagNoEarn}`} data-earns={earnLine?.earns}>{earnLink ? <Link to={earnLink}>{earn}</Link> : earn}</li>}
            {offers && merchant.bonusText && <li className={styles.tag}>{merchant.bonusText}</li>}
            {offers && merchant.offerTag && <li className={styles.tag}>{merchant.offerTag}</li>}
          </ul>
        )}
        <FlexOfferNote merchantId={merchant.id} />
        {unlockTier && (
          <div className={styles.unlock}>
            <DeferredPart>
              <UnlockAccessButton tier={unlockTier} merchantName={merchant.name} />
            </DeferredPart>
          </div>
        )}
        {merchant.orderOnline && (
          <div className={styles.actions}>
            <Link ref={orderLinkRef} to={paths.merchantOrder(merchant.id)} state={{ fromPage: true }} className={styles.orderLink} aria-haspopup="dialog">
              Order online
            </Link>
          </div>
        )}
        {reservation ?? (merchant.reservationProviders.openTable && takesTableReservations(partner) && (
          <p className={styles.note}>
            <CalendarIcon />
            <span>This restaurant takes reservations.</span>
          </p>
        ))}
      </div>

      <div className={styles.columns}>
        <div className={styles.main}>
          {/* First on phones too, where the side column comes after the reviews. */}
          <Later>
            <BenefitDays merchant={merchant} headingId={id('benefits')} />
          </Later>

          <Later>
            <MerchantAbout merchant={merchant} id={id} />
          </Later>

          <Later>
            <ReviewsSummary summary={merchant.reviewsSummary} headingId={id('reviews')} verified={reviews} />
          </Later>
        </div>

        <div className={styles.side}>
          <Later>
            <MerchantLocation merchant={merchant} id={id} />
          </Later>

          {merchant.hours.length > 0 && (
            <Later>
              <section className={`${styles.section} ${styles.card}`} aria-labelledby={id('hours')}>
                {/* Today is the restaurant's today (its time zone), as "When you earn here" and the widget read it. */}
                <HoursTable hours={merchant.hours} headingId={id('hours')} today={localNow(new Date(), merchant.benefits.timeZone).weekday} />
              </section>
            </Later>
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

/**
 * A part of the page below its head (offers by day, about, reviews, location, hours): each drawn in
 * its own turn once the main thread is idle (idle-turns.ts), in the page's order, after the head
 * (name, earn line, reservation), not in the head's task. Drawn with the head, their render, commit
 * and layout made the restaurant page's longest tasks after the first paint (Lighthouse TBT
 * 165–168 ms against the floor's 0, bench/RESULTS.md). Each comes below what the first screen
 * shows, so nothing there moves when it arrives.
 */
function Later({ children }: { children: ReactNode }) {
  const [turn, done] = useIdleTurn();
  if (!turn) return null;
  return (
    <>
      {children}
      <TurnTaken onTaken={done} />
    </>
  );
}
