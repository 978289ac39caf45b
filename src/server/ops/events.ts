import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { drainInbox, lockMembers, type DrainLog } from '../modules/card-network';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import { CARD_EVENT_KINDS, type CardEventKind, type OpsCardEvent, type OpsCardEventResult } from '#shared/schemas/ops-events';

/**
 * Card-network events waiting for a person (issue 27 item 4, docs/features/console.md "Card
 * events"). They are the engine's own inbox rows (card_network_inbox), never a copy: a refund
 * parked with no purchase yet (outcome `parked`, its open `parked_refunds` row), one the engine
 * sent to review (`review`: its purchase never came within 90 days, or it refunds a purchase
 * already refunded in full or another member's), and one the engine could not apply (`failed`,
 * the error in its note). Staff may
 * - apply it again: its inbox row becomes unapplied again (a parked refund's waiting row is closed
 *   as `requeued`) and the engine's own drain applies it, as the `card-network-apply` job would:
 *   a refund whose purchase has come since takes it back through the earning policy; one still
 *   without a purchase is parked again; nothing is written into reward rows here;
 * - dismiss it with a reason: the row keeps its outcome and says who dismissed it, when and why; a
 *   parked refund's waiting row is closed as `dismissed` (no purchase takes it any more).
 * Locks are taken in the engine's order (the member, then the parked refund, then the inbox row),
 * so an action never deadlocks with a chunk or the sweep.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Pick<Db, 'execute'>;

export const NO_SUCH_EVENT = 'There is no card event with this id among your partners.';
export const NOT_WAITING_DISMISSED = 'This event was dismissed already; there is nothing more to do with it.';
export const NOT_WAITING_QUEUED = 'This event is already waiting for the engine to apply it.';
export const notWaiting = (outcome: string | null) => `This event does not wait for a person any more (the engine recorded it as ${outcome ?? 'unknown'}); there is nothing to apply or dismiss.`;

/** How long apply-again waits for the engine before answering 'queued' (the scheduled job applies it then). */
const APPLY_WAIT_MS = 5_000;

type Raw = {
  id: string | number; event_id: string; type: string; body: Record<string, unknown> | string; received_at: Date | string; processed_at: Date | string | null;
  outcome: string | null; note: string | null; dismissed_at: Date | string | null; partner_id: number | null; partner_code: string | null; member_id: number | null;
  last_four: string | null; merchant_name: string | null; parked_open: boolean;
};

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The events with what a person needs: the partner and member (by the parked refund the engine
 * stored, else by the card's token), the card's last four, the restaurant.
 */
function selectEvents(where: SQL, limit: number): SQL {
  return sql`
    select i.id, i.event_id, i.type, i.body, i.received_at, i.processed_at, i.outcome, i.note, i.dismissed_at,
      coalesce(pr.partner_id, c.partner_id) as partner_id, p.code as partner_code, coalesce(pr.member_id, c.member_id) as member_id,
      coalesce(pc.last_four, c.last_four) as last_four, m.name as merchant_name, coalesce(pr.resolved_at is null, false) as parked_open
    from card_network_inbox i
    left join lateral (select * from parked_refunds r where r.event_id = i.event_id order by r.id desc limit 1) pr on true
    left join member_cards c on c.network_token = i.body->>'cardToken'
    left join member_cards pc on pc.id = pr.card_id
    left join merchant_network_locations l on l.location_id = i.body->>'merchantLocationId'
    left join merchants m on m.id = coalesce(pr.merchant_id, l.merchant_id)
    left join partners p on p.id = coalesce(pr.partner_id, c.partner_id)
    where ${where}
    order by i.received_at, i.id
    limit ${limit}`;
}

const waitingForPerson = sql`i.processed_at is not null and i.outcome in ('parked', 'review', 'failed') and i.dismissed_at is null`;

/** A parked refund row closed since (applied or expired in a race) leaves its inbox row saying so; 'parked' alone is not enough. */
const isWaiting = (r: Raw) => r.processed_at !== null && r.dismissed_at === null && (CARD_EVENT_KINDS as readonly string[]).includes(r.outcome ?? '')
  && (r.outcome !== 'parked' || r.parked_open);

function toEvent(r: Raw, now: Date): OpsCardEvent {
  const body = (typeof r.body === 'string' ? JSON.parse(r.body) : r.body) as Record<string, unknown>;
  const receivedAt = iso(r.received_at)!;
  return {
    eventId: r.event_id, kind: r.outcome as CardEventKind, type: r.type, partnerCode: r.partner_code, memberId: r.member_id, cardLastFour: r.last_four,
    merchantName: r.merchant_name, locationId: str(body.merchantLocationId), amountCents: typeof body.amountCents === 'number' ? body.amountCents : null,
    transactionId: str(body.transactionId), originalTransactionId: str(body.originalTransactionId), localDateTime: str(body.localDateTime),
    receivedAt, processedAt: iso(r.processed_at), ageHours: Math.max(0, Math.floor((now.getTime() - Date.parse(receivedAt)) / 3_600_000)), note: r.note,
  };
}

/** Whether the staff member may see an event: its partner is theirs; an event of no known partner only for staff of all partners. */
const visible = (scope: PartnerScope, partnerId: number | null) => (partnerId === null ? scope.allPartners : inScope(scope, partnerId));

/** The events waiting for a person on the staff member's partners (or one partner, one kind), oldest first. */
export async function listCardEvents(db: Db, opts: { scope: PartnerScope; partnerId?: number; kind?: CardEventKind; limit?: number; now?: Date }): Promise<OpsCardEvent[]> {
  const now = opts.now ?? new Date();
  const where = [waitingForPerson];
  if (opts.kind) where.push(sql`i.outcome = ${opts.kind}`);
  if (opts.partnerId !== undefined) where.push(sql`coalesce(pr.partner_id, c.partner_id) = ${opts.partnerId}`);
  if (!opts.scope.allPartners) where.push(sql`coalesce(pr.partner_id, c.partner_id) = any(array(select (jsonb_array_elements_text(${JSON.stringify(opts.scope.partnerIds)}::jsonb))::int))`);
  const found = await rows<Raw>(db, selectEvents(sql.join(where, sql` and `), opts.limit ?? 500));
  return found.filter(isWaiting).map((r) => toEvent(r, now));
}

/** One event as the queue shows it, whatever its state; another partner's answers 404 as if unknown. */
export async function cardEvent(db: Executor, scope: PartnerScope, eventId: string): Promise<{ raw: Raw; event: OpsCardEvent }> {
  const [raw] = await rows<Raw>(db, selectEvents(sql`i.event_id = ${eventId}`, 1));
  if (!raw || !visible(scope, raw.partner_id)) throw AppError.notFound(NO_SUCH_EVENT);
  return { raw, event: toEvent(raw, new Date()) };
}

/** The 409 for an event that no longer waits for a person. */
function requireWaiting(r: Raw): void {
  if (r.dismissed_at !== null) throw new AppError(409, NOT_WAITING_DISMISSED);
  if (r.processed_at === null) throw new AppError(409, NOT_WAITING_QUEUED);
  if (!isWaiting(r)) throw new AppError(409, notWaiting(r.outcome));
}

/**
 * Locks what an action changes, in the engine's order: the member (as a chunk does), the
 * event's open parked refund, then its inbox row; answers the row as it is now (checked again:
 * the engine or another person may have acted meanwhile).
 */
async function lockEvent(tx: Tx, scope: PartnerScope, eventId: string): Promise<Raw> {
  const { raw } = await cardEvent(tx, scope, eventId);
  if (raw.member_id !== null) await lockMembers(tx, [raw.member_id]);
  await tx.execute(sql`select id from parked_refunds where event_id = ${eventId} and resolved_at is null for update`);
  await tx.execute(sql`select id from card_network_inbox where event_id = ${eventId} for update`);
  const { raw: now } = await cardEvent(tx, scope, eventId);
  requireWaiting(now);
  return now;
}

const resultOf = (r: Raw): OpsCardEventResult => ({
  eventId: r.event_id,
  status: r.dismissed_at !== null ? 'dismissed' : r.processed_at === null ? 'queued' : isWaiting(r) ? 'waiting' : 'applied',
  outcome: r.processed_at === null ? null : r.outcome,
  note: r.processed_at === null ? null : r.note,
});

/**
 * Applies an event again through the engine: its inbox row is unapplied again (a parked refund's
 * waiting row closed as `requeued`, so the engine decides it afresh) and the engine's drain runs
 * (the same drainInbox the job and the in-process applier run; the event is the inbox's oldest
 * unapplied one, so the first chunk takes it). Answers what the engine made of it, or 'queued'
 * when another applier holds its member (the next run applies it).
 */
export async function applyCardEventAgain(db: Db, opts: { scope: PartnerScope; eventId: string; log?: DrainLog }): Promise<{ before: OpsCardEvent; after: OpsCardEventResult; partnerId: number | null; memberId: number | null }> {
  const locked = await db.transaction(async (tx) => {
    const raw = await lockEvent(tx, opts.scope, opts.eventId);
    await tx.execute(sql`update parked_refunds set resolved_at = now(), resolution = 'requeued' where event_id = ${opts.eventId} and resolved_at is null`);
    await tx.execute(sql`update card_network_inbox set processed_at = null, outcome = null, note = null where event_id = ${opts.eventId}`);
    return raw;
  });
  try {
    await drainInbox(db, { maxMs: APPLY_WAIT_MS, ...(opts.log ? { log: opts.log } : {}) });
  } catch (err) {
    // The database away: the event stays unapplied and the scheduled job applies it.
    opts.log?.error({ eventId: opts.eventId, error: String(err).slice(0, 300) }, 'card event sent again; the engine will apply it on its next run');
  }
  const { raw } = await cardEvent(db, { allPartners: true, partnerIds: [] }, opts.eventId);
  return { before: toEvent(locked, new Date()), after: resultOf(raw), partnerId: locked.partner_id, memberId: locked.member_id };
}

/** Dismisses an event with the reason: kept, marked with who and when; a parked refund's waiting row closed as `dismissed`. */
export async function dismissCardEvent(db: Db, opts: { scope: PartnerScope; eventId: string; staffId: number; reason: string }): Promise<{ before: OpsCardEvent; after: OpsCardEventResult; partnerId: number | null; memberId: number | null }> {
  return db.transaction(async (tx) => {
    const raw = await lockEvent(tx, opts.scope, opts.eventId);
    await tx.execute(sql`update parked_refunds set resolved_at = now(), resolution = 'dismissed' where event_id = ${opts.eventId} and resolved_at is null`);
    await tx.execute(sql`update card_network_inbox set dismissed_at = now(), dismissed_by = ${opts.staffId}, dismissed_reason = ${opts.reason} where event_id = ${opts.eventId}`);
    const { raw: after } = await cardEvent(tx, opts.scope, opts.eventId);
    return { before: toEvent(raw, new Date()), after: resultOf(after), partnerId: raw.partner_id, memberId: raw.member_id };
  });
}
