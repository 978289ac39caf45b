/**
 * Public entry of the search feature for other features (the merchant carousel): the search query
 * and the visitor's location. The map view is left out: it is loaded lazily (Leaflet) by path.
 */
export { merchantSearchQueryOptions, useMerchantSearch } from './api/search-api';
export { useGeolocation, type GeolocationResult } from './hooks/use-geolocation';
