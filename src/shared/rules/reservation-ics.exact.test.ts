import { describe, expect, it } from 'vitest';
import { buildReservationIcs, foldIcsLine, icsUtc, reservationIcsFileName, reservationIcsUid, type IcsReservation } from './reservation-ics';

/** The whole .ics of a reservation, line by line, and its folding and names at their limits (issue 31 item 1). */
const reservation: IcsReservation = {
  confirmationNumber: 'R3F9A0C12B7DE', dateTime: '2026-11-30T19:00:00-05:00', endsAt: '2026-12-01T01:30:00.000Z', partySize: 1, specialRequest: 'Window; please',
  merchant: { name: 'Luna', address1: '12 Main St', city: 'Brooklyn', state: 'NY', zipCode: '11201', phone: '(212) 555-0142' },
};

describe('the file, exactly', () => {
  it('writes every property in order, with CRLF line ends', () => {
    const ics = buildReservationIcs(reservation, { host: 'Delta.Example.com', now: new Date('2026-11-23T01:02:03.456Z'), url: 'https://d.example/r\r\nX', productName: 'Delta, Dining' });
    expect(ics.replace(/\r\n /g, '').split('\r\n')).toEqual([
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Delta\\, Dining//Reservations//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT',
      'UID:reservation-R3F9A0C12B7DE@delta.example.com', 'DTSTAMP:20261123T010203Z', 'DTSTART:20261201T000000Z', 'DTEND:20261201T013000Z',
      'SUMMARY:Reservation at Luna (1 guest)', 'LOCATION:Luna\\, 12 Main St\\, Brooklyn\\, NY 11201',
      'DESCRIPTION:Table for 1 guest at Luna.\\nConfirmation number: R3F9A0C12B7DE.\\nRestaurant phone: (212) 555-0142.\\nSpecial request: Window\\; please\\nManage or cancel: https://d.example/r\r\nX'.replace('\r\n', '\\n'),
      'URL:https://d.example/rX', 'STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR', '',
    ]);
  });

  it('leaves out what is not there: no phone, no request, no link; a default product name; an address with parts missing', () => {
    const ics = buildReservationIcs({ ...reservation, partySize: 4, specialRequest: '', merchant: { ...reservation.merchant, phone: '', city: '', zipCode: '' } }, { host: 'h', now: new Date('2026-11-23T00:00:00Z') });
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('PRODID:-//Dining rewards//Reservations//EN');
    expect(lines).toContain('SUMMARY:Reservation at Luna (4 guests)');
    expect(lines).toContain('LOCATION:Luna\\, 12 Main St\\, NY');
    expect(lines).toContain('DESCRIPTION:Table for 4 guests at Luna.\\nConfirmation number: R3F9A0C12B7DE.');
    expect(lines.some((l) => l.startsWith('URL:'))).toBe(false);
    expect(() => icsUtc('2026-13-01T00:00:00Z')).toThrow('Not a date-time: 2026-13-01T00:00:00Z');
  });
});

describe('folding at 75 octets', () => {
  it('keeps a line of 75 octets whole, folds one of 76, and counts the continuation space', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    expect(foldIcsLine('a'.repeat(75 + 74 + 1))).toBe(`${'a'.repeat(75)}\r\n ${'a'.repeat(74)}\r\n a`);
  });

  it('never splits a character: a two-octet letter that would cross the limit starts the next line', () => {
    const line = `${'a'.repeat(74)}é`;
    expect(new TextEncoder().encode(line).length).toBe(76);
    expect(foldIcsLine(line)).toBe(`${'a'.repeat(74)}\r\n é`);
  });
});

describe('names', () => {
  it('UIDs of safe characters only, with a stand-in for nothing', () => {
    expect(reservationIcsUid('R 1@2', 'A.B c')).toBe('reservation-R12@a.bc');
    expect(reservationIcsUid('', '@@')).toBe('reservation-x@x');
  });

  it('file names of letters, digits and dashes, at most 40 for the restaurant', () => {
    expect(reservationIcsFileName('Café Olé!', '2026-11-30')).toBe('reservation-cafe-ole-2026-11-30.ics');
    expect(reservationIcsFileName('---', '2026/11/30')).toBe('reservation-restaurant-20261130.ics');
    expect(reservationIcsFileName('x'.repeat(50), '2026-11-30')).toBe(`reservation-${'x'.repeat(40)}-2026-11-30.ics`);
  });
});
