import { and, isNull, lt, or } from 'drizzle-orm';
import type { ScheduledJob } from '../lib/scheduled-job';
import type { Db } from '../db/client';
import { contentPreviewGrants, staffLoginFailures, staffSessions } from '../db/schema';
import { LOCKOUT_WINDOW_MS } from '../modules/lockout';
import { expireAdjustments } from './adjustments';
import { expireSettingsChanges } from './settings';
import { contentJobs } from './content';

/** Deletes console sessions past their idle or absolute end, failure counts past their window that lock nobody, and spent content preview grants. */
export async function sweepStaff(db: Db, now: Date): Promise<string> {
  const sessions = await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.endsAt, now))).returning({ id: staffSessions.id });
  await db.delete(staffLoginFailures).where(and(
    lt(staffLoginFailures.firstFailureAt, new Date(now.getTime() - LOCKOUT_WINDOW_MS)),
    or(isNull(staffLoginFailures.lockedUntil), lt(staffLoginFailures.lockedUntil, now)),
  ));
  // Content preview grants never used within their GRANT_MINUTES, and preview sessions that have ended.
  await db.delete(contentPreviewGrants).where(or(and(isNull(contentPreviewGrants.usedAt), lt(contentPreviewGrants.expiresAt, now)), lt(contentPreviewGrants.endsAt, now)));
  const expired = await expireAdjustments(db, now);
  const settings = await expireSettingsChanges(db, now);
  return `${sessions.length} console sessions ended, ${expired} adjustment requests and ${settings} settings changes expired`;
}

/**
 * `staff-sweep`, every 10 minutes: the operator console's expired sessions, spent failure counts,
 * and adjustment requests and settings changes past their 72 hours; `content-publish`, every
 * minute: scheduled content publishes due.
 */
export function opsJobs(): ScheduledJob[] {
  return [{ name: 'staff-sweep', everyMs: 10 * 60_000, run: async ({ db, now }) => sweepStaff(db, now) }, ...contentJobs()];
}
