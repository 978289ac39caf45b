/**
 * Public entry of the impressions module for other server modules and jobs/jobs.ts: its scheduled
 * job (retention). Other modules import from here, never from the module's files (eslint.config.js).
 */
export { impressionsJobs } from './jobs';
