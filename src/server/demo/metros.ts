import zipcodes, { type ZipCode } from 'zipcodes';
import { Rng } from '../lib/random';

/** A US metro area of the demo network; merchants are placed at ZIP centroids of its cities. */
export type MetroDefinition = {
  /** Core city and its state, e.g. ['Chicago', 'IL']. */
  city: string;
  state: string;
  /** Relative size (roughly millions of residents); merchant counts follow it. */
  weight: number;
  /** Telephone area code used for the merchants' (fictional, 555) numbers. */
  areaCode: string;
  /** Neighbouring cities of the same metro (city, state). */
  satellites: readonly (readonly [string, string])[];
};

export type MetroZip = {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  neighborhood: string;
};

export type Metro = MetroDefinition & {
  /** "Chicago, IL" — what merchants.metro holds and what a search location looks like. */
  label: string;
  center: { latitude: number; longitude: number };
  zips: MetroZip[];
  neighborhoods: string[];
};

export const METRO_DEFINITIONS: readonly MetroDefinition[] = [
  { city: 'New York', state: 'NY', weight: 19.5, areaCode: '212', satellites: [['Brooklyn', 'NY'], ['Bronx', 'NY'], ['Flushing', 'NY'], ['Astoria', 'NY'], ['Long Island City', 'NY'], ['Staten Island', 'NY'], ['Jersey City', 'NJ'], ['Hoboken', 'NJ']] },
  { city: 'Los Angeles', state: 'CA', weight: 13, areaCode: '213', satellites: [['Santa Monica', 'CA'], ['Pasadena', 'CA'], ['Long Beach', 'CA'], ['Burbank', 'CA'], ['Glendale', 'CA']] },
  { city: 'Chicago', state: 'IL', weight: 9.4, areaCode: '312', satellites: [['Evanston', 'IL'], ['Oak Park', 'IL']] },
  { city: 'Dallas', state: 'TX', weight: 7.6, areaCode: '214', satellites: [['Fort Worth', 'TX'], ['Plano', 'TX'], ['Irving', 'TX'], ['Arlington', 'TX']] },
  { city: 'Houston', state: 'TX', weight: 7.1, areaCode: '713', satellites: [['Sugar Land', 'TX'], ['Katy', 'TX'], ['Pasadena', 'TX']] },
  { city: 'Washington', state: 'DC', weight: 6.3, areaCode: '202', satellites: [['Arlington', 'VA'], ['Alexandria', 'VA'], ['Bethesda', 'MD'], ['Silver Spring', 'MD']] },
  { city: 'Philadelphia', state: 'PA', weight: 6.2, areaCode: '215', satellites: [['Camden', 'NJ']] },
  { city: 'Miami', state: 'FL', weight: 4.5, areaCode: '305', satellites: [['Miami Beach', 'FL'], ['Coral Gables', 'FL']] },
  { city: 'Atlanta', state: 'GA', weight: 6.1, areaCode: '404', satellites: [['Decatur', 'GA'], ['Marietta', 'GA']] },
  { city: 'Boston', state: 'MA', weight: 4.9, areaCode: '617', satellites: [['Cambridge', 'MA'], ['Somerville', 'MA'], ['Brookline', 'MA']] },
  { city: 'Phoenix', state: 'AZ', weight: 4.9, areaCode: '602', satellites: [['Scottsdale', 'AZ'], ['Tempe', 'AZ'], ['Mesa', 'AZ'], ['Chandler', 'AZ']] },
  { city: 'San Francisco', state: 'CA', weight: 4.7, areaCode: '415', satellites: [['Oakland', 'CA'], ['Berkeley', 'CA'], ['Emeryville', 'CA']] },
  { city: 'Riverside', state: 'CA', weight: 2.5, areaCode: '951', satellites: [['San Bernardino', 'CA']] },
  { city: 'Detroit', state: 'MI', weight: 4.3, areaCode: '313', satellites: [['Dearborn', 'MI'], ['Royal Oak', 'MI']] },
  { city: 'Seattle', state: 'WA', weight: 4.0, areaCode: '206', satellites: [['Bellevue', 'WA'], ['Kirkland', 'WA'], ['Redmond', 'WA'], ['Tacoma', 'WA']] },
  { city: 'Minneapolis', state: 'MN', weight: 3.7, areaCode: '612', satellites: [['Saint Paul', 'MN']] },
  { city: 'San Diego', state: 'CA', weight: 3.3, areaCode: '619', satellites: [['La Jolla', 'CA'], ['Chula Vista', 'CA']] },
  { city: 'Tampa', state: 'FL', weight: 3.2, areaCode: '813', satellites: [['Saint Petersburg', 'FL'], ['Clearwater', 'FL']] },
  { city: 'Denver', state: 'CO', weight: 3.0, areaCode: '303', satellites: [['Aurora', 'CO']] },
  { city: 'Baltimore', state: 'MD', weight: 2.8, areaCode: '410', satellites: [['Towson', 'MD']] },
  { city: 'Saint Louis', state: 'MO', weight: 2.8, areaCode: '314', satellites: [] },
  { city: 'Orlando', state: 'FL', weight: 2.7, areaCode: '407', satellites: [['Kissimmee', 'FL'], ['Winter Park', 'FL']] },
  { city: 'Charlotte', state: 'NC', weight: 2.7, areaCode: '704', satellites: [] },
  { city: 'San Antonio', state: 'TX', weight: 2.6, areaCode: '210', satellites: [] },
  { city: 'Portland', state: 'OR', weight: 2.5, areaCode: '503', satellites: [['Beaverton', 'OR'], ['Vancouver', 'WA']] },
  { city: 'Sacramento', state: 'CA', weight: 2.4, areaCode: '916', satellites: [] },
  { city: 'Pittsburgh', state: 'PA', weight: 2.4, areaCode: '412', satellites: [] },
  { city: 'Austin', state: 'TX', weight: 2.4, areaCode: '512', satellites: [['Round Rock', 'TX']] },
  { city: 'Las Vegas', state: 'NV', weight: 2.3, areaCode: '702', satellites: [['Henderson', 'NV']] },
  { city: 'Cincinnati', state: 'OH', weight: 2.3, areaCode: '513', satellites: [['Covington', 'KY'], ['Newport', 'KY']] },
  { city: 'Kansas City', state: 'MO', weight: 2.2, areaCode: '816', satellites: [['Kansas City', 'KS'], ['Overland Park', 'KS']] },
  { city: 'Columbus', state: 'OH', weight: 2.1, areaCode: '614', satellites: [['Dublin', 'OH']] },
  { city: 'Indianapolis', state: 'IN', weight: 2.1, areaCode: '317', satellites: [['Carmel', 'IN'], ['Fishers', 'IN']] },
  { city: 'Cleveland', state: 'OH', weight: 2.1, areaCode: '216', satellites: [['Lakewood', 'OH']] },
  { city: 'San Jose', state: 'CA', weight: 2.0, areaCode: '408', satellites: [['Santa Clara', 'CA'], ['Palo Alto', 'CA'], ['Mountain View', 'CA']] },
  { city: 'Nashville', state: 'TN', weight: 2.0, areaCode: '615', satellites: [['Franklin', 'TN']] },
  { city: 'Fort Lauderdale', state: 'FL', weight: 2.0, areaCode: '954', satellites: [['Hollywood', 'FL'], ['Pompano Beach', 'FL'], ['Boca Raton', 'FL']] },
  { city: 'Virginia Beach', state: 'VA', weight: 1.8, areaCode: '757', satellites: [['Norfolk', 'VA']] },
  { city: 'Providence', state: 'RI', weight: 1.7, areaCode: '401', satellites: [['Cranston', 'RI'], ['Pawtucket', 'RI']] },
  { city: 'Jacksonville', state: 'FL', weight: 1.6, areaCode: '904', satellites: [] },
  { city: 'Milwaukee', state: 'WI', weight: 1.6, areaCode: '414', satellites: [] },
  { city: 'Raleigh', state: 'NC', weight: 1.4, areaCode: '919', satellites: [['Durham', 'NC'], ['Cary', 'NC'], ['Chapel Hill', 'NC']] },
  { city: 'Oklahoma City', state: 'OK', weight: 1.4, areaCode: '405', satellites: [['Norman', 'OK']] },
  { city: 'Memphis', state: 'TN', weight: 1.3, areaCode: '901', satellites: [['Germantown', 'TN']] },
  { city: 'Richmond', state: 'VA', weight: 1.3, areaCode: '804', satellites: [['Henrico', 'VA']] },
  { city: 'Louisville', state: 'KY', weight: 1.3, areaCode: '502', satellites: [] },
  { city: 'New Orleans', state: 'LA', weight: 1.3, areaCode: '504', satellites: [['Metairie', 'LA'], ['Kenner', 'LA']] },
  { city: 'Salt Lake City', state: 'UT', weight: 1.3, areaCode: '801', satellites: [['Sandy', 'UT']] },
  { city: 'Hartford', state: 'CT', weight: 1.2, areaCode: '860', satellites: [['West Hartford', 'CT']] },
  { city: 'Buffalo', state: 'NY', weight: 1.1, areaCode: '716', satellites: [] },
  { city: 'Birmingham', state: 'AL', weight: 1.1, areaCode: '205', satellites: [] },
  { city: 'Grand Rapids', state: 'MI', weight: 1.1, areaCode: '616', satellites: [] },
  { city: 'Rochester', state: 'NY', weight: 1.0, areaCode: '585', satellites: [] },
  { city: 'Tucson', state: 'AZ', weight: 1.0, areaCode: '520', satellites: [] },
  { city: 'Tulsa', state: 'OK', weight: 1.0, areaCode: '918', satellites: [['Broken Arrow', 'OK']] },
  { city: 'Omaha', state: 'NE', weight: 1.0, areaCode: '402', satellites: [] },
  { city: 'Albuquerque', state: 'NM', weight: 0.9, areaCode: '505', satellites: [] },
  { city: 'Knoxville', state: 'TN', weight: 0.9, areaCode: '865', satellites: [] },
  { city: 'Boise', state: 'ID', weight: 0.8, areaCode: '208', satellites: [['Meridian', 'ID']] },
  { city: 'Charleston', state: 'SC', weight: 0.8, areaCode: '843', satellites: [['Mount Pleasant', 'SC']] },
  { city: 'Colorado Springs', state: 'CO', weight: 0.8, areaCode: '719', satellites: [] },
  { city: 'Madison', state: 'WI', weight: 0.7, areaCode: '608', satellites: [] },
  { city: 'Des Moines', state: 'IA', weight: 0.7, areaCode: '515', satellites: [] },
  { city: 'Spokane', state: 'WA', weight: 0.6, areaCode: '509', satellites: [] },
  { city: 'Asheville', state: 'NC', weight: 0.5, areaCode: '828', satellites: [] },
  { city: 'Savannah', state: 'GA', weight: 0.4, areaCode: '912', satellites: [] },
  { city: 'Boulder', state: 'CO', weight: 0.35, areaCode: '720', satellites: [] },
];

const SIMPLE_NEIGHBORHOODS = [
  'Downtown', 'Midtown', 'Uptown', 'Old Town', 'Arts District', 'Warehouse District', 'Riverfront', 'Waterfront',
  'Historic District', 'Financial District', 'Theater District', 'University District', 'Market District',
  'East End', 'West End', 'North End', 'South End', 'Eastside', 'Westside', 'Northside', 'Southside',
  'Design District', 'Old Mill District', 'Brewery District', 'Lakeview', 'Fairgrounds', 'Depot District', 'Old Fourth Ward',
] as const;
const NEIGHBORHOOD_STEMS = [
  'Oak', 'Cedar', 'Maple', 'Willow', 'Franklin', 'Jefferson', 'Lincoln', 'Madison', 'Harrison', 'Fairview',
  'Ashland', 'Belmont', 'Highland', 'Clifton', 'Brookside', 'Linden', 'Sherwood', 'Kingston', 'Hampton', 'Laurel',
  'Magnolia', 'Chestnut', 'Sycamore', 'Grant', 'Monroe', 'Summit', 'Prospect', 'Elmwood', 'Rosedale', 'Garfield',
] as const;
const NEIGHBORHOOD_SUFFIXES = ['Park', 'Heights', 'Square', 'Village', 'Hill', 'Crossing', 'Commons', 'Gardens'] as const;
const STREET_STEMS = ['Elm', 'Grand', 'Main', 'Market', 'Broad', 'Church', 'Mill', 'Canal', 'Union', 'Water', 'High', 'Front'] as const;

function neighborhoodPool(label: string, size: number): string[] {
  const rng = new Rng(`neighborhoods:${label}`);
  const names = new Set<string>(['Downtown']);
  const simple = rng.shuffle(SIMPLE_NEIGHBORHOODS);
  let guard = 0;
  while (names.size < size && guard++ < 200) {
    const kind = rng.int(0, 9);
    if (kind < 4) names.add(simple[names.size % simple.length] as string);
    else if (kind < 8) names.add(`${rng.pick(NEIGHBORHOOD_STEMS)} ${rng.pick(NEIGHBORHOOD_SUFFIXES)}`);
    else names.add(`${rng.pick(STREET_STEMS)} Street District`);
  }
  return [...names];
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Contiguous-US box; every metro of the list lies inside it. */
export const US_BOUNDS = { minLatitude: 24.3, maxLatitude: 49.5, minLongitude: -125, maxLongitude: -66.8 } as const;

function zipsOf(city: string, state: string): ZipCode[] {
  return zipcodes.lookupByName(city, state).filter((z) =>
    z.country === 'US'
    && Number.isFinite(z.latitude) && Number.isFinite(z.longitude)
    && z.latitude >= US_BOUNDS.minLatitude && z.latitude <= US_BOUNDS.maxLatitude
    && z.longitude >= US_BOUNDS.minLongitude && z.longitude <= US_BOUNDS.maxLongitude);
}

function buildMetro(def: MetroDefinition): Metro {
  const label = `${def.city}, ${def.state}`;
  const core = zipsOf(def.city, def.state);
  if (core.length === 0) throw new Error(`No ZIP codes found for ${label}`);
  const center = { latitude: median(core.map((z) => z.latitude)), longitude: median(core.map((z) => z.longitude)) };
  const rng = new Rng(`metro:${label}`);
  const neighborhoods = neighborhoodPool(label, Math.min(16, 6 + Math.round(def.weight * 1.2)));
  const seen = new Set<string>();
  const zips: MetroZip[] = [];
  const all = [...core, ...def.satellites.flatMap(([c, s]) => zipsOf(c, s))];
  for (const z of all) {
    // PO-box and government ZIPs often share one centroid; keep one ZIP per point, drop far-off outliers.
    const key = `${z.latitude.toFixed(3)},${z.longitude.toFixed(3)}`;
    if (seen.has(key)) continue;
    if (Math.abs(z.latitude - center.latitude) > 0.6 || Math.abs(z.longitude - center.longitude) > 0.7) continue;
    seen.add(key);
    const isCore = z.city.toLowerCase() === def.city.toLowerCase() && z.state === def.state;
    // Core ZIPs nearest the centre are "Downtown"-like; everything else draws from the pool.
    const dist = Math.hypot(z.latitude - center.latitude, z.longitude - center.longitude);
    const neighborhood = isCore && dist < 0.025 ? 'Downtown' : rng.pick(neighborhoods);
    zips.push({ zip: z.zip, city: z.city, state: z.state, latitude: z.latitude, longitude: z.longitude, neighborhood });
  }
  return { ...def, label, center, zips, neighborhoods };
}

let cache: Metro[] | null = null;

/** All metros with their ZIPs (built once per process; depends only on the ZIP data, not on the seed). */
export function loadMetros(): Metro[] {
  if (!cache) cache = METRO_DEFINITIONS.map(buildMetro);
  return cache;
}
