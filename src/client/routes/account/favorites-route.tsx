import { Link } from '#client/lib/router';
import { paths } from '#shared/routes';
import { usePartner } from '../../lib/partner';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { useFavorites } from '../../features/favorites';
import { MerchantTile } from '../../features/merchants';
import styles from './favorites.module.css';

export const FAVORITES_TITLE = 'Favorites';

/**
 * /account/favorites (partners with merchant favourites): the member's favourite restaurants,
 * newest first, as tiles whose heart removes them (docs/api-favorites.md).
 */
export function FavoritesRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${FAVORITES_TITLE} | ${partner.name}`);
  const favorites = useFavorites(Boolean(member));
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div className={styles.page}>
      <h1>{FAVORITES_TITLE}</h1>
      {favorites.isPending ? (
        <Spinner label="Loading your favorites" />
      ) : favorites.isError ? (
        <p role="alert">{`We couldn't load your favorites. ${favorites.error.message}`}</p>
      ) : favorites.data.favorites.length === 0 ? (
        <div className={styles.empty}>
          <p>You haven&apos;t saved any favorites yet. Tap the heart on a restaurant to keep it here.</p>
          <p><Link to={paths.search()}>Find restaurants</Link></p>
        </div>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {`${favorites.data.favorites.length} ${favorites.data.favorites.length === 1 ? 'restaurant' : 'restaurants'} saved`}
          </p>
          <ul className={styles.grid} aria-label="Your favorite restaurants">
            {favorites.data.favorites.map((f) => (
              <li key={f.merchant.id}>
                <MerchantTile merchant={f.merchant} headingLevel={2} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
