import Supercluster, { type ClusterProperties } from 'supercluster';

/** A point of the map: one restaurant. */
export type MapPoint = { id: number; latitude: number; longitude: number };

export type ClusterItem =
  | { kind: 'cluster'; key: string; clusterId: number; count: number; latitude: number; longitude: number }
  | { kind: 'point'; key: string; id: number; latitude: number; longitude: number };

/** West, south, east, north. */
export type Box = [number, number, number, number];

/** Markers closer than this (pixels) join one cluster; clusters stop below MAX_CLUSTER_ZOOM. */
export const CLUSTER_RADIUS = 44;
export const MAX_CLUSTER_ZOOM = 16;

/**
 * Clusters of a result set, built once per set (supercluster: a k-d tree per zoom level), then
 * asked for the items of each view, so only what the view shows becomes markers.
 */
export class MarkerClusters {
  private readonly index: Supercluster<{ id: number }, Record<string, never>>;

  constructor(points: readonly MapPoint[]) {
    this.index = new Supercluster<{ id: number }, Record<string, never>>({ radius: CLUSTER_RADIUS, maxZoom: MAX_CLUSTER_ZOOM, minPoints: 2 });
    this.index.load(points.map((p) => ({
      type: 'Feature',
      properties: { id: p.id },
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })));
  }

  /** The clusters and lone restaurants inside the box at this zoom. */
  itemsIn(box: Box, zoom: number): ClusterItem[] {
    const [w, s, e, n] = box;
    // supercluster wants longitudes within ±180 and latitudes within ±85.
    const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v));
    const bbox: Box = e - w >= 360 ? [-180, clamp(s, 85), 180, clamp(n, 85)] : [clamp(w, 180), clamp(s, 85), clamp(e, 180), clamp(n, 85)];
    return this.index.getClusters(bbox, Math.max(0, Math.min(Math.floor(zoom), MAX_CLUSTER_ZOOM + 1))).map((f) => {
      const [longitude, latitude] = f.geometry.coordinates as [number, number];
      const p = f.properties as Partial<ClusterProperties> & { id?: number };
      if (p.cluster && p.cluster_id !== undefined) {
        return { kind: 'cluster', key: `c${p.cluster_id}`, clusterId: p.cluster_id, count: p.point_count ?? 0, latitude, longitude };
      }
      return { kind: 'point', key: `p${p.id}`, id: p.id!, latitude, longitude };
    });
  }

  /** The zoom at which a cluster splits up. */
  expansionZoom(clusterId: number): number {
    return Math.min(this.index.getClusterExpansionZoom(clusterId), MAX_CLUSTER_ZOOM + 1);
  }
}

/** The words of a cluster marker for assistive technology. */
export function clusterLabel(count: number): string {
  return `${count.toLocaleString('en-US')} restaurants here. Zoom in to see them.`;
}
