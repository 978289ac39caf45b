/** §9 session constants. */
export const SESSION_MS = 900_000;
export const REMEMBER_ME_MS = 7_776_000_000;
export const SESSION_WARNING_MS = 60_000;
const TIMER_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * §4: the warning (one minute before) and the expiry timers, in ms from now; only when the
 * session ends within 24 hours and the member has a public id. Null means no timers.
 */
export function sessionTimers(opts: { expiresAt: string | number | Date | null; now: number; publicId: string | null | undefined }):
  { warnIn: number; expireIn: number } | null {
  if (!opts.publicId || opts.expiresAt === null) return null;
  const expireIn = new Date(opts.expiresAt).getTime() - opts.now;
  if (!Number.isFinite(expireIn) || expireIn > TIMER_HORIZON_MS) return null;
  return { warnIn: Math.max(0, expireIn - SESSION_WARNING_MS), expireIn: Math.max(0, expireIn) };
}
