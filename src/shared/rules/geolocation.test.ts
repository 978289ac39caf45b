import { describe, expect, it } from 'vitest';
import {
  areaFromBounds, decideLocation, DEFAULT_LOCATION, distanceMiles, geolocationSettings, GEOLOCATION_REFRESH_MS,
  isRefreshDue, isValidCoordinates, needsServerDefault, outcomeFromError, outcomeFromPosition, roundCoordinate,
  roundCoordinates, userHasDecided, type BrowserOutcome,
} from './geolocation';

const granted: BrowserOutcome = { kind: 'granted', coords: { latitude: 41.878113, longitude: -87.629799 } };

describe('rounding', () => {
  it('rounds to 2 decimals', () => {
    expect(roundCoordinate(41.878113)).toBe(41.88);
    expect(roundCoordinate(-87.629799)).toBe(-87.63);
    expect(roundCoordinate(1.005)).toBe(1.01);
    expect(roundCoordinate(-1.005)).toBe(-1.01);
    expect(Object.is(roundCoordinate(-0.001), 0)).toBe(true);
    expect(roundCoordinates({ latitude: 40.75771, longitude: -73.98569 })).toEqual({ latitude: 40.76, longitude: -73.99 });
  });

  it('rounds to other precisions when asked', () => {
    expect(roundCoordinate(41.878113, 4)).toBe(41.8781);
  });
});

describe('settings', () => {
  it('search asks precisely within 7 s', () => {
    expect(geolocationSettings('search')).toEqual({ enableHighAccuracy: true, timeout: 7000, maximumAge: 0 });
  });
  it('carousels accept a coarse fix cached for an hour within 5 s', () => {
    expect(geolocationSettings('carousel')).toEqual({ enableHighAccuracy: false, timeout: 5000, maximumAge: 3_600_000 });
  });
});

describe('browser outcomes', () => {
  it('maps error codes', () => {
    expect(outcomeFromError(1)).toEqual({ kind: 'denied' });
    expect(outcomeFromError(2)).toEqual({ kind: 'unavailable' });
    expect(outcomeFromError(3)).toEqual({ kind: 'unavailable' });
  });
  it('rejects impossible positions', () => {
    expect(outcomeFromPosition({ latitude: 99, longitude: 0 })).toEqual({ kind: 'unavailable' });
    expect(outcomeFromPosition({ latitude: 1, longitude: 2 })).toEqual({ kind: 'granted', coords: { latitude: 1, longitude: 2 } });
    expect(isValidCoordinates({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(isValidCoordinates(null)).toBe(false);
  });
  it('counts allowing and refusing as a decision', () => {
    expect(userHasDecided(granted)).toBe(true);
    expect(userHasDecided({ kind: 'denied' })).toBe(true);
    expect(userHasDecided({ kind: 'unavailable' })).toBe(false);
    expect(userHasDecided({ kind: 'pending' })).toBe(false);
  });
});

describe('refresh', () => {
  it('is due 5 minutes after the decision', () => {
    expect(GEOLOCATION_REFRESH_MS).toBe(300_000);
    expect(isRefreshDue(null, 10_000_000)).toBe(false);
    expect(isRefreshDue(1000, 1000 + 299_999)).toBe(false);
    expect(isRefreshDue(1000, 1000 + 300_000)).toBe(true);
  });
});

describe('decideLocation', () => {
  const server = { kind: 'ready', coords: { latitude: 34.0522, longitude: -118.2437 } } as const;

  it('uses the browser position first, rounded', () => {
    expect(decideLocation({ browser: granted, server: { kind: 'pending' }, mode: 'implicit' }))
      .toEqual({ status: 'ready', coords: { latitude: 41.88, longitude: -87.63 }, source: 'browser' });
  });

  it('waits while the browser has not answered', () => {
    expect(decideLocation({ browser: { kind: 'pending' }, server, mode: 'implicit' })).toEqual({ status: 'pending' });
  });

  it('falls back to the server default, then the fixed default', () => {
    for (const browser of [{ kind: 'denied' }, { kind: 'unavailable' }, { kind: 'unsupported' }] as BrowserOutcome[]) {
      expect(decideLocation({ browser, server, mode: 'implicit' })).toEqual({ status: 'ready', coords: { latitude: 34.05, longitude: -118.24 }, source: 'server' });
      expect(decideLocation({ browser, server: { kind: 'pending' }, mode: 'implicit' })).toEqual({ status: 'pending' });
      expect(decideLocation({ browser, server: { kind: 'failed' }, mode: 'implicit' }))
        .toEqual({ status: 'ready', coords: { latitude: 40.76, longitude: -73.99 }, source: 'default' });
    }
    expect(DEFAULT_LOCATION).toEqual({ latitude: 40.7577, longitude: -73.9857 });
  });

  it('ignores an invalid server answer', () => {
    expect(decideLocation({ browser: { kind: 'unavailable' }, server: { kind: 'ready', coords: { latitude: 200, longitude: 0 } }, mode: 'implicit' }))
      .toMatchObject({ status: 'ready', source: 'default' });
  });

  it('is blocked when the user refused after asking for their location', () => {
    expect(decideLocation({ browser: { kind: 'denied' }, server, mode: 'explicit' })).toEqual({ status: 'blocked' });
    expect(decideLocation({ browser: { kind: 'unavailable' }, server, mode: 'explicit' })).toMatchObject({ status: 'ready', source: 'server' });
  });

  it('never falls back for carousels', () => {
    expect(decideLocation({ browser: { kind: 'denied' }, server, mode: 'carousel' })).toEqual({ status: 'unavailable' });
    expect(decideLocation({ browser: { kind: 'unavailable' }, server, mode: 'carousel' })).toEqual({ status: 'unavailable' });
    expect(decideLocation({ browser: granted, server, mode: 'carousel' })).toMatchObject({ status: 'ready', source: 'browser' });
  });

  it('fetches the server default only when it can be used', () => {
    expect(needsServerDefault({ kind: 'pending' }, 'implicit')).toBe(false);
    expect(needsServerDefault(granted, 'implicit')).toBe(false);
    expect(needsServerDefault({ kind: 'denied' }, 'implicit')).toBe(true);
    expect(needsServerDefault({ kind: 'denied' }, 'explicit')).toBe(false);
    expect(needsServerDefault({ kind: 'unavailable' }, 'explicit')).toBe(true);
    expect(needsServerDefault({ kind: 'unavailable' }, 'carousel')).toBe(false);
  });
});

describe('areas', () => {
  it('measures distance in miles', () => {
    // Times Square to the Empire State Building: about 0.6 mile.
    const d = distanceMiles({ latitude: 40.758, longitude: -73.9855 }, { latitude: 40.7484, longitude: -73.9857 });
    expect(d).toBeGreaterThan(0.6);
    expect(d).toBeLessThan(0.7);
  });

  it('derives centre and a corner radius from map bounds', () => {
    const { center, radius } = areaFromBounds({ north: 41, south: 40, east: -73, west: -75 });
    expect(center).toEqual({ latitude: 40.5, longitude: -74 });
    expect(radius).toBeGreaterThan(55);
    expect(radius).toBeLessThan(65);
  });

  it('clamps the radius to what the server accepts', () => {
    expect(areaFromBounds({ north: 60, south: 20, east: -60, west: -120 }).radius).toBe(100);
    expect(areaFromBounds({ north: 40.70001, south: 40.7, east: -74, west: -74.00001 }).radius).toBe(0.1);
  });
});

describe('isValidCoordinates', () => {
  it('accepts the edges of the globe', () => {
    expect(isValidCoordinates({ latitude: 90, longitude: 180 })).toBe(true);
    expect(isValidCoordinates({ latitude: -90, longitude: -180 })).toBe(true);
    expect(isValidCoordinates({ latitude: 0, longitude: 0 })).toBe(true);
  });

  it('refuses anything past them', () => {
    expect(isValidCoordinates({ latitude: 90.001, longitude: 0 })).toBe(false);
    expect(isValidCoordinates({ latitude: -90.001, longitude: 0 })).toBe(false);
    expect(isValidCoordinates({ latitude: 0, longitude: 180.001 })).toBe(false);
    expect(isValidCoordinates({ latitude: 0, longitude: -181 })).toBe(false);
  });

  it('needs two finite numbers, not numeric strings', () => {
    expect(isValidCoordinates({ latitude: '45', longitude: 0 })).toBe(false);
    expect(isValidCoordinates({ latitude: 45, longitude: '0' })).toBe(false);
    expect(isValidCoordinates({ latitude: 45, longitude: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isValidCoordinates({ latitude: 45 })).toBe(false);
    expect(isValidCoordinates(undefined)).toBe(false);
    expect(isValidCoordinates('45,0')).toBe(false);
  });
});
