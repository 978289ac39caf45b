import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildReservationIcs, escapeIcsText, foldIcsLine, icsUtc, reservationIcsFileName, reservationIcsUid, type IcsReservation,
} from './reservation-ics';

const reservation: IcsReservation = {
  confirmationNumber: 'R3F9A0C12B7DE',
  dateTime: '2026-11-30T19:00:00-05:00',
  endsAt: '2026-12-01T01:30:00.000Z',
  partySize: 2,
  specialRequest: '',
  merchant: { name: 'Luna Trattoria', address1: '12 Main St', city: 'Brooklyn', state: 'NY', zipCode: '11201', phone: '(212) 555-0142' },
};
const opts = { host: 'delta.example.com', now: new Date('2026-11-23T01:02:03.456Z'), url: 'https://delta.example.com/account/reservations' };

/** The unfolded property lines of a file. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');
const prop = (ics: string, name: string) => unfold(ics).find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

describe('reservation .ics', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes the start at the restaurant\'s offset as UTC, whatever the browser zone', () => {
    const ics = buildReservationIcs(reservation, opts);
    expect(prop(ics, 'DTSTART')).toBe('20261201T000000Z');
    expect(prop(ics, 'DTEND')).toBe('20261201T013000Z');
    // The same wall time in Los Angeles is three hours later in UTC.
    const la = buildReservationIcs({ ...reservation, dateTime: '2026-11-30T19:00:00-08:00', endsAt: '2026-12-01T04:30:00.000Z' }, opts);
    expect(prop(la, 'DTSTART')).toBe('20261201T030000Z');
    // Summer time: 19:00-04:00 in New York.
    expect(icsUtc('2026-07-04T19:00:00-04:00')).toBe('20260704T230000Z');
    expect(() => icsUtc('not a date')).toThrow();
  });

  it('has a stable UID from the confirmation number and the host, and the details', () => {
    const a = buildReservationIcs(reservation, opts);
    const b = buildReservationIcs(reservation, { ...opts, now: new Date('2026-11-24T00:00:00Z') });
    expect(prop(a, 'UID')).toBe('reservation-R3F9A0C12B7DE@delta.example.com');
    expect(prop(a, 'UID')).toBe(prop(b, 'UID'));
    expect(prop(a, 'DTSTAMP')).toBe('20261123T010203Z');
    expect(prop(a, 'SUMMARY')).toBe('Reservation at Luna Trattoria (2 guests)');
    expect(prop(a, 'LOCATION')).toBe('Luna Trattoria\\, 12 Main St\\, Brooklyn\\, NY 11201');
    expect(prop(a, 'DESCRIPTION')).toContain('Confirmation number: R3F9A0C12B7DE.');
    expect(prop(a, 'URL')).toBe(opts.url);
    expect(a.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(a.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    // No bare LF anywhere: every line ends in CRLF.
    expect(a.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(reservationIcsUid('R 1@x', 'Evil Host@a')).toBe('reservation-R1x@evilhosta');
  });

  it('keeps a hostile restaurant name and request inside their properties', () => {
    const ics = buildReservationIcs({
      ...reservation,
      specialRequest: 'Birthday;\nEND:VEVENT\nBEGIN:VEVENT',
      merchant: { ...reservation.merchant, name: 'Bar, Grill; & "Co"\r\nATTENDEE:evil' },
    }, opts);
    const lines = unfold(ics);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('ATTENDEE'))).toBe(false);
    expect(prop(ics, 'SUMMARY')).toBe('Reservation at Bar\\, Grill\\; & "Co"\\nATTENDEE:evil (2 guests)');
  });

  it('folds lines at 75 octets without splitting characters', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
      const folded = foldIcsLine(`DESCRIPTION:${text}`);
      const enc = new TextEncoder();
      for (const line of folded.split('\r\n')) expect(enc.encode(line).length).toBeLessThanOrEqual(75);
      expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${text}`);
    }));
  });

  it('names the file after the restaurant and the date', () => {
    expect(reservationIcsFileName('Café Lumière & Bar', '2026-11-30')).toBe('reservation-cafe-lumiere-bar-2026-11-30.ics');
    expect(reservationIcsFileName('!!!', '2026-11-30')).toBe('reservation-restaurant-2026-11-30.ics');
  });
});
