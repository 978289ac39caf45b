/**
 * Public entry of the search feature for other features: the search query and the visitor's
 * location, and the merchant carousel (content blocks). The search screen's state and parts are
 * imported by routes/search from their files; the map view is loaded lazily (Leaflet) by the map section.
 */
export { merchantSearchQueryOptions } from './api/search-api';
// §2 merchant carousel: a search shown sideways (content blocks); its code loads when one is shown.
export { MerchantCarousel } from './components/lazy-merchant-carousel';
