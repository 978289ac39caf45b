import { describe, expect, it } from 'vitest';
import { merchantLocalIso } from '#shared/rules/rewards/local-time';

describe('merchantLocalIso', () => {
  it.each([
    ['2026-11-20T19:45:00-05:00', '2026-11-20', 19 * 60 + 45],
    ['2026-11-20T19:45:37-05:00', '2026-11-20', 19 * 60 + 45],
    ['2026-12-31T23:30:00-08:00', '2026-12-31', 23 * 60 + 30],
    ['2026-07-01T08:05:59+05:30', '2026-07-01', 8 * 60 + 5],
    ['2026-03-01T00:00:00+00:00', '2026-03-01', 0],
  ])('gives back %s from its instant and local parts', (iso, date, minutes) => {
    expect(merchantLocalIso(new Date(iso), date, minutes)).toBe(iso);
  });

  it('falls back to the instant when the parts are not a real offset away', () => {
    expect(merchantLocalIso(new Date('2026-11-20T00:00:00Z'), '2026-11-25', 0)).toBe('2026-11-20T00:00:00.000Z');
  });
});
