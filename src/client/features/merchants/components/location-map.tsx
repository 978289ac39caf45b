import { useRef } from 'react';
import { useNavigate } from '#client/lib/router';
import type { MerchantDetail } from '#shared/schemas/merchant';
import { MAP_AREA, searchHref } from '#shared/rules/search-query';
import { useNearViewport } from '#client/components/use-near-viewport';
import { MapView } from '../../map';
import styles from './merchant-detail.module.css';

/**
 * The restaurant on a map; moving the map offers to search restaurants in that area. Below the
 * fold on a phone, so the map (its code, tiles and base layer) loads when the reader scrolls near
 * it, not while the page's first screen is still coming in; its box is reserved meanwhile.
 */
export function LocationMap({ merchant }: { merchant: MerchantDetail }) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const { latitude, longitude } = merchant.location;
  const placeholder = <div className={styles.locationMapPlaceholder} aria-hidden="true" />;
  return (
    <div className={styles.locationMap} ref={box}>
      {near ? (
          <MapView
            loading={placeholder}
            merchants={[{ ...merchant, distance: null }]}
            center={{ latitude, longitude }}
            radius={1}
            selectedId={merchant.id}
            onSelect={() => undefined}
            onSearchArea={(area) => navigate(searchHref({ location: MAP_AREA, latitude: area.latitude, longitude: area.longitude, radius: area.radius }))}
          />
      ) : placeholder}
    </div>
  );
}
