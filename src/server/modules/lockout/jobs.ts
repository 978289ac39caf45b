import type { ScheduledJob } from '../../lib/scheduled-job';
import { sweepLockouts } from './lockout';

/** `lockout-sweep`, every 10 minutes: deletes failure counts past their window and not locking anyone. */
export function lockoutJobs(): ScheduledJob[] {
  return [{
    name: 'lockout-sweep',
    everyMs: 10 * 60_000,
    run: async ({ db, now }) => sweepLockouts(db, now),
  }];
}
