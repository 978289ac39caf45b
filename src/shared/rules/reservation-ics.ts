/**
 * The calendar file of a table reservation (RFC 5545 iCalendar, one VEVENT). Pure: the same
 * reservation always gives the same file, whatever the browser's time zone.
 *
 * Time zone: the reservation's `dateTime` carries the restaurant's UTC offset (19:00-05:00); the
 * event is written as that instant in UTC (DTSTART:20261201T000000Z), so every calendar shows it
 * at 19:00 restaurant time, converted to the viewer's zone — no VTIMEZONE table is needed and the
 * browser's own zone plays no part.
 */

export type IcsReservation = {
  /** The booking's confirmation number: the stable part of the UID (a calendar updates, never duplicates, the event). */
  confirmationNumber: string;
  /** ISO 8601 with the restaurant's offset, e.g. 2026-11-30T19:00:00-05:00. */
  dateTime: string;
  /** When the table is expected back (ISO 8601); the event's end. */
  endsAt: string;
  partySize: number;
  specialRequest?: string;
  merchant: { name: string; address1: string; city: string; state: string; zipCode: string; phone: string };
};

export type IcsOptions = {
  /** The site's host, the UID's domain part (e.g. delta.example.com). */
  host: string;
  /** The file's DTSTAMP (when it was made). */
  now: Date;
  /** The page of the member's reservations (absolute URL), linked from the event. */
  url?: string;
  /** The programme's name, for PRODID. */
  productName?: string;
};

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** UTC DATE-TIME form (YYYYMMDDTHHMMSSZ) of an ISO 8601 instant; throws on an unreadable one. */
export function icsUtc(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Not a date-time: ${iso}`);
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * Lines of at most 75 octets (RFC 5545 §3.1): longer ones continue on the next line after a
 * space, never splitting a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // the leading space counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UID part made only of safe characters (no spaces, no '@'). */
const uidPart = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '') || 'x';

export function reservationIcsUid(confirmationNumber: string, host: string): string {
  return `reservation-${uidPart(confirmationNumber)}@${uidPart(host.toLowerCase())}`;
}

/** The .ics text (CRLF line ends) of a reservation. */
export function buildReservationIcs(r: IcsReservation, opts: IcsOptions): string {
  const m = r.merchant;
  const address = [m.address1, [m.city, [m.state, m.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');
  const guests = `${r.partySize} ${r.partySize === 1 ? 'guest' : 'guests'}`;
  const description = [
    `Table for ${guests} at ${m.name}.`,
    `Confirmation number: ${r.confirmationNumber}.`,
    m.phone ? `Restaurant phone: ${m.phone}.` : '',
    r.specialRequest ? `Special request: ${r.specialRequest}` : '',
    opts.url ? `Manage or cancel: ${opts.url}` : '',
  ].filter(Boolean).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(opts.productName ?? 'Dining rewards')}//Reservations//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${reservationIcsUid(r.confirmationNumber, opts.host)}`,
    `DTSTAMP:${icsUtc(opts.now.toISOString())}`,
    `DTSTART:${icsUtc(r.dateTime)}`,
    `DTEND:${icsUtc(r.endsAt)}`,
    `SUMMARY:${escapeIcsText(`Reservation at ${m.name} (${guests})`)}`,
    `LOCATION:${escapeIcsText(`${m.name}, ${address}`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    ...(opts.url ? [`URL:${opts.url.replace(/[\r\n]/g, '')}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** A file name for the download: letters, digits and dashes only. */
export function reservationIcsFileName(merchantName: string, date: string): string {
  const slug = merchantName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'restaurant';
  return `reservation-${slug}-${date.replace(/[^0-9-]/g, '')}.ics`;
}
