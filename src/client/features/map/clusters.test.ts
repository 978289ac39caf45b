import { describe, expect, it } from 'vitest';
import { clusterLabel, MarkerClusters, type MapPoint } from './clusters';

/** n points spread over a square of `size` degrees around a centre, deterministic. */
function grid(n: number, lat: number, lon: number, size: number, firstId = 1): MapPoint[] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => ({ id: firstId + i, latitude: lat + (Math.floor(i / side) / side - 0.5) * size, longitude: lon + ((i % side) / side - 0.5) * size }));
}

const US: [number, number, number, number] = [-125, 24, -66, 50];

describe('MarkerClusters', () => {
  it('groups a dense area into clusters whose counts add up, and splits them as one zooms in', () => {
    const points = grid(400, 40.75, -73.99, 0.02);
    const clusters = new MarkerClusters(points);
    const far = clusters.itemsIn(US, 5);
    expect(far).toHaveLength(1);
    expect(far[0]).toMatchObject({ kind: 'cluster', count: 400 });
    const near = clusters.itemsIn([-74.1, 40.7, -73.9, 40.8], 14);
    expect(near.length).toBeGreaterThan(1);
    expect(near.reduce((sum, i) => sum + (i.kind === 'cluster' ? i.count : 1), 0)).toBe(400);
    const close = clusters.itemsIn([-74.1, 40.7, -73.9, 40.8], 20);
    expect(close.length).toBeGreaterThan(0);
    expect(close.every((i) => i.kind === 'point')).toBe(true);
    expect(close).toHaveLength(400);
  });

  it('leaves lone restaurants as they are', () => {
    const clusters = new MarkerClusters([{ id: 7, latitude: 40, longitude: -100 }, { id: 8, latitude: 35, longitude: -80 }]);
    expect(clusters.itemsIn(US, 6)).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'point', id: 7 }), expect.objectContaining({ kind: 'point', id: 8 }),
    ]));
  });

  it('gives the zoom at which a cluster splits, past the current one', () => {
    const clusters = new MarkerClusters(grid(50, 41.88, -87.63, 0.05));
    const [c] = clusters.itemsIn(US, 6);
    expect(c?.kind).toBe('cluster');
    if (c?.kind !== 'cluster') return;
    const z = clusters.expansionZoom(c.clusterId);
    expect(z).toBeGreaterThan(6);
    expect(clusters.itemsIn([-88, 41.5, -87, 42.2], z).length).toBeGreaterThan(1);
  });

  it('returns only the view: 100,000 restaurants, one city in view', () => {
    const points = [...grid(50_000, 39, -96, 20), ...grid(50_000, 40.75, -73.99, 0.5, 50_001)];
    const clusters = new MarkerClusters(points);
    const items = clusters.itemsIn([-74.05, 40.7, -73.93, 40.8], 13);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(1_000);
    expect(items.every((i) => i.longitude >= -74.06 && i.longitude <= -73.92 && i.latitude >= 40.69 && i.latitude <= 40.81)).toBe(true);
    expect(clusters.itemsIn([-200, -90, 200, 90], 3).reduce((s, i) => s + (i.kind === 'cluster' ? i.count : 1), 0)).toBe(100_000);
  });

  it('names a cluster by its count', () => {
    expect(clusterLabel(1234)).toBe('1,234 restaurants here. Zoom in to see them.');
  });
});
