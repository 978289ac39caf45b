import { describe, expect, it } from 'vitest';
import { MAP_BASE_PATH, mapBaseUrl, STATE_FIPS, stateFile } from './map-base';

describe("the map's base layer files (issue 13 item 5)", () => {
  it('a state file is named by its kind and FIPS code', () => {
    expect(stateFile('counties', '06')).toBe('counties-06');
    expect(stateFile('places', '72')).toBe('places-72');
  });

  it('is served under /map/base as JSON', () => {
    expect(MAP_BASE_PATH).toBe('/map/base');
    expect(mapBaseUrl('states')).toBe('/map/base/states.json');
    expect(mapBaseUrl(stateFile('counties', STATE_FIPS.CA!))).toBe('/map/base/counties-06.json');
  });
});

describe('STATE_FIPS', () => {
  const entries = Object.entries(STATE_FIPS);

  it('the 50 states, the District of Columbia and 5 territories, by USPS code', () => {
    expect(entries).toHaveLength(56);
    expect(entries.filter(([usps]) => !/^[A-Z]{2}$/.test(usps))).toEqual([]);
    expect(['DC', 'PR', 'GU', 'VI', 'AS', 'MP'].filter((usps) => !(usps in STATE_FIPS))).toEqual([]);
  });

  it('every code is two digits, and no two places share one', () => {
    expect(entries.filter(([, fips]) => !/^\d{2}$/.test(fips))).toEqual([]);
    expect(new Set(Object.values(STATE_FIPS)).size).toBe(56);
  });

  it('in the Census order (ascending codes)', () => {
    const codes = Object.values(STATE_FIPS);
    expect(codes).toEqual([...codes].sort());
    expect(codes[0]).toBe('01');
    expect(codes.at(-1)).toBe('78');
  });

  it('the codes of the Census files', () => {
    expect(STATE_FIPS).toMatchObject({ AL: '01', AK: '02', CA: '06', DC: '11', NY: '36', TX: '48', WY: '56', AS: '60', GU: '66', MP: '69', PR: '72', VI: '78' });
  });
});
