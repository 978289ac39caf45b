/**
 * Public entry of the claims module for other server parts: its scheduled job (claims matched
 * again, jobs/jobs.ts) and, for the operator console's queue, the review queue and its
 * resolution with the member's e-mail. Others import from here, never from the module's files
 * (eslint.config.js).
 */
export { claimsJobs } from './jobs';
export { notify } from './claims.routes';
export { claimWithNames } from './claims.repo';
export { claimCandidates, resolveClaim, reviewClaims, toClaim } from './claims.service';
