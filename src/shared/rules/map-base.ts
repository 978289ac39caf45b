/**
 * The map's own base layer (issue 13 item 5): what the server serves under MAP_BASE_PATH and
 * when the client asks for it. Isomorphic: the server builds these files, the client loads them.
 */

export const MAP_BASE_PATH = '/map/base';

/** Counties are drawn from this zoom on, loaded per state in view (`counties-06.json`). */
export const COUNTIES_MIN_ZOOM = 7;
/** All places of a state (1,000 people and more) are loaded from this zoom on (`places-06.json`). */
export const STATE_PLACES_MIN_ZOOM = 8;
/** Places of this size and more are in the national file, shown from the first zoom levels. */
export const NATIONAL_PLACES_MIN_POPULATION = 50_000;

/** States, the District of Columbia and the territories of the Census files, by USPS code. */
export const STATE_FIPS: Readonly<Record<string, string>> = {
  AL: '01', AK: '02', AZ: '04', AR: '05', CA: '06', CO: '08', CT: '09', DE: '10', DC: '11', FL: '12',
  GA: '13', HI: '15', ID: '16', IL: '17', IN: '18', IA: '19', KS: '20', KY: '21', LA: '22', ME: '23',
  MD: '24', MA: '25', MI: '26', MN: '27', MS: '28', MO: '29', MT: '30', NE: '31', NV: '32', NH: '33',
  NJ: '34', NM: '35', NY: '36', NC: '37', ND: '38', OH: '39', OK: '40', OR: '41', PA: '42', RI: '44',
  SC: '45', SD: '46', TN: '47', TX: '48', UT: '49', VT: '50', VA: '51', WA: '53', WV: '54', WI: '55',
  WY: '56', AS: '60', GU: '66', MP: '69', PR: '72', VI: '78',
};

/** The file of one state's counties or places. */
export function stateFile(kind: 'counties' | 'places', fips: string): string {
  return `${kind}-${fips}`;
}

/** The address of a base-layer file. */
export function mapBaseUrl(name: string): string {
  return `${MAP_BASE_PATH}/${name}.json`;
}

/** One place of the places files: name, longitude, latitude, population. */
export type MapPlace = [name: string, lon: number, lat: number, population: number];

/** The places files: largest first. */
export type MapPlacesFile = { places: MapPlace[] };

/** What each state carries in states.json besides its outline. */
export type MapStateProperties = {
  name: string;
  /** Where its name is written: inside its largest polygon. */
  label: [lon: number, lat: number];
  /** West, south, east, north of its mainland (western longitudes only: the Aleutians past 180° left out). */
  bbox: [number, number, number, number];
};
