import { describe, expect, it } from 'vitest';
import { LAST_SEATING_BEFORE_CLOSE_MINUTES, shiftsFromHours, shiftsWithinHours, type WeeklyShift } from './reservations';

/**
 * A restaurant's shifts inside its opening hours (issue 31 items 1 and 2): no seating before it
 * opens, none later than an hour before it closes, none on a day it is closed; a close past
 * midnight ends the day; a day the hours do not mention keeps its shifts.
 */
const shift = (weekday: number, firstSeating: number, lastSeating: number, name = 'Dinner'): WeeklyShift => ({ weekday, name, firstSeating, lastSeating });
const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('shiftsWithinHours', () => {
  it('trims a shift to the opening hours, to the minute, and keeps its other fields', () => {
    const hours = [{ day: 'Mon', open: '17:00', close: '22:00' }];
    expect(shiftsWithinHours([shift(1, h(16), h(23), 'Late')], hours)).toEqual([shift(1, h(17), h(22) - LAST_SEATING_BEFORE_CLOSE_MINUTES, 'Late')]);
    // Inside the hours already: unchanged.
    expect(shiftsWithinHours([shift(1, h(17, 30), h(20))], hours)).toEqual([shift(1, h(17, 30), h(20))]);
    // The last seating exactly an hour before closing stays; a seating that must start after it goes.
    expect(shiftsWithinHours([shift(1, h(21), h(21))], hours)).toEqual([shift(1, h(21), h(21))]);
    expect(shiftsWithinHours([shift(1, h(21, 15), h(21, 45))], hours)).toEqual([]);
  });

  it('drops shifts on a day the hours say is closed, and keeps those on a day they do not mention', () => {
    const hours = [{ day: 'Tue', open: null, close: null }, { day: 'Wed', open: '12:00', close: null }, { day: 'Thu', open: null, close: '22:00' }];
    expect(shiftsWithinHours([shift(2, h(18), h(21)), shift(3, h(18), h(21)), shift(4, h(18), h(21)), shift(5, h(18), h(21))], hours))
      .toEqual([shift(5, h(18), h(21))]);
  });

  it('reads a close at or before the opening (past midnight) as the end of the day', () => {
    const hours = [{ day: 'Fri', open: '17:00', close: '01:00' }, { day: 'Sat', open: '18:00', close: '18:00' }];
    expect(shiftsWithinHours([shift(5, h(17), h(23, 45))], hours)).toEqual([shift(5, h(17), h(23))]);
    expect(shiftsWithinHours([shift(6, h(18), h(22))], hours)).toEqual([shift(6, h(18), h(22))]);
  });

  it('matches each shift to its own weekday (Sunday first)', () => {
    const hours = [{ day: 'Sun', open: '10:00', close: '14:00' }, { day: 'Sat', open: '18:00', close: '23:00' }];
    expect(shiftsWithinHours([shift(0, h(9), h(20)), shift(6, h(9), h(20))], hours)).toEqual([shift(0, h(10), h(13)), shift(6, h(18), h(20))]);
  });
});

describe('shiftsFromHours, at its edges', () => {
  it('makes no shift when the hours leave less than an hour, and caps the last seating before midnight', () => {
    expect(shiftsFromHours([{ day: 'Mon', open: '11:00', close: '12:00' }], 1)).toEqual([{ firstSeating: h(11), lastSeating: h(11) }]);
    expect(shiftsFromHours([{ day: 'Mon', open: '11:00', close: '11:59' }], 1)).toEqual([]);
    expect(shiftsFromHours([{ day: 'Mon', open: '23:30', close: '02:00' }], 1)).toEqual([]);
    expect(shiftsFromHours([{ day: 'Mon', open: '20:00', close: '04:00' }], 1)).toEqual([{ firstSeating: h(20), lastSeating: h(23) }]);
    expect(shiftsFromHours([{ day: 'Mon', open: 'noon', close: '22:00' }], 1)).toEqual([]);
  });
});
