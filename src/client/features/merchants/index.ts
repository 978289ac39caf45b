/**
 * Restaurants (§2): the tile and the merchant page (detail view and its query).
 */
export { MerchantTile, DEFAULT_TILE_WIDTH, type MerchantTileProps } from './components/merchant-tile';
export { MerchantDetailSkeleton, MerchantDetailView } from './components/merchant-detail-view';
export { merchantDetailQueryOptions, parseMerchantId, useMerchantDetail } from './api';
