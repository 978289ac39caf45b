import { z } from 'zod';

/**
 * The console's queue of card-network events waiting for a person (issue 27 item 4,
 * docs/features/console.md "Card events"): refunds parked with no purchase yet, events the
 * engine sent to review (a refund whose purchase never came within 90 days, one of a purchase
 * already refunded in full or of another member's), and events the engine could not apply
 * (failed). Each may be applied again (through the engine) or dismissed with a reason.
 */

export const CARD_EVENT_KINDS = ['parked', 'review', 'failed'] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];

export const CARD_EVENT_KIND_LABELS: Record<CardEventKind, string> = {
  parked: 'Refund waiting for its purchase',
  review: 'In review',
  failed: 'Failed',
};

const eventId = z.string({ message: 'The event id is missing.' }).trim().min(1, 'The event id is missing.').max(64, 'An event id is 64 characters or fewer.');

export const ZOpsCardEventParams = z.object({ eventId });

export const ZOpsCardEventsQuery = z.object({
  partner: z.string().trim().min(1).max(40).optional(),
  kind: z.enum(CARD_EVENT_KINDS, { message: `kind must be one of ${CARD_EVENT_KINDS.join(', ')}.` }).optional(),
}).strict();

export const ZOpsCardEvent = z.object({
  /** The network's event id. */
  eventId: z.string(),
  kind: z.enum(CARD_EVENT_KINDS),
  /** auth | clearing | refund (as the network sent it). */
  type: z.string(),
  /** Null when no linked card has the event's token (only staff of all partners see those). */
  partnerCode: z.string().nullable(),
  memberId: z.number().nullable(),
  /** The card's last four digits only (null once the card is gone). */
  cardLastFour: z.string().nullable(),
  merchantName: z.string().nullable(),
  locationId: z.string().nullable(),
  /** As sent, in cents: negative for a refund. */
  amountCents: z.number().nullable(),
  transactionId: z.string().nullable(),
  originalTransactionId: z.string().nullable(),
  /** The restaurant's local date and time of the purchase or refund, as sent. */
  localDateTime: z.string().nullable(),
  receivedAt: z.string(),
  /** When the engine last decided it. */
  processedAt: z.string().nullable(),
  /** Since it was received. */
  ageHours: z.number(),
  /** What the engine said: why it waits, why it is in review, or the error it met. */
  note: z.string().nullable(),
});
export type OpsCardEvent = z.infer<typeof ZOpsCardEvent>;

export const ZOpsCardEventsResponse = z.object({ events: z.array(ZOpsCardEvent) });

export const ZOpsCardEventApplyRequest = z.object({
  note: z.string({ message: 'The note must be text.' }).trim().max(500, 'The note must be 500 characters or fewer.').optional(),
}).strict();

export const ZOpsCardEventDismissRequest = z.object({
  reason: z.string({ message: 'Give the reason for dismissing this event (it is kept with it).' }).trim()
    .min(3, 'Give the reason for dismissing this event (it is kept with it).').max(500, 'The reason must be 500 characters or fewer.'),
}).strict();

/** What became of an event the console acted on. */
export const ZOpsCardEventResult = z.object({
  eventId: z.string(),
  /**
   * applied: the engine applied it (or decided it for good: a duplicate, an unknown card…);
   * waiting: the engine decided it still needs a person (parked again, review, failed again);
   * queued: sent to the engine, which has not reached it yet; dismissed.
   */
  status: z.enum(['applied', 'waiting', 'queued', 'dismissed']),
  /** The inbox outcome now (null while queued). */
  outcome: z.string().nullable(),
  note: z.string().nullable(),
});
export type OpsCardEventResult = z.infer<typeof ZOpsCardEventResult>;
