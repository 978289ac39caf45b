import { DeferredPart } from '#client/components/deferred-part';
import { lazyScreen } from '#client/components/lazy-screen';
import { offersFavorites } from '#shared/rules/partner-features';
import { usePartner } from '#client/lib/partner';
import { useAfterFirstPaint } from '#client/components/after-first-paint';
import type { FavoriteButtonProps } from './favorite-button';
import { HeartIcon } from './heart-icon';
import styles from './favorite-button.module.css';

// The heart's code (the favourites calls, their mutation, the sign-in prompt) is not part of the
// first screen of the pages with tiles: it loads once they have painted, its look in its place till then.
// In its own boundary: lost to the connection, the tile keeps the heart's look and gets the button back online.
const FavoriteButton = lazyScreen(() => import('./favorite-button'), 'FavoriteButton');

/**
 * The heart as it first shows (not pressed, favourite-button.tsx), inert and hidden from assistive
 * technology until the button replaces it a moment later: same box, so nothing moves.
 */
function HeartLook({ variant = 'overlay' }: Pick<FavoriteButtonProps, 'variant'>) {
  return (
    <span className={`${styles.heart} ${variant === 'inline' ? styles.inline : styles.overlay}`} aria-hidden="true">
      <HeartIcon filled={false} />
      {variant === 'inline' && <span>Favorite</span>}
    </span>
  );
}

/** The heart (favorite-button.tsx) for partners with favourites, loaded after the first paint. */
export function DeferredFavoriteButton(props: FavoriteButtonProps) {
  const partner = usePartner();
  const painted = useAfterFirstPaint();
  if (!offersFavorites(partner)) return null;
  const look = <HeartLook variant={props.variant} />;
  return painted ? <DeferredPart fallback={look} unavailable={look}><FavoriteButton {...props} /></DeferredPart> : look;
}
