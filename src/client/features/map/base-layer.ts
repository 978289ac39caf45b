import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import {
  COUNTIES_MIN_ZOOM, mapBaseUrl, STATE_PLACES_MIN_ZOOM, stateFile, type MapPlacesFile, type MapStateProperties,
} from '#shared/rules/map-base';
import type { Box } from './clusters';
import type { BasePalette } from './colors';
import { placeCandidates, selectLabels, type LabelCandidate } from './places';

type StatesTopo = Topology<{ states: GeometryCollection<MapStateProperties> }>;
type CountiesTopo = Topology<{ counties: GeometryCollection<{ name: string }> }>;
type LandTopo = Topology<{ land: GeometryCollection<{ name: string }> }>;
type StateInfo = { id: string; bbox: Box };

const loaded = new Map<string, Promise<unknown>>();

/** One base-layer file, fetched once per page (a failed fetch is tried again next time). */
export function loadBaseFile<T>(name: string, fetcher: typeof fetch = fetch): Promise<T> {
  let p = loaded.get(name);
  if (!p) {
    p = fetcher(mapBaseUrl(name)).then((res) => {
      if (!res.ok) throw new Error(`Map layer ${name}: ${res.status}`);
      return res.json() as Promise<unknown>;
    });
    p.catch(() => loaded.delete(name));
    loaded.set(name, p);
  }
  return p as Promise<T>;
}

/** Forgets fetched files (tests). */
export function resetBaseFiles() {
  loaded.clear();
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** The per-state files a view needs: counties from COUNTIES_MIN_ZOOM, all places from STATE_PLACES_MIN_ZOOM. */
export function stateFilesFor(view: { zoom: number; box: Box }, states: readonly StateInfo[]): string[] {
  const files: string[] = [];
  if (view.zoom < COUNTIES_MIN_ZOOM) return files;
  for (const s of states) {
    if (!overlaps(view.box, s.bbox)) continue;
    files.push(stateFile('counties', s.id));
    if (view.zoom >= STATE_PLACES_MIN_ZOOM) files.push(stateFile('places', s.id));
  }
  return files;
}

function createPane(map: L.Map, name: string, zIndex: number): HTMLElement {
  const pane = map.getPane(name) ?? map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
  return pane;
}

/**
 * Draws the offline base layer on a map: water (the map's background), the neighbouring countries,
 * the states (land, borders, coast), county lines from zoom 7 and the names of states and places,
 * fewer as one zooms out. Vector layers on one canvas; files load as the view needs them.
 * Returns a function that removes it all.
 */
/** Credit for the base layer's data (GeoNames' place names are CC BY 4.0, which asks for it). */
export const BASE_LAYER_ATTRIBUTION = 'Places © GeoNames (CC BY 4.0) · Boundaries: U.S. Census Bureau, Natural Earth';

export function addBaseLayer(map: L.Map, opts: { palette: BasePalette; labelClass: string; stateLabelClass: string; fetcher?: typeof fetch }): () => void {
  const { palette } = opts;
  let stopped = false;
  const container = map.getContainer();
  const previousBackground = container.style.backgroundColor;
  container.style.backgroundColor = palette.water;
  // The plain grid the map shows without any layer would read as lines on the water.
  container.style.backgroundImage = 'none';
  container.dataset.baseLayer = 'loading';
  map.attributionControl?.setPrefix(false).addAttribution(BASE_LAYER_ATTRIBUTION);
  createPane(map, 'mapBase', 150);
  const labelsPane = createPane(map, 'mapLabels', 450);
  // Names of places are context a sighted reader takes in at a glance; the region's label and the
  // markers carry what a screen-reader user needs.
  labelsPane.setAttribute('aria-hidden', 'true');
  const renderer = L.canvas({ pane: 'mapBase', padding: 0.3 });
  const group = L.layerGroup().addTo(map);
  const countyGroup = L.layerGroup();
  const labelGroup = L.layerGroup().addTo(map);
  const countyLayers = new Map<string, L.LayerGroup>();
  const statePlaces = new Map<string, MapPlacesFile>();
  let states: StateInfo[] = [];
  let stateLabels: LabelCandidate[] = [];
  let national: MapPlacesFile = { places: [] };
  const load = <T,>(name: string) => loadBaseFile<T>(name, opts.fetcher);
  const geo = (data: Parameters<typeof L.geoJSON>[0], style: L.PathOptions) =>
    L.geoJSON(data, { renderer, interactive: false, style: () => ({ ...style, interactive: false }) } as L.GeoJSONOptions);

  const drawLabels = () => {
    if (stopped) return;
    labelGroup.clearLayers();
    const size = map.getSize();
    const zoom = map.getZoom();
    const candidates = [...stateLabels, ...placeCandidates([national.places, ...[...statePlaces.values()].map((f) => f.places)])];
    const labels = selectLabels(candidates, {
      zoom, width: size.x, height: size.y,
      project: (lat, lon) => map.latLngToContainerPoint([lat, lon]),
    });
    for (const l of labels) {
      labelGroup.addLayer(L.marker([l.lat, l.lon], {
        pane: 'mapLabels', interactive: false, keyboard: false,
        icon: L.divIcon({ className: l.kind === 'state' ? opts.stateLabelClass : opts.labelClass, html: `<span>${escapeHtml(l.name)}</span>`, iconSize: [0, 0] }),
      }));
    }
  };

  const update = () => {
    if (stopped) return;
    const zoom = map.getZoom();
    const b = map.getBounds();
    const files = stateFilesFor({ zoom, box: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] }, states);
    if (zoom >= COUNTIES_MIN_ZOOM) countyGroup.addTo(map); else countyGroup.remove();
    for (const name of files) {
      if (name.startsWith('counties-') && !countyLayers.has(name)) {
        countyLayers.set(name, L.layerGroup());
        void load<CountiesTopo>(name).then((topo) => {
          if (stopped) return;
          const lines = mesh(topo, topo.objects.counties, (a, b2) => a !== b2);
          countyLayers.get(name)!.addTo(countyGroup).addLayer(geo(lines, { color: palette.countyBorder, weight: 0.8, opacity: 1, dashArray: '3 3' }));
        }).catch(() => countyLayers.delete(name));
      } else if (name.startsWith('places-') && !statePlaces.has(name)) {
        statePlaces.set(name, { places: [] });
        void load<MapPlacesFile>(name).then((f) => { statePlaces.set(name, f); drawLabels(); }).catch(() => statePlaces.delete(name));
      }
    }
    drawLabels();
  };

  void Promise.all([load<LandTopo>('land'), load<StatesTopo>('states'), load<MapPlacesFile>('places')]).then(([land, topo, places]) => {
    if (stopped) return;
    group.addLayer(geo(feature(land, land.objects.land), { stroke: false, fillColor: palette.neighbours, fillOpacity: 1 }));
    const fc = feature(topo, topo.objects.states) as FeatureCollection<Polygon | MultiPolygon, MapStateProperties>;
    group.addLayer(geo(fc, { stroke: false, fillColor: palette.land, fillOpacity: 1 }));
    group.addLayer(geo(mesh(topo, topo.objects.states, (a, b) => a === b), { color: palette.coast, weight: 1, opacity: 1 }));
    group.addLayer(geo(mesh(topo, topo.objects.states, (a, b) => a !== b), { color: palette.stateBorder, weight: 1.6, opacity: 1 }));
    states = fc.features.map((f) => ({ id: String(f.id), bbox: f.properties.bbox }));
    stateLabels = fc.features.map((f) => ({ name: f.properties.name, lon: f.properties.label[0], lat: f.properties.label[1], rank: 0, kind: 'state' as const }));
    national = places;
    container.dataset.baseLayer = 'ready';
    update();
  }).catch(() => {
    // Without the files the map keeps its plain background: markers and the search still work.
    if (!stopped) container.dataset.baseLayer = 'unavailable';
  });

  map.on('moveend', update);
  return () => {
    stopped = true;
    map.attributionControl?.removeAttribution(BASE_LAYER_ATTRIBUTION);
    map.off('moveend', update);
    group.remove();
    countyGroup.remove();
    labelGroup.remove();
    container.style.backgroundColor = previousBackground;
    container.style.backgroundImage = '';
    delete container.dataset.baseLayer;
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
