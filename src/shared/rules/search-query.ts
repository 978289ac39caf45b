import { CURRENT_LOCATION, FEATURES, MEALS, SORTS, type Feature, type Meal, type SortBy } from '../constants/merchant';
import type { MerchantSearchRequest } from '../schemas/merchant';
import { paths } from '../routes';
import { roundCoordinate, type Coordinates } from './geolocation';

/** The label of a "Search this area" search: a map centre and radius instead of a place. */
export const MAP_AREA = 'Map area';
/** §7: a carousel asks for 15 merchants. */
export const CAROUSEL_PAGE_SIZE = 15;
/** Results per page on the search screen. */
export const SEARCH_PAGE_SIZE = 20;
/** Decimals kept for a map-area centre (about 10 m); current location keeps 2 (§4). */
const MAP_AREA_DECIMALS = 4;

/** What the search screen (and a carousel's query) asks for; also what the URL holds. */
export type SearchState = {
  /** City, state or ZIP; or CURRENT_LOCATION; or MAP_AREA (with latitude/longitude/radius). */
  location?: string;
  latitude?: number;
  longitude?: number;
  /** Miles. */
  radius?: number;
  restaurantOrCuisine?: string;
  acclaimed?: boolean;
  benefitsFor?: boolean;
  isNew?: boolean;
  reservations?: boolean;
  features?: Feature[];
  mealsServed?: Meal[];
  priceRange?: number[];
  sortBy?: SortBy;
  pageNo?: number;
  campaignCode?: string;
};

export type FilterState = Pick<SearchState, 'acclaimed' | 'benefitsFor' | 'isNew' | 'reservations' | 'features' | 'mealsServed' | 'priceRange' | 'sortBy'>;
export const FILTER_KEYS = ['acclaimed', 'benefitsFor', 'isNew', 'reservations', 'features', 'mealsServed', 'priceRange', 'sortBy'] as const satisfies ReadonlyArray<keyof FilterState>;
const BOOL_KEYS = ['acclaimed', 'benefitsFor', 'isNew', 'reservations'] as const;

const trimmed = (s: string | undefined | null) => (typeof s === 'string' ? s.trim() : '');

export function isCurrentLocation(state: Pick<SearchState, 'location'>): boolean {
  return trimmed(state.location).toLowerCase() === CURRENT_LOCATION.toLowerCase();
}

/** A search by explicit coordinates ("Search this area", or coordinates in the URL). */
export function isCoordinateSearch(state: SearchState): boolean {
  return !isCurrentLocation(state) && isFiniteNumber(state.latitude) && isFiniteNumber(state.longitude);
}

function isFiniteNumber(n: unknown): n is number {
  // Stryker disable next-line ConditionalExpression: equivalent for the typeof check — Number.isFinite is false for anything but a number; typeof narrows the type
  return typeof n === 'number' && Number.isFinite(n);
}

/** Whether the state names somewhere to search (text place, current location or coordinates). */
export function hasSearchLocation(state: SearchState): boolean {
  return isCurrentLocation(state) || isCoordinateSearch(state) || trimmed(state.location).length > 0;
}

export type BuildOptions = {
  /** The resolved current location, needed when location is CURRENT_LOCATION. */
  currentLocation?: Coordinates | null;
  pageSize?: number;
};

const uniqueSorted = <T extends string | number>(list: readonly T[] | undefined, allowed?: readonly T[]): T[] =>
  // Stryker disable next-line ArrayDeclaration: equivalent — a list is missing only where an allowed list is given, which filters a placeholder out
  [...new Set((list ?? []).filter((v) => (allowed ? allowed.includes(v) : true)))].sort((a, b) =>
    allowed ? allowed.indexOf(a) - allowed.indexOf(b) : Number(a) - Number(b));

/**
 * §7 merchant search request from UI state: undefined, empty and off values are omitted; Current
 * Location becomes latitude/longitude rounded to 2 decimals. Returns null when there is nowhere to
 * search yet (no place typed, or current location not resolved).
 */
export function buildSearchRequest(state: SearchState, opts: BuildOptions = {}): MerchantSearchRequest | null {
  const req: MerchantSearchRequest = {};
  if (isCurrentLocation(state)) {
    if (!opts.currentLocation) return null;
    req.location = CURRENT_LOCATION;
    req.latitude = roundCoordinate(opts.currentLocation.latitude);
    req.longitude = roundCoordinate(opts.currentLocation.longitude);
  } else if (isCoordinateSearch(state)) {
    const label = trimmed(state.location);
    if (label) req.location = label;
    req.latitude = roundCoordinate(state.latitude!, MAP_AREA_DECIMALS);
    req.longitude = roundCoordinate(state.longitude!, MAP_AREA_DECIMALS);
  } else {
    const place = trimmed(state.location);
    if (!place) return null;
    req.location = place;
  }
  if (isFiniteNumber(state.radius) && state.radius > 0) req.radius = Math.round(state.radius * 10) / 10;
  const cuisine = trimmed(state.restaurantOrCuisine);
  if (cuisine) req.restaurantOrCuisine = cuisine;
  for (const key of BOOL_KEYS) if (state[key] === true) req[key] = 'true';
  const features = uniqueSorted(state.features, FEATURES);
  if (features.length) req.features = features;
  const meals = uniqueSorted(state.mealsServed, MEALS);
  if (meals.length) req.mealsServed = meals;
  // Stryker disable next-line ArrayDeclaration: equivalent — a placeholder string is not an integer and is filtered out
  const prices = uniqueSorted((state.priceRange ?? []).filter((p) => Number.isInteger(p) && p >= 1 && p <= 4));
  if (prices.length) req.priceRange = prices.map(String);
  if (state.sortBy && SORTS.includes(state.sortBy)) req.sortBy = state.sortBy;
  req.pageNo = isFiniteNumber(state.pageNo) && state.pageNo >= 1 ? Math.floor(state.pageNo) : 1;
  req.pageSize = opts.pageSize ?? SEARCH_PAGE_SIZE;
  const campaign = trimmed(state.campaignCode);
  if (campaign) req.campaignCode = campaign;
  return req;
}

/** Request for a merchant carousel (§7: pageSize 15, first page). */
export function buildCarouselRequest(state: SearchState, currentLocation?: Coordinates | null): MerchantSearchRequest | null {
  return buildSearchRequest({ ...state, pageNo: 1 }, { currentLocation, pageSize: CAROUSEL_PAGE_SIZE });
}

const TRUE_VALUES = new Set(['true', '1']);
const num = (v: string | null | undefined): number | undefined => {
  if (v === null || v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};
const list = (values: string[]) => values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

type ParamsLike = URLSearchParams | string | Record<string, string | string[] | undefined>;

function toParams(input: ParamsLike): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (typeof input === 'string') return new URLSearchParams(input.startsWith('?') ? input.slice(1) : input);
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) p.append(k, item);
  }
  return p;
}

/**
 * Search state from a URL query string (or a carousel's query record). Unknown or malformed values
 * are dropped rather than failing, so a hand-edited or old link still opens the search.
 */
export function parseSearchState(input: ParamsLike): SearchState {
  const p = toParams(input);
  const state: SearchState = {};
  const location = trimmed(p.get('location'));
  if (location) state.location = isCurrentLocation({ location }) ? CURRENT_LOCATION : location.slice(0, 100);
  const lat = num(p.get('latitude'));
  const lng = num(p.get('longitude'));
  if (lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !isCurrentLocation(state)) {
    state.latitude = lat;
    state.longitude = lng;
    state.location ??= MAP_AREA;
  }
  const radius = num(p.get('radius'));
  if (radius !== undefined && radius >= 0.1 && radius <= 100) state.radius = radius;
  const cuisine = trimmed(p.get('restaurantOrCuisine'));
  if (cuisine) state.restaurantOrCuisine = cuisine.slice(0, 100);
  for (const key of BOOL_KEYS) {
    const v = p.get(key);
    if (v !== null && TRUE_VALUES.has(v.toLowerCase())) state[key] = true;
  }
  const features = uniqueSorted(list(p.getAll('features')) as Feature[], FEATURES);
  if (features.length) state.features = features;
  const meals = uniqueSorted(list(p.getAll('mealsServed')) as Meal[], MEALS);
  if (meals.length) state.mealsServed = meals;
  const prices = uniqueSorted(list(p.getAll('priceRange')).map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= 4));
  if (prices.length) state.priceRange = prices;
  const sortBy = p.get('sortBy');
  if (sortBy && (SORTS as readonly string[]).includes(sortBy)) state.sortBy = sortBy as SortBy;
  const page = num(p.get('pageNo'));
  if (page !== undefined && Number.isInteger(page) && page > 1 && page <= 10000) state.pageNo = page;
  const campaign = trimmed(p.get('campaignCode'));
  if (campaign && /^[A-Za-z0-9_-]{1,40}$/.test(campaign)) state.campaignCode = campaign;
  return state;
}

/**
 * URL query string (without '?') for a search state, in a stable key order. Current location is
 * kept as the word, not coordinates, so a shared link asks the visitor's own browser.
 */
export function serialiseSearchState(state: SearchState): string {
  const p = new URLSearchParams();
  const location = trimmed(state.location);
  if (isCurrentLocation(state)) p.append('location', CURRENT_LOCATION);
  else if (location) p.append('location', location);
  if (isCoordinateSearch(state)) {
    p.append('latitude', String(roundCoordinate(state.latitude!, MAP_AREA_DECIMALS)));
    p.append('longitude', String(roundCoordinate(state.longitude!, MAP_AREA_DECIMALS)));
  }
  if (isFiniteNumber(state.radius) && state.radius > 0) p.append('radius', String(Math.round(state.radius * 10) / 10));
  const cuisine = trimmed(state.restaurantOrCuisine);
  if (cuisine) p.append('restaurantOrCuisine', cuisine);
  for (const key of BOOL_KEYS) if (state[key] === true) p.append(key, 'true');
  for (const f of uniqueSorted(state.features, FEATURES)) p.append('features', f);
  for (const m of uniqueSorted(state.mealsServed, MEALS)) p.append('mealsServed', m);
  // Stryker disable next-line ArrayDeclaration: equivalent — a placeholder string is not an integer and is filtered out
  for (const n of uniqueSorted((state.priceRange ?? []).filter((x) => Number.isInteger(x) && x >= 1 && x <= 4))) p.append('priceRange', String(n));
  if (state.sortBy && SORTS.includes(state.sortBy)) p.append('sortBy', state.sortBy);
  if (isFiniteNumber(state.pageNo) && state.pageNo > 1) p.append('pageNo', String(Math.floor(state.pageNo)));
  const campaign = trimmed(state.campaignCode);
  if (campaign) p.append('campaignCode', campaign);
  return p.toString();
}

/** '/search?…' link for a state (§2 'View all' of a carousel, pagination, back button). */
export function searchHref(state: SearchState): string {
  return paths.search(serialiseSearchState(state));
}

/** Number of active filters (for the filter button's label). Sort order is not a filter. */
export function countFilters(state: FilterState): number {
  return BOOL_KEYS.filter((k) => state[k] === true).length
    + (state.features?.length ?? 0) + (state.mealsServed?.length ?? 0) + (state.priceRange?.length ?? 0);
}

/** The state with every filter and the sort order cleared ('Clear all'), back on page 1. */
export function clearFilters(state: SearchState): SearchState {
  const next: SearchState = { ...state };
  for (const key of FILTER_KEYS) delete next[key];
  delete next.pageNo;
  return next;
}

/** Whether two states ask for the same thing (same URL). */
export function sameSearch(a: SearchState, b: SearchState): boolean {
  return serialiseSearchState(a) === serialiseSearchState(b);
}

/** What 'last search options' keeps in localStorage: the search without its page. */
export function storableSearch(state: SearchState): SearchState {
  const { pageNo: _page, ...rest } = state;
  return rest;
}
