import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { MAP_AREA, searchHref } from '#shared/rules/search-query';
import styles from './merchant-detail.module.css';

/** The search map, loaded only when a detail page shows it; Leaflet stays out of the first load. */
const MapView = lazy(() => import('../../search/components/map-view'));

/** The restaurant on a map; moving the map offers to search restaurants in that area. */
export function LocationMap({ merchant }: { merchant: MerchantDetail }) {
  const navigate = useNavigate();
  const { latitude, longitude } = merchant.location;
  return (
    <div className={styles.locationMap}>
      <Suspense fallback={<div className={styles.locationMapPlaceholder} aria-hidden="true" />}>
        <MapView
          merchants={[{ ...merchant, distance: null }]}
          center={{ latitude, longitude }}
          radius={1}
          selectedId={merchant.id}
          onSelect={() => undefined}
          onSearchArea={(area) => navigate(searchHref({ location: MAP_AREA, latitude: area.latitude, longitude: area.longitude, radius: area.radius }))}
        />
      </Suspense>
    </div>
  );
}
