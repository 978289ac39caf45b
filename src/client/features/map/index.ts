/**
 * Public entry of the map feature for other features: the map of restaurants (search results, a
 * restaurant's location) over the offline base layer (base-layer.ts, the server's map-base) with
 * marker clusters. The map's code is loaded with the first map shown, in its own boundary
 * (map-part.tsx): Leaflet stays out of the first load, and losing it never takes the page down.
 */
export { MapView } from './components/map-part';
export type { MapArea } from './components/map-view';
