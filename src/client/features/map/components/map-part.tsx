import type { ReactNode } from 'react';
import { DeferredPart } from '#client/components/deferred-part';
import { TurnTaken } from '#client/components/idle-turns';
import { lazyScreen } from '#client/components/lazy-screen';
import type { MapViewProps } from './map-view';
import styles from './map-part.module.css';

/** Leaflet and the map's code load with the first map shown, not with the page. */
const LoadedMap = lazyScreen(() => import('./map-view'), 'default');

const MAP_UNAVAILABLE = 'The map couldn\u2019t load. It will load by itself when you\u2019re back online.';

/**
 * The map of restaurants as a part of its page: while its code loads, `loading` is in its place;
 * if the connection drops before the code arrives, the page keeps what it shows (the results, the
 * restaurant) and says the map will come, and the map loads once the connection is back.
 * `onDrawn` is called once the map is drawn (its code arrived), e.g. to end its idle turn.
 */
export function MapView({ loading, onDrawn, ...props }: MapViewProps & { loading: ReactNode; onDrawn?: () => void }) {
  return (
    <DeferredPart fallback={loading} unavailable={<p className={styles.unavailable}>{MAP_UNAVAILABLE}</p>}>
      <LoadedMap {...props} />
      {onDrawn && <TurnTaken onTaken={onDrawn} />}
    </DeferredPart>
  );
}
