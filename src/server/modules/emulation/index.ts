/**
 * Public entry of the emulation module (the partner site's side of the console's "View as
 * member", §6): how long a view lasts. Others import from here, never from the module's files.
 */
export { EMULATION_MINUTES } from './emulation.routes';
