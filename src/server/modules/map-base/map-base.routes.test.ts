import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { createTestApp, type TestApp } from '../../test/app';
import { mapBaseUrl, STATE_FIPS, stateFile, type MapPlacesFile, type MapStateProperties } from '#shared/rules/map-base';
import { MAP_BASE_CACHE_CONTROL } from './map-base.routes';
import { stateLabelAndBox } from './map-base.build';

let root: string;
let built: TestApp;
let prebuilt: TestApp;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'map-base-'));
  // A server whose build left no files builds them itself (the real data).
  await mkdir(path.join(root, 'a', 'client'), { recursive: true });
  built = await createTestApp({ config: { clientDir: path.join(root, 'a', 'client') } });
  // A server with built files sends those, with their compressed copies, as they are.
  await mkdir(path.join(root, 'b', 'client'), { recursive: true });
  await mkdir(path.join(root, 'b', 'map-base'));
  await writeFile(path.join(root, 'b', 'map-base', 'places.json'), JSON.stringify({ places: [['Testville', -100, 40, 1234]] }));
  await writeFile(path.join(root, 'b', 'map-base', 'places.json.br'), Buffer.from('not really brotli'));
  prebuilt = await createTestApp({ config: { clientDir: path.join(root, 'b', 'client') } });
}, 120_000);

afterAll(async () => {
  await built?.close();
  await prebuilt?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.request('delta', { method: 'GET', url, headers });

function decode(res: { rawPayload: Buffer; headers: Record<string, unknown> }): unknown {
  const enc = res.headers['content-encoding'];
  const body = enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  return JSON.parse(body.toString('utf8'));
}

describe('GET /map/base/{name}.json', () => {
  it('sends the states with names, label points and boxes, compressed and cacheable', async () => {
    const res = await get(built, mapBaseUrl('states'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(MAP_BASE_CACHE_CONTROL);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.rawPayload.length).toBeLessThan(80_000);
    const topo = decode(res) as Topology<{ states: GeometryCollection<MapStateProperties> }>;
    const states = feature(topo, topo.objects.states) as FeatureCollection<Polygon | MultiPolygon, MapStateProperties>;
    expect(states.features.length).toBeGreaterThanOrEqual(51);
    const ny = states.features.find((f) => f.properties.name === 'New York')!;
    expect(ny.id).toBe(STATE_FIPS.NY);
    const [w, s, e, n] = ny.properties.bbox;
    expect(w).toBeCloseTo(-79.76, 0);
    expect(e).toBeCloseTo(-71.86, 0);
    expect(s).toBeCloseTo(40.5, 0);
    expect(n).toBeCloseTo(45.0, 0);
    const [lon, lat] = ny.properties.label;
    expect(lon > w && lon < e && lat > s && lat < n).toBe(true);
    // Alaska's box stays in the western hemisphere, or every view would load its counties.
    const ak = states.features.find((f) => f.properties.name === 'Alaska')!;
    expect(ak.properties.bbox[2]).toBeLessThan(-129);
    // Borders between states come out of the shared arcs.
    expect(mesh(topo, topo.objects.states, (a, b) => a !== b).coordinates.length).toBeGreaterThan(50);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get(built, mapBaseUrl('places'), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(built, mapBaseUrl('places'), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(gz)).toEqual(JSON.parse(plain.body));
    const { places } = JSON.parse(plain.body) as MapPlacesFile;
    expect(places[0]![0]).toBe('New York City');
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((p, i) => i === 0 || places[i - 1]![3] >= p[3])).toBe(true);
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((p) => p[3] >= 50_000)).toBe(true);
    expect(places.find((p) => p[0] === 'Denver')).toBeDefined();
  });

  it('answers 304 to a copy the browser already has', async () => {
    const first = await get(built, mapBaseUrl('land'));
    const again = await get(built, mapBaseUrl('land'), { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("sends a state's counties and places by its FIPS code", async () => {
    const counties = await get(built, mapBaseUrl(stateFile('counties', STATE_FIPS.NY!)));
    expect(counties.statusCode).toBe(200);
    const topo = decode(counties) as Topology<{ counties: GeometryCollection<{ name: string }> }>;
    const names = topo.objects.counties.geometries.map((g) => (g.properties as { name: string }).name);
    expect(names).toContain('Kings');
    expect(topo.objects.counties.geometries.length).toBeGreaterThan(0);
    expect(topo.objects.counties.geometries.every((g) => String(g.id).startsWith('36'))).toBe(true);
    const places = decode(await get(built, mapBaseUrl(stateFile('places', STATE_FIPS.NY!)))) as MapPlacesFile;
    expect(places.places.map((p) => p[0])).toContain('Harlem');
    expect(places.places.length).toBeGreaterThan(0);
    expect(places.places.every((p) => p[2] > 40 && p[2] < 45.1)).toBe(true);
  });

  it('answers 404 with a message for unknown names', async () => {
    for (const url of ['/map/base/nope.json', '/map/base/states', '/map/base/counties-99.json', '/map/base/..%2Fpackage.json', `/map/base/${'x'.repeat(70)}.json`]) {
      const res = await get(built, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: 'No such map layer.' });
    }
  });

  it('serves the files npm run build wrote, with their compressed copies', async () => {
    const br = await get(prebuilt, mapBaseUrl('places'), { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('not really brotli');
    const gz = await get(prebuilt, mapBaseUrl('places'), { 'accept-encoding': 'gzip' });
    expect(decode(gz)).toEqual({ places: [['Testville', -100, 40, 1234]] });
    expect((await get(prebuilt, mapBaseUrl('states'))).statusCode).toBe(404);
  });
});

describe('stateLabelAndBox', () => {
  it('labels the largest polygon and boxes the western-hemisphere parts only', () => {
    const square = (x: number, y: number, d: number) => [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]];
    const r = stateLabelAndBox({ type: 'MultiPolygon', coordinates: [square(-100, 40, 1), square(-90, 30, 4), square(170, 50, 2)] });
    expect(r.label).toEqual([-88, 32]);
    expect(r.bbox).toEqual([-100, 30, -86, 41]);
  });
});
