/**
 * Public entry of the notifications module for other server modules: reward notifications to
 * deliver and card moves to record. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { deliverPending, recordCardMoved } from './notifications.service';
