import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { members, notifications, outbox, partners, redemptions } from '../../db/schema';
import type { AppConfig } from '../../config';
import { createMailer } from '../../lib/mailer';
import { HOLD_REASONS, REDEMPTION_TERMS } from '#shared/constants/redemptions';
import { memberWithCards, partnerId } from '../card-network/test-fixtures';
import { insertDine } from '../rewards/rewards.test-fixtures';
import { createRedemption } from '../redemptions/redemptions.service';
import { decideHold } from '../redemptions/holds';
import { giftCardClient, sendGiftCards } from '../redemptions/gift-cards';
import { startGiftCardSimulator, type GiftCardSimulator } from '../redemptions/provider/gift-card-simulator';
import { deliverPending, type GiftCardReader, type NotificationDeps } from './notifications.service';
import { CLAIM_LINK_NOT_IN_OUTBOX, claimLinkReader } from './jobs';

/**
 * The redemption mails (issue 28 item 6) through the real path: a redemption made by the service,
 * released by the team, ordered from the provider's simulator by the send job, and the mails the
 * transitions recorded sent by deliverPending into the outbox (the default transport). The claim
 * link is read from the provider when its mail goes and is stored nowhere but in that mail.
 */

let database: Database;
let sim: GiftCardSimulator;
let upromise: number;
const db = () => database.db;
const giftCard = (): AppConfig['giftCard'] => ({ source: 'simulator', apiUrl: sim.url, apiKey: 'test-key', webhookSecret: 'test-secret', fundingSourceId: 'balance' });

beforeAll(async () => {
  database = await createTestDatabase();
  sim = await startGiftCardSimulator({ port: 0, apiKey: 'test-key', webhookSecret: 'test-secret' });
  upromise = await partnerId(db(), 'upromise');
});
afterAll(async () => {
  await database.close();
  await sim.close();
});

const outboxMailer = () => createMailer({ db: db(), config: { mailFrom: 'no-reply@test.example', smtpUrl: undefined } });
const deps = (giftCards: NotificationDeps['giftCards'] = () => giftCardClient(giftCard())): NotificationDeps => ({
  db: db(), mailer: outboxMailer(), origin: (p) => `https://${p.code}.dining.test`, giftCards,
});
const mailsOf = (memberId: number) => db().select().from(outbox).where(eq(outbox.memberId, memberId)).orderBy(asc(outbox.id));
const rowsOf = (memberId: number) => db().select().from(notifications).where(eq(notifications.memberId, memberId)).orderBy(asc(notifications.id));

let keys = 0;
/** A member of Upromise (cash back) with `cents` in the balance, and a redemption of theirs released from its first-redemption hold. */
async function redeemed(amountCents: number, opts: { release?: boolean } = {}) {
  const m = await memberWithCards(db(), { partnerId: upromise });
  await db().update(members).set({ firstName: 'Ada' }).where(eq(members.id, m.memberId));
  const [member] = await db().select().from(members).where(eq(members.id, m.memberId));
  const [partner] = await db().select().from(partners).where(eq(partners.id, upromise));
  await insertDine(db(), member!, { status: 'Awarded', reward: 5_000 });
  const made = await createRedemption(db(), { partner: partner!, member: member! }, {
    body: { option: 'visa', amountCents, delivery: 'Email' }, idempotencyKey: `mail-key-${++keys}`, giftCards: true,
  });
  if (opts.release !== false) {
    await decideHold(db(), { scope: { allPartners: true, partnerIds: [] }, redemptionId: made.redemption.redemptionId, decision: 'release', note: 'Checked.', staffEmail: 'sup@example.test' });
  }
  return { member: member!, redemptionId: made.redemption.redemptionId };
}

describe('the redemption mails, sent by deliverPending', () => {
  it('a gift card made and completed: one received mail, one delivered mail with the claim link, and nothing more on the next run', async () => {
    const { member, redemptionId } = await redeemed(2_500);
    expect(await sendGiftCards(db(), giftCard())).toMatchObject({ sent: 1 });
    const [row] = await db().select().from(redemptions).where(eq(redemptions.creditId, redemptionId));
    expect(row).toMatchObject({ status: 'completed' });
    const claimLink = sim.orders().find((o) => o.externalId === redemptionId)?.reward.link;
    expect(claimLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rewards\/claim\/[0-9a-f]{32}$/);

    expect(await deliverPending(deps())).toEqual({ sent: 2, skipped: 0, retried: 0, failed: 0 });
    const mails = await mailsOf(member.id);
    expect(mails.map((x) => x.subject)).toEqual(['We received your redemption of $25.00', 'Your $25.00 Visa prepaid card is ready']);
    const [received, delivered] = mails as [typeof mails[number], typeof mails[number]];
    expect(received.toAddress).toBe(member.email);
    expect(received.textBody).toContain('Hello Ada,');
    expect(received.textBody).toContain(`Option: ${REDEMPTION_TERMS.visa.label}`);
    expect(received.textBody).toContain(`Goes to: ${member.email[0]}•••@example.com`);
    expect(received.textBody).toContain(`https://upromise.dining.test/account/redeem/${redemptionId}`);
    // Released before its mail went: the mail no longer says it waits.
    expect(received.textBody).not.toContain(HOLD_REASONS.firstRedemption);
    expect(received.textBody).not.toContain(claimLink!);
    // The card goes where the redemption said, once, with its link and the warning.
    expect(delivered.toAddress).toBe(row!.recipientEmail);
    expect(delivered.textBody).toContain(`Claim your Visa prepaid card: ${claimLink}`);
    expect(delivered.htmlBody).toContain(`<a href="${claimLink}">`);
    expect(delivered.textBody).toContain('This link is the card itself');
    expect(delivered.textBody).toContain(`https://upromise.dining.test/account/redeem/${redemptionId}`);

    // Again: nothing more goes.
    expect(await deliverPending(deps())).toEqual({ sent: 0, skipped: 0, retried: 0, failed: 0 });
    expect(await mailsOf(member.id)).toHaveLength(2);
    const rows = await rowsOf(member.id);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([['redemptionReceived', 'sent', 1], ['redemptionDelivered', 'sent', 1]]);
    // The link rests in the mail only: not in the notification rows, not in the redemption.
    const [after] = await db().select().from(redemptions).where(eq(redemptions.creditId, redemptionId));
    expect(JSON.stringify([rows, after])).not.toContain(claimLink!);
  });

  it('a held redemption: the received mail gives the hold in the words of the Redeem page and says it waits for our team', async () => {
    const { member } = await redeemed(2_500, { release: false });
    expect(await deliverPending(deps())).toMatchObject({ sent: 1 });
    const [mail] = await mailsOf(member.id);
    expect(mail!.textBody).toContain(HOLD_REASONS.firstRedemption);
    expect(mail!.textBody).toContain('It waits for our team until then');
  });

  it('a declined order ($25.91): a failed mail with the reason, saying the amount was returned', async () => {
    const { member, redemptionId } = await redeemed(2_591);
    await sendGiftCards(db(), giftCard());
    expect(await deliverPending(deps())).toEqual({ sent: 2, skipped: 0, retried: 0, failed: 0 });
    const mails = await mailsOf(member.id);
    expect(mails.map((x) => x.subject)).toEqual(['We received your redemption of $25.91', 'Your redemption of $25.91 could not be completed']);
    const failed = mails[1]!;
    expect(failed.textBody).toContain('Why: The gift-card provider declined the order.');
    expect(failed.textBody).toContain('$25.91 was returned to your balance.');
    expect(failed.textBody).toContain('Redeem again: https://upromise.dining.test/account/redeem\n');
    expect(failed.textBody).not.toContain(redemptionId);
    expect((await rowsOf(member.id)).map((r) => [r.kind, r.status])).toEqual([['redemptionReceived', 'sent'], ['redemptionFailed', 'sent']]);
  });

  it('the provider out of reach: the delivered mail waits and is retried, then sent once', async () => {
    const { member } = await redeemed(2_500);
    await sendGiftCards(db(), giftCard());
    let asked = 0;
    const down: GiftCardReader = { getOrder: () => { asked++; return Promise.reject(new Error('The gift-card provider had a problem (503).')); } };
    const now = new Date();
    // The received mail goes; the delivered one goes back to pending. A provider that failed is not asked again in the run.
    expect(await deliverPending(deps(() => down), { now })).toEqual({ sent: 1, skipped: 0, retried: 1, failed: 0 });
    expect(asked).toBe(1);
    const waiting = (await rowsOf(member.id)).find((r) => r.kind === 'redemptionDelivered');
    expect(waiting).toMatchObject({ status: 'pending', lastError: 'The gift-card provider had a problem (503).' });
    // Without a provider configured at all, the same.
    expect(await deliverPending(deps(() => null), { now: new Date(now.getTime() + 60_000) })).toMatchObject({ retried: 1 });
    expect(await deliverPending(deps(), { now: new Date(now.getTime() + 4 * 60_000) })).toEqual({ sent: 1, skipped: 0, retried: 0, failed: 0 });
    expect((await mailsOf(member.id)).map((x) => x.subject)).toEqual(['We received your redemption of $25.00', 'Your $25.00 Visa prepaid card is ready']);
  });

  it('goes to a closed account too (money owed), but never for a redemption that is not the row\'s member\'s', async () => {
    const { member, redemptionId } = await redeemed(2_591);
    await sendGiftCards(db(), giftCard());
    await db().update(members).set({ memberType: 'ClosedAccountMember', active: false }).where(eq(members.id, member.id));
    expect(await deliverPending(deps())).toMatchObject({ sent: 2 });
    expect((await mailsOf(member.id)).map((x) => x.subject)).toEqual(['We received your redemption of $25.91', 'Your redemption of $25.91 could not be completed']);

    // A row naming another member's redemption (rows and redemptions disagree): skipped, nothing sent.
    const other = await memberWithCards(db(), { partnerId: upromise });
    const [theirs] = await db().select().from(redemptions).where(eq(redemptions.creditId, redemptionId));
    // Due by this process's clock (the database's default now() has microseconds; a Date read in the same millisecond is earlier than it).
    const [row] = await db().insert(notifications).values({ partnerId: upromise, memberId: other.memberId, kind: 'redemptionDelivered', subjectId: theirs!.id, status: 'pending', nextAttemptAt: new Date() }).returning();
    expect(await deliverPending(deps(), { ids: [row!.id] })).toEqual({ sent: 0, skipped: 1, retried: 0, failed: 0 });
    expect((await rowsOf(other.memberId)).map((r) => [r.status, r.skipReason])).toEqual([['skipped', 'otherRedemption']]);
    expect(await mailsOf(other.memberId)).toEqual([]);
  });
});

describe('claimLinkReader: a claim link rests in the outbox only when it is the simulator\'s', () => {
  const reader: GiftCardReader = { getOrder: () => Promise.resolve({ link: null }) };
  const service = { source: 'service', apiUrl: 'https://testflight.example', apiKey: 'k', webhookSecret: 's', fundingSourceId: 'balance' } as const;

  it('without SMTP a real provider\'s link is refused: the mail fails and is retried', async () => {
    const refused = claimLinkReader({ smtpUrl: undefined, giftCard: service }, () => reader);
    await expect(refused!.getOrder('ORDER1')).rejects.toThrow(CLAIM_LINK_NOT_IN_OUTBOX);
  });

  it('the simulator without SMTP, or any provider with SMTP, is asked; no provider is none', () => {
    expect(claimLinkReader({ smtpUrl: undefined, giftCard: giftCard() }, () => reader)).toBe(reader);
    expect(claimLinkReader({ smtpUrl: 'smtp://mail.example:25', giftCard: service }, () => reader)).toBe(reader);
    expect(claimLinkReader({ smtpUrl: 'smtp://mail.example:25', giftCard: service }, undefined)).toBeNull();
  });
});
