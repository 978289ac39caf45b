import type { Reservation } from '#shared/schemas/reservations';
import { buildReservationIcs, reservationIcsFileName } from '#shared/rules/reservation-ics';
import { paths } from '#shared/routes';

/** The reservation's .ics text for this site (UID on this host, a link to the member's reservations). */
export function reservationIcs(reservation: Reservation, productName: string, now = new Date()): string {
  return buildReservationIcs(reservation, {
    host: window.location.hostname,
    now,
    url: `${window.location.origin}${paths.account.reservations()}`,
    productName,
  });
}

/** Saves the reservation's calendar file (the browser's download). */
export function downloadReservationIcs(reservation: Reservation, productName: string) {
  const blob = new Blob([reservationIcs(reservation, productName)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = reservationIcsFileName(reservation.merchant.name, reservation.date);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
