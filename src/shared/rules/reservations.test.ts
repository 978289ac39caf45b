import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AVAILABILITY_SPAN_MINUTES, DEFAULT_PARTY_SIZE, DEFAULT_RESERVATION_TIME, MAX_PARTY_SIZE, DEFAULT_MAX_ONLINE_PARTY, OVERLAP_WINDOW_MINUTES,
  availability, blockKey, noAvailabilityMessage, blockStarts, freeTable, bookingWindow, bookingWindowMessage, isInBookingWindow, isSeatingTime, localToInstant, minutesOf, overlapsWithin, pacingAllows,
  searchTime, shiftsFromHours, slotMinutes, timeChoices, DEFAULT_BOOKING_WINDOW_DAYS, MAX_BOOKING_WINDOW_DAYS, MIN_BOOKING_WINDOW_DAYS, tablesForParty, timeOf, turnMinutes, weekdayOf, type AvailabilityInput, type EngineSettings,
} from './reservations';

const MIN = 60_000;
const settings: EngineSettings = {
  minPartySize: 1, maxPartySize: 6, maxDaysInAdvance: 30, cutoffMinutes: 60, pacingParties: 2, pacingCovers: 8,
  turnTimes: [{ maxParty: 2, minutes: 90 }, { maxParty: 4, minutes: 105 }, { maxParty: 99, minutes: 120 }], closedDates: [],
};
// UTC as the restaurant's zone keeps the arithmetic readable; zones are tested in localToInstant below.
const utc = (date: string, minutes: number) => localToInstant(date, minutes, () => 0);
const base = (over: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  settings, shifts: [{ firstSeating: 17 * 60, lastSeating: 21 * 60 }], tables: [{ id: 1, minCovers: 1, maxCovers: 2 }, { id: 2, minCovers: 2, maxCovers: 4 }],
  booked: [], taken: new Set(), date: '2026-12-10', time: '19:00', partySize: 2, today: '2026-12-01', now: utc('2026-12-01', 12 * 60),
  toInstant: utc, ...over,
});

describe('§9 constants', () => {
  it('defaults to 19:00 for two, parties up to 6 online and 18 in the widget, a two-hour overlap window', () => {
    expect([DEFAULT_RESERVATION_TIME, DEFAULT_PARTY_SIZE, DEFAULT_MAX_ONLINE_PARTY, MAX_PARTY_SIZE, OVERLAP_WINDOW_MINUTES]).toEqual(['19:00', 2, 6, 18, 120]);
  });
});

describe('issue 24: the restaurant\'s booking window', () => {
  it('runs from the restaurant\'s today (never yesterday) to its setting\'s days ahead, both included', () => {
    const w = bookingWindow('2026-03-01', 30);
    expect(w).toEqual({ first: '2026-03-01', last: '2026-03-31' });
    expect(isInBookingWindow('2026-02-28', w)).toBe(false);
    expect(isInBookingWindow('2026-03-01', w)).toBe(true);
    expect(isInBookingWindow('2026-03-31', w)).toBe(true);
    expect(isInBookingWindow('2026-04-01', w)).toBe(false);
    expect(isInBookingWindow('2026-02-30', w)).toBe(false);
    expect(isInBookingWindow('soon', w)).toBe(false);
    // Across a leap day and a year end.
    expect(bookingWindow('2028-02-01', 90)).toEqual({ first: '2028-02-01', last: '2028-05-01' });
    expect(bookingWindow('2026-12-15', 60).last).toBe('2027-02-13');
  });

  it('keeps the setting within 30 to 90 days, whatever a row says', () => {
    expect([MIN_BOOKING_WINDOW_DAYS, DEFAULT_BOOKING_WINDOW_DAYS, MAX_BOOKING_WINDOW_DAYS]).toEqual([30, 60, 90]);
    expect(bookingWindow('2026-03-01', 365).last).toBe('2026-05-30');
    expect(bookingWindow('2026-03-01', 1).last).toBe('2026-03-31');
    expect(bookingWindow('2026-03-01', Number.NaN).last).toBe('2026-04-30');
    expect(() => bookingWindow('yesterday', 30)).toThrow();
  });

  it('says the window in words', () => {
    expect(bookingWindowMessage({ first: '2026-11-20', last: '2027-01-19' }))
      .toBe('Choose a date from November 20, 2026 to January 19, 2027: this restaurant takes reservations up to 60 days ahead.');
  });
});

describe('issue 24: times only inside the shifts', () => {
  const lunch = { firstSeating: 11 * 60 + 30, lastSeating: 14 * 60 };
  const dinner = { firstSeating: 17 * 60, lastSeating: 21 * 60 + 30 };

  it('offers every half hour of each shift from its first seating, never midnight', () => {
    expect(timeChoices([dinner, lunch]).map(timeOf)).toEqual([
      '11:30', '12:00', '12:30', '13:00', '13:30', '14:00',
      '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30',
    ]);
    expect(timeChoices([{ firstSeating: 17 * 60 + 10, lastSeating: 18 * 60 }]).map(timeOf)).toEqual(['17:15', '17:45']);
    expect(timeChoices([])).toEqual([]);
  });

  it('knows the seating times: quarter hours inside a shift', () => {
    expect(isSeatingTime(12 * 60 + 15, [lunch])).toBe(true);
    expect(isSeatingTime(14 * 60, [lunch])).toBe(true);
    expect(isSeatingTime(14 * 60 + 15, [lunch])).toBe(false);
    expect(isSeatingTime(12 * 60 + 10, [lunch])).toBe(false);
    expect(isSeatingTime(0, [lunch, dinner])).toBe(false);
  });

  it('searches the asked time when seated, else 19:00 when seated, else the first time offered', () => {
    expect(searchTime('12:15', [lunch, dinner])).toBe('12:15');
    expect(searchTime('03:00', [lunch, dinner])).toBe('19:00');
    expect(searchTime(null, [lunch, dinner])).toBe('19:00');
    expect(searchTime(undefined, [lunch])).toBe('11:30');
    expect(searchTime('19:00', [lunch])).toBe('11:30');
    expect(searchTime('25:00', [dinner])).toBe('19:00');
    expect(searchTime('19:00', [])).toBeNull();
  });

  it('makes a shift of the opening hours where the booking system keeps its shifts to itself', () => {
    const hours = [
      { day: 'Mon', open: '11:00', close: '22:00' },
      { day: 'Fri', open: '17:00', close: '01:00' },
      { day: 'Sat', open: '12:00', close: '12:30' },
      { day: 'Sun', open: null, close: null },
    ];
    expect(shiftsFromHours(hours, 1)).toEqual([{ firstSeating: 660, lastSeating: 1260 }]);
    expect(shiftsFromHours(hours, 5)).toEqual([{ firstSeating: 1020, lastSeating: 1380 }]);
    expect(shiftsFromHours(hours, 6)).toEqual([]);
    expect(shiftsFromHours(hours, 0)).toEqual([]);
    expect(shiftsFromHours(hours, 2)).toEqual([]);
  });
});

describe('times and slots', () => {
  it('reads HH:mm and writes it back', () => {
    expect(minutesOf('19:00')).toBe(1140);
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('23:59')).toBe(1439);
    for (const bad of ['24:00', '7:00', '19:60', '19:00:00', '']) expect(minutesOf(bad)).toBeNull();
    expect(timeOf(1140)).toBe('19:00');
    expect(timeOf(5)).toBe('00:05');
    expect(weekdayOf('2026-11-23')).toBe(1);
  });

  it('generates quarter-hour slots from each shift\'s first to last seating, merged and in order', () => {
    expect(slotMinutes([{ firstSeating: 17 * 60, lastSeating: 18 * 60 }])).toEqual([1020, 1035, 1050, 1065, 1080]);
    expect(slotMinutes([{ firstSeating: 17 * 60 + 5, lastSeating: 17 * 60 + 40 }])).toEqual([1035, 1050]);
    expect(slotMinutes([{ firstSeating: 18 * 60, lastSeating: 18 * 60 + 15 }, { firstSeating: 11 * 60 + 30, lastSeating: 11 * 60 + 45 }, { firstSeating: 18 * 60, lastSeating: 18 * 60 }]))
      .toEqual([690, 705, 1080, 1095]);
    expect(slotMinutes([])).toEqual([]);
  });

  it('turn times by party size, rounded up to whole quarter hours', () => {
    expect(turnMinutes(settings.turnTimes, 1)).toBe(90);
    expect(turnMinutes(settings.turnTimes, 2)).toBe(90);
    expect(turnMinutes(settings.turnTimes, 3)).toBe(105);
    expect(turnMinutes(settings.turnTimes, 18)).toBe(120);
    expect(turnMinutes([{ maxParty: 4, minutes: 100 }], 9)).toBe(105);
    expect(() => turnMinutes([], 2)).toThrow();
  });

  it('a reservation takes its table in 15-minute periods', () => {
    expect(blockStarts(0, 90)).toEqual([0, 15, 30, 45, 60, 75].map((m) => m * MIN));
  });
});

describe('tables and pacing', () => {
  const tables = [{ id: 3, minCovers: 4, maxCovers: 6 }, { id: 1, minCovers: 1, maxCovers: 2 }, { id: 2, minCovers: 2, maxCovers: 4 }, { id: 4, minCovers: 1, maxCovers: 2 }];
  it('seats a party at the smallest table that fits it', () => {
    expect(tablesForParty(tables, 2).map((t) => t.id)).toEqual([1, 4, 2]);
    expect(tablesForParty(tables, 3).map((t) => t.id)).toEqual([2]);
    expect(tablesForParty(tables, 5).map((t) => t.id)).toEqual([3]);
    expect(tablesForParty(tables, 7)).toEqual([]);
  });

  it('a table is free only when none of its periods of the turn is taken', () => {
    const at = 1000 * MIN;
    expect(freeTable(tables, new Set([blockKey(1, at + 75 * MIN)]), at, 90, 2)?.id).toBe(4);
    expect(freeTable(tables, new Set([blockKey(1, at + 90 * MIN)]), at, 90, 2)?.id).toBe(1);
    expect(freeTable(tables, new Set([blockKey(1, at), blockKey(4, at), blockKey(2, at + 15 * MIN)]), at, 90, 2)).toBeNull();
  });

  it('pacing counts parties and covers starting in the same 15 minutes', () => {
    const slot = 1000 * MIN;
    const pace = { pacingParties: 2, pacingCovers: 8 };
    expect(pacingAllows([{ startsAt: slot, partySize: 2 }], slot, 2, pace)).toBe(true);
    expect(pacingAllows([{ startsAt: slot, partySize: 2 }, { startsAt: slot + 14 * MIN, partySize: 2 }], slot, 2, pace)).toBe(false);
    expect(pacingAllows([{ startsAt: slot, partySize: 4 }], slot, 5, pace)).toBe(false);
    expect(pacingAllows([{ startsAt: slot - MIN, partySize: 4 }, { startsAt: slot + 15 * MIN, partySize: 4 }], slot, 4, pace)).toBe(true);
  });
});

describe('availability (§4 states)', () => {
  it('lists the free slots within two hours of the time asked, with a table for each', () => {
    const r = availability(base());
    expect(r.reason).toBeUndefined();
    expect(r.slots.map((s) => s.time)).toEqual(['17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
    expect(r.slots[0]).toEqual({ time: '17:00', startsAt: utc('2026-12-10', 1020), tableId: 1 });
    const early = availability(base({ time: '15:00' }));
    expect(early.slots.map((s) => s.time)).toEqual(['17:00']);
    expect(AVAILABILITY_SPAN_MINUTES).toBe(120);
  });

  it('too small and too big come first, with the restaurant\'s party limits', () => {
    expect(availability(base({ partySize: 7 }))).toEqual({ slots: [], reason: 'tooBig' });
    expect(availability(base({ partySize: 6 })).reason).toBe('none'); // fits the limits, no table seats six
    expect(availability(base({ partySize: 1, settings: { ...settings, minPartySize: 2 } }))).toEqual({ slots: [], reason: 'tooSmall' });
    expect(availability(base({ partySize: 7, date: '2027-06-01' })).reason).toBe('tooBig');
  });

  it('too far beyond the booking window, counted in the restaurant\'s days', () => {
    expect(availability(base({ date: '2026-12-31' })).reason).toBeUndefined();
    expect(availability(base({ date: '2027-01-01' }))).toEqual({ slots: [], reason: 'tooFar' });
  });

  it('too close when every slot near the time is inside the cut-off or past; later slots stay', () => {
    const now = utc('2026-12-10', 18 * 60 + 50);
    const r = availability(base({ today: '2026-12-10', now, time: '20:00' }));
    // 18:50 plus the 60-minute cut-off: 20:00 is the first slot left.
    expect(r.slots[0]?.time).toBe('20:00');
    expect(availability(base({ today: '2026-12-10', now, time: '18:00' })).slots.map((s) => s.time)).toEqual(['20:00']);
    expect(availability(base({ today: '2026-12-10', now, time: '17:30' }))).toEqual({ slots: [], reason: 'tooClose' });
    expect(availability(base({ today: '2026-12-10', now: utc('2026-12-10', 20 * 60 + 5), time: '19:00' }))).toEqual({ slots: [], reason: 'tooClose' });
    // Yesterday (allowed by §5 for the member's sake) is past at the restaurant.
    expect(availability(base({ date: '2026-11-30' })).reason).toBe('tooClose');
  });

  it('none on a closed date, a day without shifts, or when every table is taken', () => {
    expect(availability(base({ settings: { ...settings, closedDates: ['2026-12-10'] } }))).toEqual({ slots: [], reason: 'none' });
    expect(availability(base({ shifts: [] }))).toEqual({ slots: [], reason: 'none' });
    expect(availability(base({ time: '10:00' }))).toEqual({ slots: [], reason: 'none' });
    const taken = new Set<string>();
    for (const id of [1, 2]) for (let m = 15 * 60; m < 24 * 60; m += 15) taken.add(blockKey(id, utc('2026-12-10', m)));
    expect(availability(base({ taken }))).toEqual({ slots: [], reason: 'none' });
  });

  it('a booked table disappears for its turn, and pacing hides a full quarter hour', () => {
    const at = (m: number) => utc('2026-12-10', m);
    const taken = new Set(blockStarts(at(19 * 60), 90).flatMap((b) => [blockKey(1, b), blockKey(2, b)]));
    const r = availability(base({ taken }));
    const times = r.slots.map((s) => s.time);
    // 17:45 would run into 19:00 (90-minute turn); 20:30 is the first start after the turn.
    expect(times).toEqual(['17:00', '17:15', '17:30', '20:30', '20:45', '21:00']);
    const paced = availability(base({ booked: [{ startsAt: at(17 * 60), partySize: 2 }, { startsAt: at(17 * 60 + 5), partySize: 2 }] }));
    expect(paced.slots.map((s) => s.time)).not.toContain('17:00');
    expect(paced.slots.map((s) => s.time)).toContain('17:15');
  });

  it('property: every slot offered is within the span, in a shift, outside the cut-off, on a table that seats the party and is free for the turn', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 95 }), fc.array(fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 60, max: 95 })), { maxLength: 30 }),
      fc.integer({ min: 0, max: 24 * 60 - 1 }),
      (party, quarter, takenList, nowMinute) => {
        const time = timeOf(quarter * 15);
        const taken = new Set(takenList.map(([id, q]) => blockKey(id, utc('2026-12-10', q * 15))));
        const now = utc('2026-12-10', nowMinute);
        const input = base({ partySize: party, time, taken, today: '2026-12-10', now });
        const r = availability(input);
        if (r.slots.length === 0) return r.reason !== undefined;
        const turn = turnMinutes(settings.turnTimes, party);
        return r.reason === undefined && r.slots.every((s) => {
          const m = minutesOf(s.time)!;
          const table = input.tables.find((t) => t.id === s.tableId)!;
          return Math.abs(m - quarter * 15) <= AVAILABILITY_SPAN_MINUTES && m >= 17 * 60 && m <= 21 * 60 && s.startsAt >= now + 60 * MIN
            && table.minCovers <= party && party <= table.maxCovers && blockStarts(s.startsAt, turn).every((b) => !taken.has(blockKey(table.id, b)));
        });
      },
    ));
  });
});

describe('§8 overlap within two hours at one restaurant', () => {
  it('refuses a start less than two hours from another one, either side', () => {
    const at = 1_000_000 * MIN;
    expect(overlapsWithin([at], at + 119 * MIN)).toBe(true);
    expect(overlapsWithin([at], at - 119 * MIN)).toBe(true);
    expect(overlapsWithin([at], at + 120 * MIN)).toBe(false);
    expect(overlapsWithin([], at)).toBe(false);
  });
});

describe('localToInstant (the restaurant\'s zone)', () => {
  // New York: -5 before 2026-03-08 07:00Z, -4 until 2026-11-01 06:00Z.
  const ny = (ms: number) => (ms >= Date.UTC(2026, 2, 8, 7) && ms < Date.UTC(2026, 10, 1, 6) ? -240 : -300);
  it('turns local wall time into the instant, across daylight saving', () => {
    expect(new Date(localToInstant('2026-12-10', 19 * 60, ny)).toISOString()).toBe('2026-12-11T00:00:00.000Z');
    expect(new Date(localToInstant('2026-07-10', 19 * 60, ny)).toISOString()).toBe('2026-07-10T23:00:00.000Z');
    // 02:30 on the spring-forward day never happens: it lands just after the gap (03:30 EDT).
    expect(new Date(localToInstant('2026-03-08', 150, ny)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on the fall-back day happens twice: the first one (EDT).
    expect(new Date(localToInstant('2026-11-01', 90, ny)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('no-availability messages', () => {
  const limits = { minPartySize: 2, maxPartySize: 6, maxDaysInAdvance: 60, cutoffMinutes: 60 };
  it('say each §4 reason with the restaurant\'s limit', () => {
    expect(noAvailabilityMessage('tooSmall', limits)).toBe('This restaurant takes parties of 2 or more online.');
    expect(noAvailabilityMessage('tooBig', limits, '(212) 555-0100')).toBe('Parties of more than 6 cannot book online; please call the restaurant at (212) 555-0100.');
    expect(noAvailabilityMessage('tooFar', limits)).toContain('up to 60 days ahead');
    expect(noAvailabilityMessage('tooClose', limits)).toContain('closes 60 minutes before');
    expect(noAvailabilityMessage('none', limits)).toContain('No tables are available');
  });
});
