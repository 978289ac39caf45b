import { describe, expect, it } from 'vitest';
import { distanceMiles, geocode, isUsZip } from './geo';

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
