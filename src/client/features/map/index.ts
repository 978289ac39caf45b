import { lazy } from 'react';

/**
 * Public entry of the map feature for other features: the map of restaurants (search results, a
 * restaurant's location) over the offline base layer (base-layer.ts, the server's map-base) with
 * marker clusters. The map view is loaded lazily: Leaflet stays out of the first load.
 */
export const MapView = /* @__PURE__ */ lazy(() => import('./components/map-view'));
export type { MapArea } from './components/map-view';
