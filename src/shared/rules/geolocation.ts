/** §4 and §9 geolocation rules, free of the DOM so they can be tested and shared. */

export type Coordinates = { latitude: number; longitude: number };

/** §9 fixed default location (Times Square), the last fallback. */
export const DEFAULT_LOCATION: Coordinates = { latitude: 40.7577, longitude: -73.9857 };
/** §4: the position is asked for again every 5 minutes once the user has decided. */
export const GEOLOCATION_REFRESH_MS = 5 * 60 * 1000;
/** §4: coordinates sent to the server are rounded to 2 decimals (about 1 km; also kinder to privacy). */
export const COORDINATE_DECIMALS = 2;

export type GeolocationPurpose = 'search' | 'carousel';

/** §9: the search asks precisely and waits 7 s; carousels take a cached, coarse fix within 5 s. */
export const GEOLOCATION_SETTINGS: Record<GeolocationPurpose, PositionOptions> = {
  search: { enableHighAccuracy: true, timeout: 7000, maximumAge: 0 },
  carousel: { enableHighAccuracy: false, timeout: 5000, maximumAge: 60 * 60 * 1000 },
};

export function geolocationSettings(purpose: GeolocationPurpose): PositionOptions {
  return { ...GEOLOCATION_SETTINGS[purpose] };
}

export function roundCoordinate(value: number, decimals = COORDINATE_DECIMALS): number {
  const f = 10 ** decimals;
  // Adding EPSILON keeps 1.005 → 1.01 instead of 1.00; `+ 0` turns -0 into 0.
  const r = Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * f) / f;
  return r + 0;
}

export function roundCoordinates(c: Coordinates, decimals = COORDINATE_DECIMALS): Coordinates {
  return { latitude: roundCoordinate(c.latitude, decimals), longitude: roundCoordinate(c.longitude, decimals) };
}

export function isValidCoordinates(c: unknown): c is Coordinates {
  // Stryker disable next-line ConditionalExpression: equivalent for the typeof check — a number, string or boolean has no latitude, so the checks below refuse it
  if (!c || typeof c !== 'object') return false;
  const { latitude, longitude } = c as Record<string, unknown>;
  return typeof latitude === 'number' && typeof longitude === 'number'
    && Number.isFinite(latitude) && Number.isFinite(longitude)
    && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** What the browser said. `pending` until it answers; `unsupported` without the API. */
export type BrowserOutcome =
  | { kind: 'pending' }
  | { kind: 'granted'; coords: Coordinates }
  | { kind: 'denied' }
  | { kind: 'unavailable' }
  | { kind: 'unsupported' };

/** GeolocationPositionError codes: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT. */
export function outcomeFromError(code: number): BrowserOutcome {
  return code === 1 ? { kind: 'denied' } : { kind: 'unavailable' };
}

export function outcomeFromPosition(coords: { latitude: number; longitude: number }): BrowserOutcome {
  const c = { latitude: coords.latitude, longitude: coords.longitude };
  return isValidCoordinates(c) ? { kind: 'granted', coords: c } : { kind: 'unavailable' };
}

/** The user has decided (allowed or refused), which starts the 5-minute refresh. */
export function userHasDecided(outcome: BrowserOutcome): boolean {
  return outcome.kind === 'granted' || outcome.kind === 'denied';
}

/** Whether the position should be asked for again (§4: every 5 minutes after the decision). */
export function isRefreshDue(decidedAt: number | null, now: number): boolean {
  return decidedAt !== null && now - decidedAt >= GEOLOCATION_REFRESH_MS;
}

/** The server default (GET /api/DefaultUserLocation): loading, answered or failed. */
export type ServerDefault =
  | { kind: 'pending' }
  | { kind: 'ready'; coords: Coordinates }
  | { kind: 'failed' };

/**
 * - `implicit`: the search screen with nothing else to go on: falls back silently.
 * - `explicit`: the user asked for "Current Location": a refusal is the 'location blocked' state.
 * - `carousel`: any geolocation error means no search (§4).
 */
export type LocationMode = 'implicit' | 'explicit' | 'carousel';

export type LocationSource = 'browser' | 'server' | 'default';

export type LocationDecision =
  | { status: 'pending' }
  | { status: 'ready'; coords: Coordinates; source: LocationSource }
  | { status: 'blocked' }
  | { status: 'unavailable' };

/**
 * §4 fallback order: browser → server default location → fixed default; coordinates rounded to
 * 2 decimals. A refusal after the user explicitly asked for their location is 'blocked' (§8 "We
 * can't see you."); carousels never fall back.
 */
export function decideLocation(opts: { browser: BrowserOutcome; server: ServerDefault; mode: LocationMode }): LocationDecision {
  const { browser, server, mode } = opts;
  if (browser.kind === 'pending') return { status: 'pending' };
  if (browser.kind === 'granted') return { status: 'ready', coords: roundCoordinates(browser.coords), source: 'browser' };
  if (mode === 'carousel') return { status: 'unavailable' };
  if (mode === 'explicit' && browser.kind === 'denied') return { status: 'blocked' };
  if (server.kind === 'pending') return { status: 'pending' };
  // Stryker disable next-line ConditionalExpression: equivalent for the kind check — a server answer that is not ready has no coordinates, which isValidCoordinates refuses
  if (server.kind === 'ready' && isValidCoordinates(server.coords)) {
    return { status: 'ready', coords: roundCoordinates(server.coords), source: 'server' };
  }
  return { status: 'ready', coords: roundCoordinates(DEFAULT_LOCATION), source: 'default' };
}

/** Whether the server default is worth fetching: only once the browser could not help. */
export function needsServerDefault(browser: BrowserOutcome, mode: LocationMode): boolean {
  if (mode === 'carousel') return false;
  if (browser.kind === 'pending' || browser.kind === 'granted') return false;
  return !(mode === 'explicit' && browser.kind === 'denied');
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The server accepts radii from 0.1 to 100 miles. */
export const MIN_RADIUS_MILES = 0.1;
export const MAX_RADIUS_MILES = 100;

/**
 * "Search this area": the visible map's centre and a radius reaching its corners (so every visible
 * point is inside), clamped to what the server accepts and rounded to 0.1 mile.
 */
export function areaFromBounds(bounds: { north: number; south: number; east: number; west: number }): { center: Coordinates; radius: number } {
  const center = { latitude: (bounds.north + bounds.south) / 2, longitude: (bounds.east + bounds.west) / 2 };
  const corner = { latitude: bounds.north, longitude: bounds.east };
  const raw = distanceMiles(center, corner);
  const radius = Math.min(MAX_RADIUS_MILES, Math.max(MIN_RADIUS_MILES, Math.round(raw * 10) / 10));
  return { center, radius };
}
