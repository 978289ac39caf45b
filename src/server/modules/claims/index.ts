/**
 * Public entry of the claims module for other server modules and jobs/jobs.ts: its scheduled job
 * (claims matched again). Other modules import from here, never from the module's files
 * (eslint.config.js).
 */
export { claimsJobs } from './jobs';
