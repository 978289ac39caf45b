import { describe, it, expect } from 'vitest';
import { METRO_DEFINITIONS, US_BOUNDS, loadMetros } from './metros';

describe('metros', () => {
  const metros = loadMetros();

  it('covers at least 50 US metro areas, including the big hubs', () => {
    expect(metros.length).toBe(METRO_DEFINITIONS.length);
    expect(metros.length).toBeGreaterThanOrEqual(55);
    const labels = metros.map((m) => m.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const hub of ['New York, NY', 'Los Angeles, CA', 'Chicago, IL', 'Houston, TX', 'Atlanta, GA', 'Minneapolis, MN', 'Salt Lake City, UT', 'Seattle, WA', 'Boston, MA', 'Denver, CO']) {
      expect(labels).toContain(hub);
    }
  });

  it('places every metro at real ZIP centroids inside the contiguous US', () => {
    for (const m of metros) {
      expect(m.zips.length, m.label).toBeGreaterThanOrEqual(5);
      expect(m.neighborhoods.length).toBeGreaterThanOrEqual(6);
      for (const z of m.zips) {
        expect(z.zip).toMatch(/^\d{5}$/);
        expect(z.latitude).toBeGreaterThanOrEqual(US_BOUNDS.minLatitude);
        expect(z.latitude).toBeLessThanOrEqual(US_BOUNDS.maxLatitude);
        expect(z.longitude).toBeGreaterThanOrEqual(US_BOUNDS.minLongitude);
        expect(z.longitude).toBeLessThanOrEqual(US_BOUNDS.maxLongitude);
        expect(Math.abs(z.latitude - m.center.latitude)).toBeLessThan(0.7);
        expect(m.neighborhoods).toContain(z.neighborhood);
      }
    }
  });

  it('is the same on every load', () => {
    const again = loadMetros();
    expect(again).toBe(metros);
    expect(metros.find((m) => m.label === 'Chicago, IL')?.zips.some((z) => z.city === 'Chicago' && z.state === 'IL')).toBe(true);
  });
});
