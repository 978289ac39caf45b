/**
 * Restaurants (§2): the tile and the merchant page (detail view and its query).
 */
export { MerchantTile } from './components/merchant-tile';
export { MerchantDetailSkeleton, MerchantDetailView } from './components/merchant-detail-view';
export { OrderOnlineDialog } from './components/order-online-dialog';
export { parseMerchantId, useMerchantDetail } from './api';
