/**
 * Public entry of the reservations module for other server modules: reservations honoured by a
 * dine. Other modules import from here, never from the module's files (eslint.config.js).
 */
export { honouredReservations } from './reservations.repo';
