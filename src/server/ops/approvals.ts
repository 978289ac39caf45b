import type { StaffRow } from '../db/schema';
import { AppError } from '../lib/app-error';

/**
 * The one rule of a second person's approval in the console (issue 27: reward adjustments above a
 * limit, settings changes of what members earn): a request waits 72 hours (approvalExpiry,
 * rules/adjustments.ts) for someone with approval rights who is not the requester. Each kind keeps
 * its own table; this decides, for a request locked in the caller's transaction, whether it may be
 * decided now.
 */

export const EXPIRED = 'This request waited more than 72 hours and has expired: ask for it again if it is still needed.';
export const OWN_REQUEST = 'You cannot decide on your own request: another person with approval rights must.';
export const notWaiting = (what: string) => `This ${what} is no longer waiting for approval.`;

export type WaitingRequest = { status: string; requestedBy: number; expiresAt: Date | null };

/**
 * 'decide' when `by` may decide the request now; 'expired' when its 72 hours have passed (the
 * caller marks it Expired, commits, then answers EXPIRED). Throws 409 for a request no longer
 * waiting and 403 for the requester's own.
 */
export function decisionCheck(row: WaitingRequest, by: Pick<StaffRow, 'id'>, now: Date, what: string): 'decide' | 'expired' {
  if (row.status !== 'PendingApproval') throw new AppError(409, notWaiting(what));
  if (row.requestedBy === by.id) throw AppError.forbidden(OWN_REQUEST);
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'decide';
}
