/**
 * Marker clustering at scale (issue 13 item 5): builds the clusters of 100,000 restaurants once
 * (as the map does per result set) and asks for the markers of city-sized and country-sized views
 * (as the map does after each move). Prints figures; no assertion.
 * Run: node --import tsx bench/map-clusters.ts
 */
import { performance } from 'node:perf_hooks';
import { MarkerClusters, type MapPoint } from '../src/client/features/map/clusters';

const N = Number(process.env.MAP_POINTS ?? 100_000);
// Deterministic: most restaurants around 30 metro areas, the rest spread over the country.
let seed = 42;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const metros: Array<[number, number]> = Array.from({ length: 30 }, () => [30 + rnd() * 15, -120 + rnd() * 45]);
const points: MapPoint[] = Array.from({ length: N }, (_, i) => {
  if (i % 5 === 0) return { id: i + 1, latitude: 25 + rnd() * 23, longitude: -124 + rnd() * 57 };
  const [lat, lon] = metros[i % metros.length]!;
  return { id: i + 1, latitude: lat + (rnd() - 0.5) * 0.6, longitude: lon + (rnd() - 0.5) * 0.8 };
});

const t0 = performance.now();
const clusters = new MarkerClusters(points);
const build = performance.now() - t0;
const [lat, lon] = metros[1]!; // metro 0 holds none: every fifth restaurant is spread out instead
const views: Array<[string, [number, number, number, number], number]> = [
  ['country, zoom 4', [-125, 24, -66, 50], 4],
  ['region, zoom 8', [lon - 3, lat - 2, lon + 3, lat + 2], 8],
  ['city, zoom 12', [lon - 0.2, lat - 0.15, lon + 0.2, lat + 0.15], 12],
];
console.log(`clusters of ${N.toLocaleString('en-US')} restaurants built in ${build.toFixed(0)} ms (once per result set)`);
for (const [name, box, zoom] of views) {
  const runs = 200;
  let items = 0;
  const s = performance.now();
  for (let i = 0; i < runs; i += 1) items = clusters.itemsIn(box, zoom).length;
  console.log(`${name}: ${items} markers, ${((performance.now() - s) / runs).toFixed(2)} ms a view`);
}
