import zipcodes from 'zipcodes';

export type GeoPoint = { latitude: number; longitude: number };
export type GeocodeResult = GeoPoint & { label: string };

const EARTH_RADIUS_MILES = 3958.8;
const toRad = (d: number) => (d * Math.PI) / 180;

export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', GU: 'Guam', VI: 'U.S. Virgin Islands', AS: 'American Samoa', MP: 'Northern Mariana Islands',
};
const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

type ZipRecord = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
type Place = GeoPoint & { city: string; state: string; zips: number };

let places: { byCityState: Map<string, Place>; byCity: Map<string, Place>; byState: Map<string, GeoPoint> } | undefined;

/** City and state centroids from the ZIP dataset, built once on first use. */
function placeIndex() {
  if (places) return places;
  // Medians, not means: a few ZIPs (PO boxes, unique ZIPs) carry coordinates far from their city.
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const sums = new Map<string, { lat: number[]; lng: number[]; city: string; state: string }>();
  const stateSums = new Map<string, { lat: number[]; lng: number[] }>();
  for (const rec of Object.values(zipcodes.codes as Record<string, ZipRecord>)) {
    if (rec.country !== 'US' || !rec.city || !rec.state || !Number.isFinite(rec.latitude)) continue;
    const key = `${rec.city.toLowerCase()}|${rec.state}`;
    const s = sums.get(key) ?? { lat: [], lng: [], city: rec.city, state: rec.state };
    s.lat.push(rec.latitude); s.lng.push(rec.longitude);
    sums.set(key, s);
    const st = stateSums.get(rec.state) ?? { lat: [], lng: [] };
    st.lat.push(rec.latitude); st.lng.push(rec.longitude);
    stateSums.set(rec.state, st);
  }
  const byCityState = new Map<string, Place>();
  const byCity = new Map<string, Place>();
  for (const [key, s] of sums) {
    const place = { latitude: median(s.lat), longitude: median(s.lng), city: s.city, state: s.state, zips: s.lat.length };
    byCityState.set(key, place);
    const cityKey = s.city.toLowerCase();
    const prev = byCity.get(cityKey);
    // A bare city name means its largest namesake (Portland → Portland, OR by ZIP count).
    if (!prev || prev.zips < place.zips) byCity.set(cityKey, place);
  }
  const byState = new Map<string, GeoPoint>();
  for (const [code, s] of stateSums) byState.set(code, { latitude: median(s.lat), longitude: median(s.lng) });
  places = { byCityState, byCity, byState };
  return places;
}

export function lookupZip(zip: string): ZipRecord | undefined {
  const rec = zipcodes.lookup(zip) as ZipRecord | undefined;
  return rec && rec.country === 'US' ? rec : undefined;
}

/** Whether a five-digit ZIP exists in the offline US dataset. */
export function isUsZip(zip: string): boolean {
  return /^\d{5}$/.test(zip) && lookupZip(zip) !== undefined;
}

function titleCase(s: string) {
  return s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function stateCode(text: string): string | undefined {
  const t = text.trim().replace(/\./g, '');
  if (/^[A-Za-z]{2}$/.test(t) && US_STATES[t.toUpperCase()]) return t.toUpperCase();
  return STATE_BY_NAME.get(t.toLowerCase());
}

/**
 * Offline geocoding of what a person types in the location box: a ZIP ('10001', '10001-1234'),
 * 'City, ST', 'City, State', 'City ST', a bare city or a bare state. Undefined when unknown.
 */
export function geocode(input: string): GeocodeResult | undefined {
  const text = input.trim().replace(/\s+/g, ' ').replace(/,?\s*(USA|United States)$/i, '');
  if (!text) return undefined;
  const zipMatch = /^(\d{5})(?:-\d{4})?$/.exec(text);
  if (zipMatch) {
    const rec = lookupZip(zipMatch[1]!);
    return rec ? { latitude: rec.latitude, longitude: rec.longitude, label: `${rec.city}, ${rec.state} ${rec.zip}` } : undefined;
  }
  const idx = placeIndex();
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  let city: string | undefined;
  let state: string | undefined;
  if (parts.length >= 2) {
    city = parts[0];
    state = stateCode(parts[1]!.replace(/\s+\d{5}(-\d{4})?$/, ''));
    if (!state) return undefined;
  } else {
    const words = text.split(' ');
    for (let i = words.length - 1; i >= 1 && !state; i--) {
      const maybe = stateCode(words.slice(i).join(' '));
      if (maybe) { state = maybe; city = words.slice(0, i).join(' '); }
    }
    if (!state) {
      const onlyState = stateCode(text);
      if (onlyState) {
        const point = idx.byState.get(onlyState);
        return point ? { ...point, label: US_STATES[onlyState]! } : undefined;
      }
      city = text;
    }
  }
  const cityKey = (city ?? '').toLowerCase().replace(/^st\.? /, 'saint ');
  const tryKeys = [cityKey, (city ?? '').toLowerCase()];
  for (const key of tryKeys) {
    const place = state ? idx.byCityState.get(`${key}|${state}`) : idx.byCity.get(key);
    if (place) return { latitude: place.latitude, longitude: place.longitude, label: `${titleCase(place.city)}, ${place.state}` };
  }
  return undefined;
}

export type LocationPrediction = { label: string };

let sortedPlaces: { key: string; place: Place }[] | undefined;
let sortedZips: string[] | undefined;

/** Cities in name order for prefix search ('saint' spelled out as geocode() reads it too). */
function placesByName() {
  if (sortedPlaces) return sortedPlaces;
  sortedPlaces = [...placeIndex().byCityState.values()]
    .map((place) => ({ key: place.city.toLowerCase(), place }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return sortedPlaces;
}

function zipsInOrder() {
  sortedZips ??= Object.values(zipcodes.codes as Record<string, ZipRecord>)
    .filter((r) => r.country === 'US' && /^\d{5}$/.test(r.zip) && r.city)
    .map((r) => r.zip)
    .sort();
  return sortedZips;
}

/** First index whose key is >= prefix (keys sorted). */
function lowerBound<T>(items: T[], prefix: string, key: (t: T) => string) {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Suggestions for the location box while a person types (§7 location prediction request): ZIP
 * codes by their first digits, cities by the start of their name (largest first, by how many ZIP
 * codes they have), narrowed by a state after a comma ('port, or'), and states by name. Every
 * label is something geocode() understands. Offline: the same ZIP dataset as geocoding.
 */
export function predictLocations(input: string, limit = 6): LocationPrediction[] {
  const text = input.trim().replace(/\s+/g, ' ').toLowerCase();
  if (text.length < 2) return [];
  const zipPrefix = /^\d{2,5}$/.exec(text)?.[0];
  if (zipPrefix) {
    const zips = zipsInOrder();
    const out: LocationPrediction[] = [];
    for (let i = lowerBound(zips, zipPrefix, (z) => z); i < zips.length && out.length < limit && zips[i]!.startsWith(zipPrefix); i++) {
      const rec = lookupZip(zips[i]!);
      if (rec) out.push({ label: `${titleCase(rec.city)}, ${rec.state} ${rec.zip}` });
    }
    return out;
  }
  if (/\d/.test(text)) return [];
  const [cityPart = '', statePart] = text.split(',').map((p) => p.trim());
  const stateFilter = statePart ? stateCode(statePart) ?? (statePart.length >= 2 ? undefined : '') : '';
  if (statePart && stateFilter === undefined) {
    // 'portland, ore' → a state name being typed: match its start.
    const codes = Object.entries(US_STATES).filter(([, name]) => name.toLowerCase().startsWith(statePart)).map(([code]) => code);
    return citiesStartingWith(cityPart, limit, new Set(codes));
  }
  const cities = citiesStartingWith(cityPart.replace(/^st\.? /, 'saint '), limit, stateFilter ? new Set([stateFilter]) : undefined);
  if (statePart) return cities;
  // A state whose name starts so comes first ('tex' → Texas, then Texarkana, TX …).
  const states = Object.values(US_STATES).filter((name) => name.toLowerCase().startsWith(cityPart)).slice(0, 2).map((label) => ({ label }));
  return [...states, ...cities].slice(0, limit);
}

function citiesStartingWith(prefix: string, limit: number, states?: Set<string>): LocationPrediction[] {
  if (prefix.length < 2) return [];
  const all = placesByName();
  const matches: Place[] = [];
  // The matching run is contiguous in name order; the largest places go first.
  for (let i = lowerBound(all, prefix, (p) => p.key); i < all.length && all[i]!.key.startsWith(prefix); i++) {
    const place = all[i]!.place;
    if (!states || states.has(place.state)) matches.push(place);
  }
  return matches
    .sort((a, b) => b.zips - a.zips || a.city.localeCompare(b.city))
    .slice(0, limit)
    .map((p) => ({ label: `${titleCase(p.city)}, ${p.state}` }));
}
