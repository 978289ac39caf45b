import type { Db } from '../../db/client';
import type { PartnerRow } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { timeSlices } from '../../lib/yield';
import { paths } from '#shared/routes';
import {
  dineMailDue, isRedemptionMailKind, mailDecision, redemptionMailDecision, type NotificationKind, type RedemptionMailKind,
} from '#shared/rules/notifications';
import { reviewLinkDecision } from '#shared/rules/review-link';
import type { RewardStatus } from '#shared/constants/rewards';
import { merchantLocalIso } from '#shared/rules/rewards/local-time';
import {
  cardMovedMail, dineAwardedMail, dineNotEarnedMail, dineSeenMail, redemptionDeliveredMail, redemptionFailedMail, redemptionReceivedMail,
  type Mail,
} from './mails';
import {
  claimPending, countStuck, dinesAwaitingMail, insertNotifications, loadContext, markFailed, markSent, markSkipped,
  type NewNotificationRow, type NotificationRow,
} from './notifications.repo';

/**
 * Reward and redemption notifications (docs/notifications.md), in two steps any number of workers may run at once:
 * 1. `recordDueDineMails`: every dine whose state calls for a mail (rules/notifications.ts) gets one
 *    notifications row for that kind — 'pending', or 'skipped' with the reason when the member may
 *    not get it — inserted with ON CONFLICT DO NOTHING on (kind, subject): a mail is owed once.
 * 2. `deliverPending`: claims due pending rows (FOR UPDATE SKIP LOCKED → 'sending'), checks the
 *    member again, hands the mail to the mailer and marks it 'sent'; a failed send goes back to
 *    'pending' with a later attempt time, up to MAX_ATTEMPTS.
 * Redemption mails are recorded by the redemptions module in the transaction that makes or moves
 * the redemption (recordRedemptionMail) and sent by step 2 like the others.
 */

/**
 * A gift-card order as read from the provider when its 'delivered' mail goes: only its claim link
 * matters here. The redemptions module's GiftCardClient fits (its RewardLink prints as hidden;
 * reveal() gives the link, for the mail's body only).
 */
export type GiftCardReader = { getOrder: (providerOrderId: string) => Promise<{ link: { reveal: () => string } | null }> };

export type NotificationDeps = {
  db: Db;
  mailer: Mailer;
  /** The partner site's origin for links in mails (partnerOrigin: partners.hosts, PARTNER_HOSTS, SITE_ORIGIN). */
  origin: (partner: Pick<PartnerRow, 'code' | 'hosts'>) => string;
  /**
   * Where a delivered gift card's claim link is read, at send time: the link is never stored by us.
   * Asked once per run, and only when such a mail is due; absent or null (gift cards not configured
   * here), the mail fails and is retried like a failed send.
   */
  giftCards?: () => GiftCardReader | null;
};

export const MAX_ATTEMPTS = 5;
/** Rows found per query, and mails claimed per batch. */
export const BATCH = 200;
const MINUTE = 60_000;

/** Step 1: records the mails dines call for. Answers how many rows were written (pending and skipped). */
export async function recordDueDineMails(db: Db, opts: { now?: Date; batch?: number } = {}): Promise<{ pending: number; skipped: number }> {
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? BATCH;
  const total = { pending: 0, skipped: 0 };
  const slice = timeSlices();
  for (;;) {
    await slice();
    const found = await dinesAwaitingMail(db, { now, limit: batch });
    const rows: NewNotificationRow[] = [];
    for (const d of found) {
      const kind = dineMailDue({ status: d.status as never, authAmountCents: d.authAmountCents, occurredAt: d.occurredAt }, now);
      if (!kind) continue;
      const decision = mailDecision({ kind, partnerId: d.partnerId, member: d.member, settings: d.rewardMails });
      rows.push({
        partnerId: d.partnerId, memberId: d.memberId, kind, subjectId: d.id, dineId: d.id,
        status: decision.send ? 'pending' : 'skipped', skipReason: decision.send ? null : decision.reason, nextAttemptAt: now,
      });
    }
    const inserted = await insertNotifications(db, rows);
    for (const r of inserted) total[r.status === 'pending' ? 'pending' : 'skipped'] += 1;
    // Another worker may have written the same rows meanwhile: stop when a full batch brought nothing new.
    if (found.length < batch || inserted.length === 0) return total;
  }
}

/** A moved card's notice to the member who lost it (cards.service, in the move's transaction). */
export async function recordCardMoved(tx: Db, opts: { partnerId: number; memberId: number; cardId: number; cardType: string; lastFour: string }): Promise<number | null> {
  const [row] = await insertNotifications(tx, [{
    partnerId: opts.partnerId, memberId: opts.memberId, kind: 'cardMoved', subjectId: opts.cardId, dineId: null,
    payload: { cardType: opts.cardType, lastFour: opts.lastFour }, status: 'pending',
  }]);
  return row?.id ?? null;
}

/** A redemption's mail (redemptions/transitions.ts, in the transaction that moves it): once per kind and redemption. */
export async function recordRedemptionMail(tx: Db, opts: { partnerId: number; memberId: number; kind: RedemptionMailKind; redemptionId: number }): Promise<number | null> {
  const [row] = await insertNotifications(tx, [{
    partnerId: opts.partnerId, memberId: opts.memberId, kind: opts.kind, subjectId: opts.redemptionId, dineId: null, status: 'pending',
  }]);
  return row?.id ?? null;
}

type Context = Awaited<ReturnType<typeof loadContext>>;
type Built = { mail: Mail; to: string } | { skip: string };

/**
 * A redemption's mail (docs/notifications.md "Redemption mails"): to open and closed accounts
 * alike (money the member asked for: redemptionMailDecision, not the partner's reward-mail
 * settings). The 'delivered' mail reads the gift card's claim link from the provider now; a
 * provider that cannot be reached throws, and the row is retried.
 */
async function buildRedemptionMail(row: NotificationRow & { kind: RedemptionMailKind }, ctx: Context, deps: NotificationDeps, giftCards: () => GiftCardReader | null): Promise<Built> {
  const member = ctx.members.get(row.memberId);
  const partner = ctx.partners.get(row.partnerId);
  if (!member || !partner) return { skip: 'memberGone' };
  const redemption = ctx.redemptions.get(row.subjectId);
  if (!redemption) return { skip: 'redemptionGone' };
  // The row, its redemption and its member are one member's of one partner, or nothing goes.
  if (redemption.partnerId !== row.partnerId || redemption.memberId !== row.memberId) return { skip: 'otherRedemption' };
  const decision = redemptionMailDecision({ partnerId: row.partnerId, member });
  if (!decision.send) return { skip: decision.reason };
  const origin = deps.origin(partner);
  const held = redemption.holdReason && !redemption.releasedAt && redemption.status === 'pending' ? redemption.holdReason : null;
  const input = {
    partner, member,
    redemption: {
      option: redemption.option, amountCents: redemption.amountCents, feeCents: redemption.feeCents, destination: redemption.targetLabel,
      hold: held, note: redemption.note,
    },
  };
  const redemptionLink = `${origin}${paths.account.redemption(redemption.creditId)}`;
  switch (row.kind) {
    case 'redemptionReceived':
      return { to: member.email, mail: redemptionReceivedMail({ ...input, redemptionLink }) };
    case 'redemptionFailed':
      return { to: member.email, mail: redemptionFailedMail({ ...input, redeemLink: `${origin}${paths.account.redeem()}` }) };
    case 'redemptionDelivered': {
      if (redemption.status !== 'completed') return { skip: 'notCompleted' };
      // Errors name the redemption and the order, never the link.
      if (!redemption.providerOrderId) throw new Error(`Redemption ${redemption.creditId} has no provider order to read its claim link from.`);
      const reader = giftCards();
      if (!reader) throw new Error(`No gift-card provider is configured here to read the claim link of redemption ${redemption.creditId}.`);
      const order = await reader.getOrder(redemption.providerOrderId);
      if (!order.link) throw new Error(`The provider's order ${redemption.providerOrderId} (redemption ${redemption.creditId}) has no claim link.`);
      // The card goes where the redemption said it would (its address when it was made; "Goes to" of the received mail).
      const to = redemption.recipientEmail ?? member.email;
      if (!to.includes('@')) return { skip: 'noEmail' };
      return { to, mail: redemptionDeliveredMail({ ...input, claimLink: order.link.reveal(), redemptionLink }) };
    }
  }
}

function build(row: NotificationRow, ctx: Context, deps: NotificationDeps, now: Date): Built {
  const member = ctx.members.get(row.memberId);
  const partner = ctx.partners.get(row.partnerId);
  if (!member || !partner) return { skip: 'memberGone' };
  // The member as they are now: an account closed since the row was written gets nothing.
  const decision = mailDecision({ kind: row.kind as NotificationKind, partnerId: row.partnerId, member, settings: partner.rewardMails });
  if (!decision.send) return { skip: decision.reason };
  const origin = deps.origin(partner);
  const activityLink = `${origin}${paths.account.recentActivity()}`;
  if (row.kind === 'cardMoved') {
    return { to: member.email, mail: cardMovedMail({ partner, member, cardType: row.payload.cardType ?? 'card', lastFour: row.payload.lastFour ?? '', addCardLink: `${origin}${paths.addCard()}`, activityLink }) };
  }
  const found = row.dineId === null ? undefined : ctx.dines.get(row.dineId);
  if (!found) return { skip: 'dineGone' };
  const dine = { ...found.dine, merchantName: found.merchantName };
  const input = { partner, member, dine, activityLink };
  switch (row.kind) {
    case 'dineSeen':
      return { to: member.email, mail: dineSeenMail(input) };
    case 'dineAwarded': {
      // §5: the visit may be reviewed (a restaurant, within 35 days, not reviewed yet): the mail invites it.
      const d = found.dine;
      const reviewable = reviewLinkDecision({
        transactionCreatedAt: merchantLocalIso(d.occurredAt, d.localDate, d.localMinutes), transactionStatus: d.status as RewardStatus,
        transactionTypeCode: 'S', merchantId: d.merchantId, reviewed: ctx.reviewed.has(d.id),
      }, now).ok;
      return { to: member.email, mail: dineAwardedMail({ ...input, reviewLink: reviewable ? `${origin}${paths.account.review(d.transactionId)}` : null }) };
    }
    case 'dineNotEarned':
      return { to: member.email, mail: dineNotEarnedMail(input) };
    default:
      return { skip: 'unknownKind' };
  }
}

/**
 * The provider of one deliverPending run: made when the first delivered gift card's mail needs it,
 * and not asked again in this run once it failed (a provider that is down would otherwise hold the
 * run for each mail's timeouts); those mails are retried on later runs.
 */
function onceARun(make: NotificationDeps['giftCards']): () => GiftCardReader | null {
  let made: { reader: GiftCardReader | null } | undefined;
  let failure: unknown;
  return () => {
    made ??= { reader: make?.() ?? null };
    const reader = made.reader;
    if (!reader) return null;
    return {
      getOrder: async (providerOrderId) => {
        if (failure !== undefined) throw failure;
        try {
          return await reader.getOrder(providerOrderId);
        } catch (err) {
          failure = err;
          throw err;
        }
      },
    };
  };
}

export type DeliverResult = { sent: number; skipped: number; retried: number; failed: number };

/** Step 2: sends due pending mails, batch after batch; `ids` limits it to those rows (a card move sends its notice at once). */
export async function deliverPending(deps: NotificationDeps, opts: { now?: Date; batch?: number; ids?: readonly number[] } = {}): Promise<DeliverResult> {
  const { db } = deps;
  const batch = opts.batch ?? BATCH;
  const result: DeliverResult = { sent: 0, skipped: 0, retried: 0, failed: 0 };
  const giftCards = onceARun(deps.giftCards);
  // Each mail is a few statements and a message built: on the embedded database (the server's
  // thread) a batch of 200 held requests for half a second; they go in between every 10 ms.
  const slice = timeSlices();
  for (;;) {
    const now = opts.now ?? new Date();
    const claimed = await claimPending(db, { now, limit: batch, ids: opts.ids });
    if (claimed.length === 0) return result;
    const ctx = await loadContext(db, claimed);
    for (const row of claimed) {
      await slice();
      let built: Built;
      try {
        built = isRedemptionMailKind(row.kind) ? await buildRedemptionMail({ ...row, kind: row.kind }, ctx, deps, giftCards) : build(row, ctx, deps, now);
        if (!('skip' in built)) await deps.mailer.send({ partner: ctx.partners.get(row.partnerId)!, memberId: row.memberId, to: built.to, ...built.mail });
      } catch (err) {
        // A mail that could not be made (the gift-card provider not reached) or sent. The message is
        // an error's, never the mail's body: a claim link does not reach last_error.
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        const last = row.attempts >= MAX_ATTEMPTS;
        // 1, 2, 4, 8 minutes between attempts.
        await markFailed(db, row.id, { error, retryAt: last ? null : new Date(now.getTime() + 2 ** (row.attempts - 1) * MINUTE) });
        result[last ? 'failed' : 'retried'] += 1;
        continue;
      }
      if ('skip' in built) {
        await markSkipped(db, row.id, built.skip);
        result.skipped += 1;
        continue;
      }
      await markSent(db, row.id, new Date());
      result.sent += 1;
    }
    if (claimed.length < batch) return result;
  }
}

/** The scheduled job's run: record what dines call for, then send; with the count of rows left 'sending' by a stopped process. */
export async function runNotifications(deps: NotificationDeps, opts: { now?: Date } = {}): Promise<string> {
  const now = opts.now ?? new Date();
  const recorded = await recordDueDineMails(deps.db, { now });
  const delivered = await deliverPending(deps, { now });
  const stuck = await countStuck(deps.db, { before: new Date(now.getTime() - 60 * MINUTE) });
  return `${recorded.pending} mails owed and ${recorded.skipped} skipped by dines; ${delivered.sent} sent, ${delivered.skipped} skipped, `
    + `${delivered.retried} to retry, ${delivered.failed} failed${stuck ? `; ${stuck} left sending by a stopped process` : ''}`;
}
