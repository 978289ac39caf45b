/**
 * Public entry of the flex-offers module for other server modules and jobs/jobs.ts: its scheduled
 * job (win-back offers). Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { flexOffersJobs } from './jobs';
