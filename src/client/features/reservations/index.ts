/**
 * Table reservations, client (issue 11; docs/api-reservations.md): the widget and modal of the
 * restaurant page and the account centre's list.
 */
export { ReservationWidget, offersReservationWidget } from './components/reservation-widget';
export { ReservationsList } from './components/reservations-list';
