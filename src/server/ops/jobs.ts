import { and, isNull, lt, or } from 'drizzle-orm';
import type { ScheduledJob } from '../lib/scheduled-job';
import type { Db } from '../db/client';
import { staffLoginFailures, staffSessions } from '../db/schema';
import { LOCKOUT_WINDOW_MS } from '../modules/lockout';
import { expireAdjustments } from './adjustments';
import { expireSettingsChanges } from './settings';

/** Deletes console sessions past their idle or absolute end, and failure counts past their window that lock nobody. */
export async function sweepStaff(db: Db, now: Date): Promise<string> {
  const sessions = await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.endsAt, now))).returning({ id: staffSessions.id });
  await db.delete(staffLoginFailures).where(and(
    lt(staffLoginFailures.firstFailureAt, new Date(now.getTime() - LOCKOUT_WINDOW_MS)),
    or(isNull(staffLoginFailures.lockedUntil), lt(staffLoginFailures.lockedUntil, now)),
  ));
  const expired = await expireAdjustments(db, now);
  const settings = await expireSettingsChanges(db, now);
  return `${sessions.length} console sessions ended, ${expired} adjustment requests and ${settings} settings changes expired`;
}

/** `staff-sweep`, every 10 minutes: the operator console's expired sessions, spent failure counts, and adjustment requests and settings changes past their 72 hours. */
export function opsJobs(): ScheduledJob[] {
  return [{ name: 'staff-sweep', everyMs: 10 * 60_000, run: async ({ db, now }) => sweepStaff(db, now) }];
}
