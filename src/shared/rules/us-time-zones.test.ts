import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localNow } from './local-now';
import { merchantLocalDateTime, merchantTimeZone } from './rewards/local-time';
import { usWallClock, usZoneOffset } from './us-time-zones';

// Every state code local-time.ts knows (every two-letter code asked, those with a zone of their own
// kept: the rest get the default) and so every zone a restaurant can get, with UTC.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CODES = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));
const DEFAULT_ZONE = merchantTimeZone('');
const STATES = CODES.filter((code) => merchantTimeZone(code) !== DEFAULT_ZONE || ['NY', 'DC'].includes(code));
const ZONES = [...new Set([...STATES.map(merchantTimeZone), DEFAULT_ZONE, 'UTC'])];

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormats = new Map<string, Intl.DateTimeFormat>();
const kept = (map: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) => {
  if (!map.has(zone)) map.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options }));
  return map.get(zone)!;
};

/** The runtime's own answer (its time-zone data): the offset in minutes. */
function intlOffset(zone: string, at: Date): number {
  const name = kept(offsetFormats, zone, { timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The runtime's wall clock in a zone: YYYY-MM-DDTHH:MM:SS. */
function intlWall(zone: string, at: Date): string {
  const p = Object.fromEntries(kept(wallFormats, zone, {
    hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

const FROM = Date.UTC(2007, 0, 1, 12);
const TO = Date.UTC(2200, 0, 1);

describe('usZoneOffset', () => {
  it('knows every zone local-time.ts gives a state (a zone left out would be read by Intl again, on the first screen)', () => {
    // The fifteen zones of the states and territories, and UTC.
    expect(ZONES).toHaveLength(16);
    expect(ZONES.filter((zone) => usZoneOffset(zone, new Date()) === null)).toEqual([]);
  });

  it('agrees with the runtime\'s time-zone data a minute either side of every change, 2007-2100', () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      for (let year = 2007; year <= 2100; year++) {
        // Each hour from 1:00 to 4:00 local, every zone included (6-13 UTC), of the days on which
        // the second Sunday of March (8th-14th) and the first of November (1st-7th) can fall.
        for (const [month, first] of [[2, 8], [10, 1]] as const) {
          for (let day = first; day < first + 7; day++) {
            for (let hourUtc = 6; hourUtc <= 13; hourUtc++) {
              for (const minute of [-1, 0, 1]) {
                const at = new Date(Date.UTC(year, month, day, hourUtc, minute));
                if (usZoneOffset(zone, at) !== intlOffset(zone, at)) wrong.push(`${zone} ${at.toISOString()}: ${usZoneOffset(zone, at)}, not ${intlOffset(zone, at)}`);
              }
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('agrees with it at any instant to 2200, and gives the same wall clock (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM, max: TO }), (zone, ms) => {
      const at = new Date(ms);
      expect(usZoneOffset(zone, at)).toBe(intlOffset(zone, at));
      expect(usWallClock(zone, at)!.wall.toISOString().slice(0, 19)).toBe(intlWall(zone, at));
    }), { numRuns: 3000 });
  });

  it('leaves other zones, earlier years and invalid dates to the caller', () => {
    expect(usZoneOffset('Europe/Paris', new Date())).toBeNull();
    expect(usZoneOffset('America/New_York', new Date(Date.UTC(2006, 6, 1)))).toBeNull();
    expect(usZoneOffset('America/New_York', new Date(Number.NaN))).toBeNull();
    // Where the runtime is asked instead, the answer is the same as before.
    expect(localNow(new Date(Date.UTC(2026, 6, 1, 12)), 'Europe/Paris')).toEqual({ date: '2026-07-01', weekday: 3, minutes: 14 * 60 });
  });
});

describe('the restaurants\' local time through it', () => {
  it('merchantLocalDateTime and localNow read as the runtime reads the zone (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...STATES), fc.integer({ min: FROM, max: Date.UTC(2100, 0, 1) }), (state, ms) => {
      const at = new Date(ms);
      const zone = merchantTimeZone(state);
      const offset = intlOffset(zone, at);
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      expect(merchantLocalDateTime(at, state)).toBe(`${intlWall(zone, at)}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`);
      const wall = intlWall(zone, at);
      const weekday = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();
      expect(localNow(at, zone)).toEqual({ date: wall.slice(0, 10), weekday, minutes: Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)) });
    }), { numRuns: 2000 });
  });

  it('turns at 2:00 on the Sundays of March and November in New York', () => {
    expect(merchantLocalDateTime(new Date('2026-03-08T06:59:00Z'), 'NY')).toBe('2026-03-08T01:59:00-05:00');
    expect(merchantLocalDateTime(new Date('2026-03-08T07:00:00Z'), 'NY')).toBe('2026-03-08T03:00:00-04:00');
    expect(merchantLocalDateTime(new Date('2026-11-01T05:59:00Z'), 'NY')).toBe('2026-11-01T01:59:00-04:00');
    expect(merchantLocalDateTime(new Date('2026-11-01T06:00:00Z'), 'NY')).toBe('2026-11-01T01:00:00-05:00');
    expect(merchantLocalDateTime(new Date('2026-07-01T12:00:00Z'), 'AZ')).toBe('2026-07-01T05:00:00-07:00');
  });
});
