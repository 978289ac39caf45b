/**
 * Public entry of the cards module for other server modules (the operator console): closing a
 * member's account. Other modules import from here, never from the module's files (eslint.config.js).
 */
export { closeMemberAccount } from './cards.service';
