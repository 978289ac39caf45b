import { z } from 'zod';
import { ADJUSTMENT_CODES, ADJUSTMENT_MAX, ADJUSTMENT_REASON_CODES } from '../rules/adjustments';

/** The console's reward adjustments (issue 27 item 3, rules/adjustments.ts, docs/features/console.md). */

export const ADJUSTMENT_STATUSES = ['Posted', 'PendingApproval', 'Rejected', 'Expired'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

const adjustmentId = z.coerce.number({ message: 'The adjustment id must be a number.' }).int('The adjustment id must be a whole number.')
  .positive('The adjustment id must be positive.').max(Number.MAX_SAFE_INTEGER, 'The adjustment id is too large.');

export const ZOpsAdjustmentRequest = z.object({
  sourceCode: z.enum(ADJUSTMENT_CODES, { message: `Choose the kind of adjustment (${ADJUSTMENT_CODES.join(', ')}).` }),
  /** In the partner's unit: whole miles or points, cents for cash back; negative takes back. */
  amount: z.number({ message: 'Enter the amount as a number.' }).int('Enter a whole amount (cents for cash back).')
    .refine((n) => n !== 0, 'Enter an amount other than zero.')
    .refine((n) => Math.abs(n) <= ADJUSTMENT_MAX, `The amount must be at most ${ADJUSTMENT_MAX.toLocaleString('en-US')} either way.`),
  reasonCode: z.enum(ADJUSTMENT_REASON_CODES, { message: 'Choose a reason from the list.' }),
  note: z.string({ message: 'Add a note for the record (the member does not see it).' }).trim()
    .min(3, 'Add a note for the record (the member does not see it).').max(500, 'The note must be 500 characters or fewer.'),
  /** A counter-adjustment: the posted adjustment it reverses (its amount must be the opposite). */
  reverses: adjustmentId.optional(),
  /** Made once per form: the same key sent again (a double click, a retry) answers the first request and posts nothing more. */
  idempotencyKey: z.string({ message: 'The request key is missing: reload the page and try again.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'The request key is not valid: reload the page and try again.'),
}).strict();
export type OpsAdjustmentRequest = z.infer<typeof ZOpsAdjustmentRequest>;

const who = z.object({ id: z.number(), name: z.string() });
/**
 * Who asked and who decided, for what a second person approves (server/ops/approvals.ts):
 * adjustments and partner settings changes.
 */
export const APPROVAL_TRAIL = {
  requestedBy: who,
  requestedAt: z.string(),
  /** Waiting ones: when they expire. */
  expiresAt: z.string().nullable(),
  decidedBy: who.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
};
export const ZOpsAdjustment = z.object({
  id: z.number(),
  partnerCode: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  sourceCode: z.enum(ADJUSTMENT_CODES),
  amount: z.number(),
  /** The amount in the partner's words ('1,500 miles', '$12.50'). */
  amountText: z.string(),
  reasonCode: z.enum(ADJUSTMENT_REASON_CODES),
  note: z.string(),
  reverses: z.number().nullable(),
  /** Posted and not reversed yet: a counter-adjustment may be made. */
  reversible: z.boolean(),
  status: z.enum(ADJUSTMENT_STATUSES),
  ...APPROVAL_TRAIL,
  rewardId: z.number().nullable(),
});
export type OpsAdjustment = z.infer<typeof ZOpsAdjustment>;

export const ZOpsAdjustmentsQuery = z.object({
  status: z.enum(ADJUSTMENT_STATUSES, { message: `status must be one of ${ADJUSTMENT_STATUSES.join(', ')}.` }).optional(),
  partner: z.string().trim().min(1).max(40).optional(),
}).strict();
export const ZOpsAdjustmentsResponse = z.object({ adjustments: z.array(ZOpsAdjustment) });
export const ZOpsAdjustmentParams = z.object({ adjustmentId });
export const ZOpsAdjustmentDecision = z.object({
  decision: z.enum(['approve', 'reject'], { message: 'Choose approve or reject.' }),
  note: z.string().trim().max(500, 'The note must be 500 characters or fewer.').optional(),
}).strict().refine((d) => d.decision === 'approve' || (d.note !== undefined && d.note.length >= 3), { message: 'Say why it is rejected (the requester reads it).', path: ['note'] });
