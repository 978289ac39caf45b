import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { merchantImageUrl } from '#shared/constants/merchant';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { earnLine, unlockAccessTier } from '#shared/rules/earn-text';
import { hasMembers } from '#shared/rules/partner-features';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { FavoriteButton } from '../../favorites';
import { memberCampaignCodes, useMemberTier } from '../member-tier';
import { formatRating, HIGHLIGHT_TEXT } from '../format';
import { tagExplanation } from '#shared/rules/tile-tags';
import { TileTag } from './tile-tag';
import styles from './merchant-tile.module.css';

/** Only members below a restaurant's tier see it, so its code loads only for them. */
const UnlockAccessButton = lazy(() => import('./unlock-access-popup').then((m) => ({ default: m.UnlockAccessButton })));

/** §9: tile width 250px by default, 200px inside a merchant carousel. */
export const DEFAULT_TILE_WIDTH = 250;
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 250;

export type MerchantTileProps = {
  merchant: MerchantSummary;
  /** The tier whose earn text shows (0–3, null for a visitor); by default the signed-in member's. */
  tier?: number | null;
  /** Fixed width in px; without it the tile fills its container. */
  width?: number;
  /** Level of the name heading (3 inside a list under an h2). */
  headingLevel?: 2 | 3 | 4;
  /** Highlighted (e.g. its map marker was chosen). */
  highlighted?: boolean;
  /**
   * The picture is likely the page's largest paint (the first search result): fetched at once with
   * high priority instead of lazily, which would wait for layout.
   */
  priorityImage?: boolean;
};

export function MerchantTile({ merchant, tier: tierProp, width, headingLevel = 3, highlighted = false, priorityImage = false }: MerchantTileProps) {
  const partner = usePartner();
  const memberTier = useMemberTier();
  const tier = tierProp === undefined ? memberTier : tierProp;
  const nameId = useId();
  const { details, location } = merchant;
  const Heading = `h${headingLevel}` as const;
  const acclaimedOn = partner.acclaimedEnabled || partner.acclaimed2Enabled;
  const showAcclaimed = acclaimedOn && merchant.acclaimedLevel !== null && merchant.acclaimedLevel > 0;
  const highlight = details.highlight ? HIGHLIGHT_TEXT[details.highlight] : null;
  const { overallRating, numberOfRatings } = details.rating;
  const price = Math.max(0, Math.min(4, Math.round(details.priceRange)));
  const place = [location.address.city, location.neighborhood].filter((s) => s && s.trim()).join(' · ');
  const tagsShown = partner.showEarnRate;
  const earn = tagsShown ? earnLine(tier, partner.copyStates, hasMembers(partner)) : null;
  const unlockTier = unlockAccessTier({
    acclaimed2Enabled: partner.acclaimed2Enabled,
    acclaimedLevel: merchant.acclaimedLevel,
    merchantCampaignCodes: merchant.benefitAvailability.campaignCodes,
    tagsShown,
    tier,
    memberCampaignCodes: memberCampaignCodes(tier, merchant.benefitAvailability.campaignCodes),
  });

  return (
    <article
      className={`${styles.tile} ${highlighted ? styles.highlighted : ''}`}
      style={width ? { width: `${width}px` } : undefined}
      aria-labelledby={nameId}
      data-merchant-id={merchant.id}
    >
      <div className={styles.media}>
        <img
          className={styles.image}
          src={merchantImageUrl(merchant.images.imageBaseUrl, 'tile', merchant.images.imagePath)}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          alt={`Photo of ${merchant.name}`}
          {...(priorityImage ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
        />
        {(showAcclaimed || highlight) && (
          <div className={styles.badges}>
            {showAcclaimed && <span className={styles.acclaimed}>Acclaimed</span>}
            {highlight && <span className={styles.highlight}>{highlight}</span>}
          </div>
        )}
        <FavoriteButton merchant={merchant} />
      </div>
      <div className={styles.body}>
        <Heading id={nameId} className={styles.name}>
          <Link className={styles.link} to={paths.merchant(merchant.id)}>{merchant.name}</Link>
        </Heading>
        <p className={styles.meta}>
          {numberOfRatings > 0 ? (
            <span className={styles.rating}>
              <span aria-hidden="true">★ {formatRating(overallRating)} ({numberOfRatings})</span>
              <span className="visually-hidden">{`Rated ${formatRating(overallRating)} out of 5 from ${numberOfRatings} ${numberOfRatings === 1 ? 'review' : 'reviews'}`}</span>
            </span>
          ) : (
            <span className={styles.rating}>Not yet rated</span>
          )}
          {price > 0 && (
            <span className={styles.price} data-price={price}>
              <span aria-hidden="true">{'$'.repeat(price)}</span>
              <span className="visually-hidden">{`Price level ${price} of 4`}</span>
            </span>
          )}
        </p>
        {details.cuisines.length > 0 && <p className={styles.cuisines}>{details.cuisines.join(' / ')}</p>}
        {(place || merchant.distance !== null) && (
          <p className={styles.place}>
            {place && <span>{place}</span>}
            {merchant.distance !== null && (
              <span className={styles.distance}>
                <span aria-hidden="true">{merchant.distance.toFixed(1)} mi</span>
                <span className="visually-hidden">{`${merchant.distance.toFixed(1)} miles away`}</span>
              </span>
            )}
          </p>
        )}
        {(earn || merchant.bonusText || merchant.offerTag) && (
          <ul className={styles.tags} aria-label="Offers">
            {earn && <li className={styles.earn}>{earn}</li>}
            {merchant.bonusText && (
              <li className={styles.bonus}>
                <TileTag text={merchant.bonusText} explanation={tagExplanation('bonus', merchant.bonusText, partner.copyStates)} />
              </li>
            )}
            {merchant.offerTag && (
              <li className={styles.offer}>
                <TileTag text={merchant.offerTag} explanation={tagExplanation('offer', merchant.offerTag, partner.copyStates)} />
              </li>
            )}
          </ul>
        )}
        {unlockTier && <Suspense fallback={null}><UnlockAccessButton tier={unlockTier} merchantName={merchant.name} /></Suspense>}
      </div>
    </article>
  );
}
