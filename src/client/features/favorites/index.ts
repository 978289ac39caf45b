/**
 * Favourite restaurants (issue 11; docs/api-favorites.md): the heart on tiles and on the restaurant
 * page, and the member's list for the account centre.
 */
// The heart as pages use it: its code loads after the first paint (deferred-favorite-button.tsx).
export { DeferredFavoriteButton as FavoriteButton } from './components/deferred-favorite-button';
export { useFavorites } from './api';
