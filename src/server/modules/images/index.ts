/**
 * Public entry of the images module for other server modules: the cuisines of the generated
 * restaurant pictures. Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { CUISINE_BY_NAME } from './cuisines';
