/**
 * Public entry of the client-errors module for the errors plugin and the operator console: errors
 * kept under the reference code a visitor was shown (browser reports and the server's own 5xx
 * answers), and finding one by that code. Others import from here, never from the module's files.
 */
export { clientErrorsRoutes } from './client-errors.routes';
export { findErrorByReference, recordServerError } from './error-records';
export { errorRecordsJobs } from './jobs';
