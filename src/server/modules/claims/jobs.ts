import type { ScheduledJob } from '../../lib/scheduled-job';
import { rematchSubmitted } from './claims.service';

/** `reward-claims-rematch`, every minute: missing-reward claims whose card-network record was not applied yet when filed. */
export function claimsJobs(): ScheduledJob[] {
  return [{
    name: 'reward-claims-rematch',
    everyMs: 60_000,
    run: async ({ db }) => `${await rematchSubmitted(db)} claims matched again`,
  }];
}
