/**
 * Restaurants (§2): the tile and the merchant page (detail view and its query).
 */
export { MerchantTile, DEFAULT_TILE_WIDTH, type MerchantTileProps } from './components/merchant-tile';
export { MerchantDetailSkeleton, MerchantDetailView, type MerchantDetailViewProps } from './components/merchant-detail-view';
export { OrderOnlineDialog, ONLINE_ORDER_NOTE } from './components/order-online-dialog';
export { BenefitDays } from './components/benefit-days';
export { merchantDetailQueryOptions, parseMerchantId, useMerchantDetail } from './api';
