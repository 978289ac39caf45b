/**
 * Public entry of the search feature: the search query and the visitor's location, the merchant
 * carousel (content blocks), and the search screen's state and parts. The map view stays out: it is
 * loaded lazily (Leaflet) by the map section.
 */
export { merchantSearchQueryOptions, useMerchantSearch } from './api/search-api';
export { useGeolocation, type GeolocationResult } from './hooks/use-geolocation';
// §2 merchant carousel: a search shown sideways (content blocks).
export { MerchantCarousel, type MerchantCarouselProps } from './components/merchant-carousel';
// The search screen (routes/search composes these).
export { useSearchPage, type SearchPage } from './hooks/use-search-page';
export { SearchBar, SearchMapSection, SearchResultsSection, SearchToolbar } from './components/search-page-parts';
export { FilterPanel } from './components/filter-panel';
export { resultCountText, searchSummary } from './search-text';
export { default as searchPageStyles } from './components/search-page.module.css';
