import { describe, expect, it } from 'vitest';
import { distanceMiles, geocode, isUsZip, predictLocations } from './geo';

describe('offline geocoding', () => {
  it.each([
    ['10001', 'New York, NY 10001'],
    ['10001-1234', 'New York, NY 10001'],
    ['Chicago, IL', 'Chicago, IL'],
    ['chicago', 'Chicago, IL'],
    ['Chicago Illinois', 'Chicago, IL'],
    ['Portland, ME', 'Portland, ME'],
    ['St. Louis, MO', 'Saint Louis, MO'],
    ['Salt Lake City UT', 'Salt Lake City, UT'],
    ['Texas', 'Texas'],
    ['  new   york,  ny ', 'New York, NY'],
  ])('finds %s', (input, label) => {
    expect(geocode(input)?.label).toBe(label);
  });

  it('puts a city near its real centre', () => {
    const ny = geocode('New York, NY')!;
    expect(distanceMiles(ny, { latitude: 40.7577, longitude: -73.9857 })).toBeLessThan(5);
  });

  it.each(['', 'Xyzzy', 'H0H 0H0', '00000', 'Paris, France', 'Springfield, ZZ'])('does not find %j', (input) => {
    expect(geocode(input)).toBeUndefined();
  });

  it('knows US ZIP codes only', () => {
    expect(isUsZip('90210')).toBe(true);
    expect(isUsZip('00000')).toBe(false);
    expect(isUsZip('9021')).toBe(false);
  });

  it('measures distance in miles', () => {
    const nyc = { latitude: 40.7128, longitude: -74.006 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    expect(distanceMiles(nyc, la)).toBeGreaterThan(2440);
    expect(distanceMiles(nyc, la)).toBeLessThan(2460);
    expect(distanceMiles(nyc, nyc)).toBe(0);
  });
});

describe('location predictions while typing', () => {
  const labels = (q: string) => predictLocations(q).map((p) => p.label);

  it('suggests ZIP codes by their first digits, in order', () => {
    expect(labels('1000')).toEqual(['New York, NY 10001', 'New York, NY 10002', 'New York, NY 10003', 'New York, NY 10004', 'New York, NY 10005', 'New York, NY 10006']);
    expect(labels('606').length).toBeGreaterThan(0);
    expect(labels('606').every((l) => /, IL 606\d\d$/.test(l))).toBe(true);
  });

  it('suggests cities by the start of their name, largest first, states first', () => {
    expect(labels('port').slice(0, 2)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(labels('tex')[0]).toBe('Texas');
    expect(labels('new y').slice(0, 2)).toEqual(['New York', 'New York, NY']);
    expect(labels('St Lou')[0]).toBe('Saint Louis, MO');
  });

  it('narrows by a state after a comma, by code or the start of its name', () => {
    expect(labels('portland, me')).toEqual(['Portland, ME']);
    expect(labels('portland, ore')).toEqual(['Portland, OR']);
  });

  it('answers nothing for too little or nothing known, and at most the limit', () => {
    expect(labels('x')).toEqual([]);
    expect(labels('zzzz')).toEqual([]);
    expect(labels('12a')).toEqual([]);
    expect(predictLocations('sa', 3)).toHaveLength(3);
  });

  it('only suggests what the search understands', () => {
    for (const q of ['port', 'san', 'chi', '941', 'portland, o', 'mia', 'Tex', 'st pe']) {
      for (const label of labels(q)) expect(geocode(label), `${q} → ${label}`).toBeDefined();
    }
  });
});
