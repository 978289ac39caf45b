/**
 * Favourite restaurants (issue 11; docs/api-favorites.md): the heart on tiles and on the restaurant
 * page, and the member's list for the account centre.
 */
export { FavoriteButton, type FavoriteButtonProps } from './components/favorite-button';
export { FAVORITES_QUERY_KEY, useFavorites, useToggleFavorite } from './api';
