import { useId } from 'react';
import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import { Link } from '#client/lib/router';
import { merchantImageUrl } from '#shared/constants/merchant';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { paths } from '#shared/routes';
import { usePartner } from '#client/lib/partner';
import { FavoriteButton } from '../../favorites';
import { useEarnLine } from '../earn-line';
import { formatRating, HIGHLIGHT_TEXT } from '../format';
import { tagExplanation } from '#shared/rules/tile-tags';
import { TileTag } from './tile-tag';
import styles from './merchant-tile.module.css';

/** Only members below a restaurant's tier see it, so its code loads only for them. */
const UnlockAccessButton = lazyScreen(() => import('./unlock-access-popup'), 'UnlockAccessButton');

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 250;

export type MerchantTileProps = {
  merchant: MerchantSummary;
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

export function MerchantTile({ merchant, width, headingLevel = 3, highlighted = false, priorityImage = false }: MerchantTileProps) {
  const partner = usePartner();
  const nameId = useId();
  const { details, location } = merchant;
  const Heading = `h${headingLevel}` as const;
  const acclaimedOn = partner.acclaimedEnabled || partner.acclaimed2Enabled;
  const showAcclaimed = acclaimedOn && merchant.acclaimedLevel !== null && merchant.acclaimedLevel > 0;
  const highlight = details.highlight ? HIGHLIGHT_TEXT[details.highlight] : null;
  const { overallRating, numberOfRatings } = details.rating;
  const price = Math.max(0, Math.min(4, Math.round(details.priceRange)));
  const place = [location.address.city, location.neighborhood].filter((s) => s && s.trim()).join(' · ');
  // What a dine here now would earn, as the engine would decide it (rules/rewards/policy.ts).
  const earnLine = useEarnLine(merchant);
  const earn = earnLine?.text ?? null;
  const unlockTier = earnLine?.unlockTier ?? null;
  // A restaurant not taking part has no offer to tag ('2X', 'Limited').
  const offers = earnLine?.reason !== 'notParticipating';

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
        {(earn || (offers && (merchant.bonusText || merchant.offerTag))) && (
          <ul className={styles.tags} aria-label="Offers">
            {earn && <li className={earnLine?.earns || earnLine?.signIn ? styles.earn : styles.noEarn} data-earns={earnLine?.earns}>{earn}</li>}
            {offers && merchant.bonusText && (
              <li className={styles.bonus}>
                <TileTag text={merchant.bonusText} explanation={tagExplanation('bonus', merchant.bonusText, partner.copyStates)} />
              </li>
            )}
            {offers && merchant.offerTag && (
              <li className={styles.offer}>
                <TileTag text={merchant.offerTag} explanation={tagExplanation('offer', merchant.offerTag, partner.copyStates)} />
              </li>
            )}
          </ul>
        )}
        {unlockTier && <DeferredPart><UnlockAccessButton tier={unlockTier} merchantName={merchant.name} /></DeferredPart>}
      </div>
    </article>
  );
}
