import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CardNetworkEvent } from '#shared/schemas/rewards';
import { createTestDatabase } from '../../test/db';
import type { Database, Db } from '../../db/client';
import { dines, members, notifications, outbox, partners } from '../../db/schema';
import { createMailer, type Mailer } from '../../lib/mailer';
import { drainInbox } from '../card-network/engine';
import { memberWithCards, partnerId, receive, setTerms } from '../card-network/test-fixtures';
import { merchantLocalDateTime } from '#shared/rules/rewards/local-time';
import { deliverPending, recordDueDineMails, runNotifications, type NotificationDeps } from './notifications.service';
import { appJobs } from '../../jobs/jobs';
import { createReview } from '../reviews/reviews.service';
import { createScheduler } from '../../jobs/scheduler';

/**
 * Reward notifications through the real path: card events into the inbox, the engine applies them,
 * the notifications job records and sends; mails land in the outbox (the default transport).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let database: Database;
let delta: number; // miles: 1, 1, 3, 5 per $1
let daak: number; // cash back
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  delta = await partnerId(db(), 'delta');
  daak = await partnerId(db(), 'daak');
  for (const id of [1, 2, 3]) await setTerms(db(), id);
  await drainInbox(db());
});
afterAll(async () => { await database.close(); });

const outboxMailer = (d: Db = db()) => createMailer({ db: d, config: { mailFrom: 'no-reply@test.example', smtpUrl: undefined } });
const deps = (mailer: Mailer = outboxMailer()): NotificationDeps => ({ db: db(), mailer, origin: (p) => `https://${p.code}.dining.test` });

let n = 0;
/** A purchase `hoursAgo` at restaurant 1 (New York), authorised, and cleared when `clearCents` is given; applied by the engine. */
async function dine(token: string, opts: { authCents?: number | null; clearCents?: number; hoursAgo?: number; location?: string } = {}): Promise<string> {
  const txn = `ntf-${process.pid}-${++n}`;
  const local = merchantLocalDateTime(new Date(Date.now() - (opts.hoursAgo ?? 1) * HOUR), 'NY');
  const base = { transactionId: txn, cardToken: token, currency: 'USD' as const, merchantLocationId: opts.location ?? 'loc-1', localDateTime: local, onlineOrder: false };
  const events: CardNetworkEvent[] = [];
  if (opts.authCents !== null) events.push({ ...base, id: `${txn}-a`, type: 'auth', amountCents: opts.authCents ?? 4000 });
  if (opts.clearCents !== undefined) events.push({ ...base, id: `${txn}-c`, type: 'clearing', amountCents: opts.clearCents });
  await receive(db(), events);
  await drainInbox(db());
  return txn;
}
async function clear(token: string, txn: string, cents: number, hoursAgo = 1) {
  const local = merchantLocalDateTime(new Date(Date.now() - hoursAgo * HOUR), 'NY');
  await receive(db(), [{ id: `${txn}-c`, type: 'clearing', transactionId: txn, cardToken: token, amountCents: cents, currency: 'USD', merchantLocationId: 'loc-1', localDateTime: local, onlineOrder: false }]);
  await drainInbox(db());
}
const mailsOf = (memberId: number) => db().select().from(outbox).where(eq(outbox.memberId, memberId)).orderBy(asc(outbox.id));
const rowsOf = (memberId: number) => db().select().from(notifications).where(eq(notifications.memberId, memberId)).orderBy(asc(notifications.id));
const dineId = async (txn: string) => (await db().select({ id: dines.id }).from(dines).where(eq(dines.transactionId, txn)))[0]!.id;

describe('which mails a dine produces', () => {
  it('seen (before tip, expected posting date) then awarded (final amount, miles), each once, with a Reviews & History link', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await db().update(members).set({ firstName: 'Ada' }).where(eq(members.id, m.memberId));
    const [tok] = m.tokens as [string];
    const txn = await dine(tok, { authCents: 4000 });
    expect(await runNotifications(deps())).toMatch(/^1 mails owed and 0 skipped by dines; 1 sent/);
    let mails = await mailsOf(m.memberId);
    expect(mails).toHaveLength(1);
    const seen = mails[0]!;
    expect(seen.subject).toMatch(/^We saw your visit to /);
    expect(seen.toAddress).toMatch(/^cn-.*@example\.com$/);
    expect(seen.textBody).toContain('Hello Ada,');
    expect(seen.textBody).toContain('$40.00 before tip');
    expect(seen.textBody).toMatch(/Expected to post by [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(seen.textBody).toContain('https://delta.dining.test/account/recent_activity');
    expect(seen.htmlBody).toContain('<a href="https://delta.dining.test/account/recent_activity">');
    expect(seen.textBody).toContain('SkyRewards Dining');

    // Run again: nothing new.
    await runNotifications(deps());
    expect(await mailsOf(m.memberId)).toHaveLength(1);

    await clear(tok, txn, 5000);
    await runNotifications(deps());
    mails = await mailsOf(m.memberId);
    expect(mails.map((x) => x.subject)).toEqual([seen.subject, expect.stringMatching(/^You earned 150 miles at /)]);
    expect(mails[1]!.textBody).toContain('The final amount was $50.00, tip included.');
    // §5: an awarded visit not yet reviewed invites a review, linking its review form.
    expect(mails[1]!.textBody).toContain(`https://delta.dining.test/account/recent_activity/review/${txn}`);
    expect(mails[1]!.htmlBody).toContain('>Review your visit</a>');
    expect(seen.textBody).not.toContain('/review/');
    expect((await rowsOf(m.memberId)).map((r) => [r.kind, r.status, r.attempts])).toEqual([['dineSeen', 'sent', 1], ['dineAwarded', 'sent', 1]]);
  });

  it('an awarded visit reviewed already is not invited to be reviewed again', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const txn = await dine(m.tokens[0]!, { authCents: 3000, clearCents: 3000 });
    const [partner] = await db().select().from(partners).where(eq(partners.id, delta));
    const [member] = await db().select().from(members).where(eq(members.id, m.memberId));
    await createReview(db(), { partner: partner!, member: member! }, { txnId: txn, food: 5, service: 4, ambience: 4, value: 5, comment: 'Lovely.' });
    await runNotifications(deps());
    const mails = await mailsOf(m.memberId);
    expect(mails.map((x) => x.subject)).toEqual([expect.stringMatching(/^You earned /)]);
    expect(mails[0]!.textBody).not.toContain('/review/');
    expect(mails[0]!.textBody).not.toContain('Review your visit');
  });

  it('a dine already cleared when first seen gets only its result; cash back in dollars', async () => {
    const m = await memberWithCards(db(), { partnerId: daak });
    await dine(m.tokens[0]!, { authCents: 2000, clearCents: 2500 });
    await runNotifications(deps());
    const mails = await mailsOf(m.memberId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^You earned \$\d+\.\d{2} at /);
    expect(mails[0]!.textBody).toContain('statement credit');
  });

  it('not earned: the reason in the words of Reviews & History', async () => {
    // The card was linked after the dine (linked now, dine an hour ago).
    const m = await memberWithCards(db(), { partnerId: delta, linkedAt: new Date() });
    await dine(m.tokens[0]!, { authCents: 3000, clearCents: 3500, hoursAgo: 2 });
    await runNotifications(deps());
    const [mail] = await mailsOf(m.memberId);
    expect(mail!.subject).toMatch(/did not earn miles$/);
    expect(mail!.textBody).toContain("shows as 'Not earned'");
    expect(mail!.textBody).toContain('Why: The card was linked after this dine.');
  });

  it('never mails a closed account: the row is skipped with the reason', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const txn = await dine(m.tokens[0]!, { authCents: 3000 });
    await db().update(members).set({ memberType: 'ClosedAccountMember', active: false }).where(eq(members.id, m.memberId));
    await runNotifications(deps());
    expect(await mailsOf(m.memberId)).toEqual([]);
    expect((await rowsOf(m.memberId)).map((r) => [r.kind, r.status, r.skipReason, r.subjectId])).toEqual([['dineSeen', 'skipped', 'accountClosed', await dineId(txn)]]);
  });

  it("never mails a member of another partner than the dine's (tenancy kept even if rows disagree)", async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await dine(m.tokens[0]!, { authCents: 3000 });
    // The database refuses rows that disagree (dines and rewards have one key on member and partner)…
    await expect(db().update(members).set({ partnerId: daak }).where(eq(members.id, m.memberId))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    // …and should they disagree anyway (keys switched off for a repair), the mail still goes nowhere.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(members).set({ partnerId: daak }).where(eq(members.id, m.memberId));
    });
    await runNotifications(deps());
    expect(await mailsOf(m.memberId)).toEqual([]);
    expect((await rowsOf(m.memberId)).map((r) => [r.status, r.skipReason])).toEqual([['skipped', 'otherPartner']]);
  });

  it('an account closed between recording and sending gets nothing either', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await dine(m.tokens[0]!, { authCents: 3000 });
    await recordDueDineMails(db());
    await db().update(members).set({ memberType: 'ClosedAccountMember' }).where(eq(members.id, m.memberId));
    await deliverPending(deps());
    expect(await mailsOf(m.memberId)).toEqual([]);
    expect((await rowsOf(m.memberId)).map((r) => [r.status, r.skipReason])).toEqual([['skipped', 'accountClosed']]);
  });

  it("follows the partner's setting: a kind switched off, or kept to members who opted in to e-mail", async () => {
    const hilton = await partnerId(db(), 'hilton');
    await db().update(partners).set({ rewardMails: { dineSeen: 'off', dineAwarded: 'optedIn' } }).where(eq(partners.id, hilton));
    try {
      const optedOut = await memberWithCards(db(), { partnerId: hilton, tierLevel: 0 });
      await db().update(members).set({ emailOptIn: false }).where(eq(members.id, optedOut.memberId));
      const optedIn = await memberWithCards(db(), { partnerId: hilton });
      await dine(optedOut.tokens[0]!, { authCents: 1000 });
      await dine(optedOut.tokens[0]!, { authCents: 1000, clearCents: 1200 });
      await dine(optedIn.tokens[0]!, { authCents: 1000, clearCents: 1200 });
      await runNotifications(deps());
      expect((await rowsOf(optedOut.memberId)).map((r) => [r.kind, r.status, r.skipReason])).toEqual([['dineSeen', 'skipped', 'partnerOff'], ['dineAwarded', 'skipped', 'optedOut']]);
      expect(await mailsOf(optedOut.memberId)).toEqual([]);
      expect((await mailsOf(optedIn.memberId)).map((x) => x.subject)).toEqual([expect.stringMatching(/^You earned /)]);
    } finally {
      await db().update(partners).set({ rewardMails: {} }).where(eq(partners.id, hilton));
    }
  });

  it('old dines are not announced (demo history): only those within the window', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await dine(m.tokens[0]!, { authCents: 1000, clearCents: 1100, hoursAgo: 11 * 24 });
    await dine(m.tokens[0]!, { authCents: 1000, hoursAgo: 4 * 24 });
    await runNotifications(deps());
    expect(await rowsOf(m.memberId)).toEqual([]);
    // In the window: 9 days for an awarded dine.
    await dine(m.tokens[0]!, { authCents: 1000, clearCents: 1100, hoursAgo: 9 * 24 });
    await runNotifications(deps());
    expect((await rowsOf(m.memberId)).map((r) => r.kind)).toEqual(['dineAwarded']);
  });
});

describe('exactly once', () => {
  it('a failed send is retried later and sent once; after the last attempt it is failed', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await dine(m.tokens[0]!, { authCents: 2000 });
    const real = outboxMailer();
    let fail = true;
    const flaky: Mailer = { send: async (msg) => { if (fail) throw new Error('SMTP 451 try later'); await real.send(msg); }, close: () => undefined };
    const now = new Date();
    await runNotifications(deps(flaky), { now });
    let [row] = await rowsOf(m.memberId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 451 try later' });
    // Not before its time.
    expect(await deliverPending(deps(flaky), { now })).toEqual({ sent: 0, skipped: 0, retried: 0, failed: 0 });
    fail = false;
    expect(await deliverPending(deps(flaky), { now: new Date(now.getTime() + 2 * 60_000) })).toMatchObject({ sent: 1 });
    expect(await mailsOf(m.memberId)).toHaveLength(1);
    [row] = await rowsOf(m.memberId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    // Always failing: 'failed' after five attempts, never sent.
    const other = await memberWithCards(db(), { partnerId: delta });
    await dine(other.tokens[0]!, { authCents: 2000 });
    const broken: Mailer = { send: async () => { throw new Error('down'); }, close: () => undefined };
    await recordDueDineMails(db());
    for (let i = 0; i < 6; i++) await deliverPending(deps(broken), { now: new Date(Date.now() + i * HOUR) });
    expect((await rowsOf(other.memberId)).map((r) => [r.status, r.attempts])).toEqual([['failed', 5]]);
    expect(await mailsOf(other.memberId)).toEqual([]);
  });

  it(`two workers side by side (${process.env.TEST_DATABASE_URL ? 'PostgreSQL, separate connections' : 'PGlite'}): every mail once`, async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => memberWithCards(db(), { partnerId: delta })));
    for (const p of people) for (let i = 0; i < 5; i++) await dine(p.tokens[0]!, { authCents: 1000 + i, ...(i % 2 ? { clearCents: 1500 } : {}) });
    const ids = people.map((p) => p.memberId);
    // Small batches so the two interleave over many claims.
    const a = { ...deps(outboxMailer()) };
    const b = { ...deps(outboxMailer()) };
    await Promise.all([
      recordDueDineMails(db(), { batch: 3 }).then(() => deliverPending(a, { batch: 2 })),
      recordDueDineMails(db(), { batch: 3 }).then(() => deliverPending(b, { batch: 2 })),
      runNotifications(deps()),
    ]);
    const mails = await db().select({ memberId: outbox.memberId, subject: outbox.subject }).from(outbox).where(inArray(outbox.memberId, ids));
    expect(mails).toHaveLength(30);
    const rows = await db().select().from(notifications).where(inArray(notifications.memberId, ids));
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('the scheduled job (appJobs with the app config) sends through the scheduler', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    await dine(m.tokens[0]!, { authCents: 2500 });
    const jobs = appJobs({ impressionsRetentionDays: 90, errorRetentionDays: 90, siteOrigin: 'http://{partner}.example.test', mailFrom: 'x@example.test', env: 'test', partnerHosts: {}, smtpUrl: undefined, giftCard: { source: 'none', reason: 'not in this test' } })
      .filter((j) => j.name === 'reward-notifications');
    expect(jobs).toHaveLength(1);
    const log = { info: () => undefined, error: () => undefined };
    const s = await createScheduler({ db: db(), jobs, log, start: false });
    await db().execute(sql`update scheduled_jobs set next_run_at = now() - interval '1 second', locked_until = null where name = 'reward-notifications'`);
    expect(await s.tick()).toEqual(['reward-notifications']);
    await s.stop();
    const [mail] = await mailsOf(m.memberId);
    expect(mail!.textBody).toContain('http://delta.example.test/account/recent_activity');
  });

  it('property: over any order of record and deliver runs, retries and failures, each mail goes at most once, and once the mailer works, exactly once', async () => {
    const m = await memberWithCards(db(), { partnerId: delta });
    const tok = m.tokens[0]!;
    const step = fc.oneof(
      fc.record({ op: fc.constant('dine' as const), clear: fc.boolean() }),
      fc.record({ op: fc.constant('clear' as const) }),
      fc.record({ op: fc.constant('record' as const) }),
      fc.record({ op: fc.constant('deliver' as const), failEvery: fc.integer({ min: 0, max: 3 }), minutes: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ op: fc.constant('pair' as const) }),
    );
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      await db().delete(notifications).where(eq(notifications.memberId, m.memberId));
      await db().delete(outbox).where(eq(outbox.memberId, m.memberId));
      await db().delete(dines).where(eq(dines.memberId, m.memberId));
      const open: string[] = [];
      let clock = Date.now();
      const real = outboxMailer();
      for (const s of steps) {
        if (s.op === 'dine') {
          const txn = await dine(tok, { authCents: 1000, ...(s.clear ? { clearCents: 1300 } : {}) });
          if (!s.clear) open.push(txn);
        } else if (s.op === 'clear') {
          const txn = open.shift();
          if (txn) await clear(tok, txn, 1400);
        } else if (s.op === 'record') {
          await recordDueDineMails(db(), { now: new Date(clock) });
        } else if (s.op === 'deliver') {
          let calls = 0;
          const flaky: Mailer = { send: async (msg) => { calls += 1; if (s.failEvery && calls % s.failEvery === 0) throw new Error('flaky'); await real.send(msg); }, close: () => undefined };
          clock += s.minutes * 60_000;
          await deliverPending(deps(flaky), { now: new Date(clock), batch: 2 });
        } else {
          await Promise.all([runNotifications(deps(), { now: new Date(clock) }), runNotifications(deps(), { now: new Date(clock) })]);
        }
        // At most once, at every point: one outbox copy per row marked sent (rows are unique by kind and dine), none for any other.
        const [mailed] = await db().select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.memberId, m.memberId));
        const [marked] = await db().select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(eq(notifications.memberId, m.memberId), eq(notifications.status, 'sent')));
        expect(mailed!.n).toBe(marked!.n);
      }
      // The mailer works again and time passes: everything owed is sent, once.
      await runNotifications(deps(), { now: new Date(clock + DAY) });
      const rows = await db().select().from(notifications).where(eq(notifications.memberId, m.memberId));
      const sent = await db().select().from(outbox).where(eq(outbox.memberId, m.memberId));
      // A run may make no dine at all (then no rows): none left unsent, and each dine's row is checked below.
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      expect(sent).toHaveLength(rows.length);
      const states = await db().select({ id: dines.id, status: dines.status }).from(dines).where(eq(dines.memberId, m.memberId));
      // Every dine has the row its state calls for.
      for (const d of states) {
        const kind = d.status === 'Pending' ? 'dineSeen' : 'dineAwarded';
        expect(rows.some((r) => r.subjectId === d.id && r.kind === kind)).toBe(true);
      }
    }), { numRuns: 15 });
  });
});

