import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { MerchantSummary } from '#shared/schemas/merchant';
import { areaFromBounds, type Coordinates } from '#shared/rules/geolocation';
import { usePartner } from '#client/lib/partner';
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
};

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
 * §2 map of the results (lazy-loaded with Leaflet). Works without tiles: markers are plain
 * div icons on a neutral background; a tile layer is added only when the partner configures one.
 */
export default function MapView({ merchants, center, radius, selectedId, onSelect, onSearchArea }: MapViewProps) {
  const partner = usePartner();
  const [map, setMap] = useState<L.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const onSelectRef = useRef(onSelect);
  useEffect(() => { onSelectRef.current = onSelect; }, [onSelect]);

  const searchArea = () => {
    if (!map) return;
    const b = map.getBounds();
    const area = areaFromBounds({ north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() });
    setMoved(false);
    onSearchArea({ latitude: area.center.latitude, longitude: area.center.longitude, radius: area.radius });
  };

  return (
    <div className={styles.wrap}>
      <MapContainer
        ref={setMap}
        className={styles.map}
        center={[center.latitude, center.longitude]}
        zoom={zoomForRadius(radius)}
        scrollWheelZoom
        keyboard
        attributionControl={Boolean(partner.mapTileUrl)}
      >
        {partner.mapTileUrl && <TileLayer url={partner.mapTileUrl} />}
        <MapA11y />
        <FitView merchants={merchants} center={center} radius={radius} onUserMove={() => setMoved(true)} />
        {merchants.map((m) => (
          <MerchantMarker key={m.id} merchant={m} selected={m.id === selectedId} onSelectRef={onSelectRef} />
        ))}
      </MapContainer>
      {moved && (
        <button type="button" className={styles.searchArea} onClick={searchArea}>
          Search this area
        </button>
      )}
    </div>
  );
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
function FitView({ merchants, center, radius, onUserMove }: { merchants: readonly MerchantSummary[]; center: Coordinates; radius: number; onUserMove: () => void }) {
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
        map.fitBounds(L.latLngBounds(points).extend([center.latitude, center.longitude]), { padding: [32, 32], maxZoom: 15, animate: false });
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

function MerchantMarker({ merchant, selected, onSelectRef }: { merchant: MerchantSummary; selected: boolean; onSelectRef: RefObject<(id: number) => void> }) {
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
        click: () => onSelectRef.current(merchant.id),
        add: (e) => {
          const el = (e.target as L.Marker).getElement();
          if (!el) return;
          el.setAttribute('aria-label', label);
          el.setAttribute('aria-pressed', String(selected));
          el.addEventListener('keydown', (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault();
              onSelectRef.current(merchant.id);
            }
          });
        },
      }}
    />
  );
}
