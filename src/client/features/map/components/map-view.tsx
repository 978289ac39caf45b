import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { areaFromBounds, type Coordinates } from '#shared/rules/geolocation';
import { usePartner } from '#client/lib/partner';
import { addBaseLayer } from '../base-layer';
import { clusterLabel, MarkerClusters, type Box, type ClusterItem } from '../clusters';
import { basePalette } from '../colors';
import styles from './map-view.module.css';

export type MapArea = { latitude: number; longitude: number; radius: number };

export type MapViewProps = {
  merchants: readonly MerchantSummary[];
  /** Centre and radius (miles) of the search shown. */
  center: Coordinates;
  radius: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onSearchArea: (area: MapArea) => void;
  /**
   * The chosen restaurant's card, shown over the lower part of the map (phones: on screen, not
   * below the fold); Escape or its close button calls onCloseCard.
   */
  selectedCard?: ReactNode;
  onCloseCard?: () => void;
};

type Select = (id: number, from?: HTMLElement | null) => void;

/**
 * Framing the results stops at this zoom on the app's own base layer: it has no streets, so closer
 * in a view could show nothing to recognise; a few miles show the shores and the places around.
 */
const BASE_LAYER_FIT_MAX_ZOOM = 13;

/** A zoom level that shows roughly the given radius around the centre. */
export function zoomForRadius(radius: number): number {
  return Math.min(17, Math.max(3, Math.round(13.5 - Math.log2(Math.max(0.1, radius)))));
}

function markerLabel(m: MerchantSummary): string {
  const parts = [m.name];
  if (m.details.cuisines.length) parts.push(m.details.cuisines.join(' / '));
  if (m.distance !== null) parts.push(`${m.distance.toFixed(1)} miles away`);
  return parts.join(', ');
}

/**
 * §2 map of the results (lazy-loaded with Leaflet). With a configured tile URL it shows those
 * tiles; without one it draws the app's own base layer (states, counties, water, place names)
 * from /map/base. Nearby markers join clusters that zoom in when activated.
 */
export default function MapView({ merchants, center, radius, selectedId, onSelect, onSearchArea, selectedCard, onCloseCard }: MapViewProps) {
  const partner = usePartner();
  const [map, setMap] = useState<L.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const lastMarker = useRef<HTMLElement | null>(null);
  const openedBy = useRef<'marker' | null>(null);
  const onSelectRef = useRef<Select>(() => undefined);
  useEffect(() => {
    onSelectRef.current = (id, from) => {
      lastMarker.current = from ?? null;
      openedBy.current = 'marker';
      onSelect(id);
    };
  }, [onSelect]);

  const searchArea = () => {
    if (!map) return;
    const b = map.getBounds();
    const area = areaFromBounds({ north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() });
    setMoved(false);
    onSearchArea({ latitude: area.center.latitude, longitude: area.center.longitude, radius: area.radius });
  };

  const closeCard = () => {
    onCloseCard?.();
    const back = lastMarker.current;
    if (back?.isConnected) back.focus();
    else map?.getContainer().focus();
  };

  return (
    <div className={styles.wrap} onKeyDown={(e) => { if (e.key === 'Escape' && selectedCard && onCloseCard) { e.preventDefault(); closeCard(); } }}>
      <MapContainer
        ref={setMap}
        className={styles.map}
        center={[center.latitude, center.longitude]}
        zoom={zoomForRadius(radius)}
        scrollWheelZoom
        keyboard
      >
        {partner.mapTileUrl ? <TileLayer url={partner.mapTileUrl} /> : <BaseLayer />}
        <MapA11y />
        <FitView merchants={merchants} center={center} radius={radius} maxZoom={partner.mapTileUrl ? 15 : BASE_LAYER_FIT_MAX_ZOOM} onUserMove={() => setMoved(true)} />
        <ClusteredMarkers merchants={merchants} selectedId={selectedId} onSelectRef={onSelectRef} />
      </MapContainer>
      {moved && (
        <button type="button" className={styles.searchArea} onClick={searchArea}>
          Search this area
        </button>
      )}
      {selectedCard && (
        <SelectedCard onClose={onCloseCard ? closeCard : undefined} focusOnOpen={openedBy} selectedId={selectedId}>
          {selectedCard}
        </SelectedCard>
      )}
    </div>
  );
}

/** The chosen restaurant over the map: scrolled into view and focused when a marker opened it. */
function SelectedCard({ children, onClose, focusOnOpen, selectedId }: { children: ReactNode; onClose?: () => void; focusOnOpen: RefObject<'marker' | null>; selectedId: number | null }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
    if (focusOnOpen.current === 'marker') {
      focusOnOpen.current = null;
      el.focus({ preventScroll: true });
    }
  }, [selectedId, focusOnOpen]);
  return (
    <section ref={ref} className={styles.sheet} aria-label="Selected restaurant" tabIndex={-1}>
      {onClose && (
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label="Close the selected restaurant">
          <span aria-hidden="true">×</span>
        </button>
      )}
      <div className={styles.sheetBody}>{children}</div>
    </section>
  );
}

/** The app's own base layer, in the partner's colours, while no tile URL is configured. */
function BaseLayer() {
  const map = useMap();
  const { theme } = usePartner();
  useEffect(() => addBaseLayer(map, {
    palette: basePalette(theme),
    labelClass: styles.placeLabel!,
    stateLabelClass: styles.stateLabel!,
  }), [map, theme]);
  return null;
}

/** Names the focusable map container for assistive technology. */
function MapA11y() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', 'Map of results. Arrow keys pan, plus and minus zoom; Tab moves to the restaurant markers.');
  }, [map]);
  return null;
}

/** Frames the results whenever they change; later moves by the user reveal 'Search this area'. */
function FitView({ merchants, center, radius, maxZoom, onUserMove }: { merchants: readonly MerchantSummary[]; center: Coordinates; radius: number; maxZoom: number; onUserMove: () => void }) {
  const map = useMap();
  const programmatic = useRef(false);
  const key = `${center.latitude},${center.longitude},${radius}|${merchants.map((m) => m.id).join(',')}`;
  useMapEvents({
    movestart: () => { if (!programmatic.current) onUserMove(); },
    zoomstart: () => { if (!programmatic.current) onUserMove(); },
  });
  const fit = () => {
    programmatic.current = true;
    try {
      const points = merchants.map((m) => L.latLng(m.location.latitude, m.location.longitude));
      if (points.length > 0) {
        map.fitBounds(L.latLngBounds(points).extend([center.latitude, center.longitude]), { padding: [32, 32], maxZoom, animate: false });
      } else {
        map.setView([center.latitude, center.longitude], zoomForRadius(radius), { animate: false });
      }
    } finally {
      programmatic.current = false;
    }
  };
  const fitRef = useRef(fit);
  useEffect(() => { fitRef.current = fit; });
  // key captures merchants, centre and radius.
  useEffect(() => { fitRef.current(); }, [map, key]);
  // The container may change size after mount (layout, list/map toggle, window resize).
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const el = map.getContainer();
    let last = `${el.clientWidth}x${el.clientHeight}`;
    const ro = new ResizeObserver(() => {
      const size = `${el.clientWidth}x${el.clientHeight}`;
      if (size === last) return;
      last = size;
      programmatic.current = true;
      map.invalidateSize({ animate: false });
      programmatic.current = false;
      fitRef.current();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  return null;
}

/** The view's box, a fifth wider on each side so a short pan finds its markers already there. */
function viewOf(map: L.Map): { box: Box; zoom: number } {
  const b = map.getBounds().pad(0.2);
  return { box: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
}

/**
 * The markers of the view: clusters are built once per result set, and only the clusters and
 * restaurants of the view (asked again after each move) become markers.
 */
function ClusteredMarkers({ merchants, selectedId, onSelectRef }: { merchants: readonly MerchantSummary[]; selectedId: number | null; onSelectRef: RefObject<Select> }) {
  const map = useMap();
  const clusters = useMemo(() => new MarkerClusters(merchants.map((m) => ({ id: m.id, latitude: m.location.latitude, longitude: m.location.longitude }))), [merchants]);
  const byId = useMemo(() => new Map(merchants.map((m) => [m.id, m])), [merchants]);
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });
  const items = useMemo(() => clusters.itemsIn(view.box, view.zoom), [clusters, view]);
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const selectedShown = items.some((i) => i.kind === 'point' && i.id === selectedId);
  return (
    <>
      {items.map((item) => {
        if (item.kind === 'cluster') return <ClusterMarker key={item.key} item={item} clusters={clusters} />;
        const m = byId.get(item.id);
        return m ? <MerchantMarker key={item.key} merchant={m} selected={m.id === selectedId} onSelectRef={onSelectRef} /> : null;
      })}
      {/* The chosen restaurant stays visible even where its neighbours are clustered. */}
      {selected && !selectedShown && <MerchantMarker key={`s${selected.id}`} merchant={selected} selected onSelectRef={onSelectRef} />}
    </>
  );
}

function clusterSize(count: number): number {
  return count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 48 : 56;
}

/** A cluster: a button with its count; activating it zooms in until it splits. */
function ClusterMarker({ item, clusters }: { item: Extract<ClusterItem, { kind: 'cluster' }>; clusters: MarkerClusters }) {
  const map = useMap();
  const size = clusterSize(item.count);
  const icon = useMemo(() => L.divIcon({
    className: styles.cluster,
    html: `<span aria-hidden="true">${item.count.toLocaleString('en-US')}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  }), [item.count, size]);
  const label = clusterLabel(item.count);
  const zoomIn = (fromKeyboard: boolean) => {
    map.setView([item.latitude, item.longitude], Math.max(map.getZoom() + 1, clusters.expansionZoom(item.clusterId)));
    // The cluster's marker goes away as it splits: keep the keyboard on the map.
    if (fromKeyboard) map.getContainer().focus();
  };
  const zoomRef = useRef(zoomIn);
  useEffect(() => { zoomRef.current = zoomIn; });
  return (
    <Marker
      position={[item.latitude, item.longitude]}
      icon={icon}
      keyboard
      title={label}
      zIndexOffset={500}
      eventHandlers={{
        click: () => zoomRef.current(false),
        add: (e) => {
          const el = (e.target as L.Marker).getElement();
          if (!el) return;
          el.setAttribute('role', 'button');
          el.setAttribute('aria-label', label);
          el.removeAttribute('title');
          el.addEventListener('keydown', (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              zoomRef.current(true);
            }
          });
        },
      }}
    />
  );
}

function MerchantMarker({ merchant, selected, onSelectRef }: { merchant: MerchantSummary; selected: boolean; onSelectRef: RefObject<Select> }) {
  const markerRef = useRef<L.Marker | null>(null);
  const icon = useMemo(() => L.divIcon({
    className: `${styles.marker} ${selected ? styles.selected : ''}`,
    html: '<span aria-hidden="true"></span>',
    iconSize: selected ? [30, 30] : [22, 22],
    iconAnchor: selected ? [15, 15] : [11, 11],
  }), [selected]);
  const label = markerLabel(merchant);

  useEffect(() => {
    const el = markerRef.current?.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-pressed', String(selected));
  }, [label, selected, icon]);

  return (
    <Marker
      ref={markerRef}
      position={[merchant.location.latitude, merchant.location.longitude]}
      icon={icon}
      keyboard
      title={merchant.name}
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={{
        click: (e) => onSelectRef.current(merchant.id, (e.target as L.Marker).getElement()),
        add: (e) => {
          const el = (e.target as L.Marker).getElement();
          if (!el) return;
          el.setAttribute('role', 'button');
          el.setAttribute('aria-label', label);
          el.setAttribute('aria-pressed', String(selected));
          el.dataset.merchantId = String(merchant.id);
          el.addEventListener('keydown', (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              onSelectRef.current(merchant.id, el);
            }
          });
        },
      }}
    />
  );
}
