/**
 * Public entry of the auth module for other server parts (the operator console sends a member a
 * one-time sign-in link). Others import from here, never from the module's files (eslint.config.js).
 */
export { sendSignInLinks } from './sign-in-link';
