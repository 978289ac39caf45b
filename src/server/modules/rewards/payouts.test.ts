import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { memberCards, memberRewards, partnerLedgerPostings, redemptions, type MemberRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { builtInLedger, type PartnerLedgerAdapter } from './partner-ledger';
import { payStatementCredits, postPartnerRewards, standInProcessor, type StatementCreditProcessor } from './payouts';
import { insertDine, insertReward, memberByPublicId } from './rewards.test-fixtures';
import { balanceCents, moveRedemption, newRedemptionId, writeRedeemed } from '../redemptions';

const writeRedeemedEntry = (m: MemberRow, redemptionId: number, amountCents: number) => writeRedeemed(database.db, { partnerId: m.partnerId, memberId: m.id, redemptionId, amountCents });

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

const db = () => database.db;
const member = (partner: string, slug: string) => memberByPublicId(db(), demoPublicId(partner, slug));
const rewardsOf = (m: MemberRow) => db().select().from(memberRewards).where(eq(memberRewards.memberId, m.id)).orderBy(asc(memberRewards.id));
const creditsOf = (m: MemberRow) => db().select().from(redemptions).where(eq(redemptions.memberId, m.id)).orderBy(asc(redemptions.id));
const balanceOf = (m: MemberRow) => balanceCents(db(), { partnerId: m.partnerId, memberId: m.id });
const processor = (status: 'completed' | 'rejected' | 'error' | 'pending'): StatementCreditProcessor => ({
  name: status, settle: async (credits) => credits.map((c) => ({ creditId: c.creditId, status })),
});

describe('posting to the partner ledger (Mile and Point partners)', () => {
  it('posts Awarded rewards once and marks them Paid with the posting; Pending, Forfeit and cash partners wait', async () => {
    const m = await member('hilton', 'select-card');
    const cash = await member('nosh', 'basic-card');
    const a = await insertDine(db(), m, { status: 'Awarded', reward: 137 });
    const b = await insertDine(db(), m, { status: 'Awarded', reward: 250 });
    const pending = await insertDine(db(), m, { status: 'Pending', reward: 90 });
    const forfeit = await insertDine(db(), m, { status: 'Forfeit', reward: 0, reason: 'blackoutDay' });
    const adj = await insertReward(db(), m, { sourceCode: 'A', amount: -40, status: 'Awarded', dineId: a.dine.id, createdAt: new Date('2026-11-21T09:00:00Z') });
    const fresh = await insertDine(db(), m, { status: 'Awarded', reward: 60, local: '2026-11-22T01:00:00-05:00' });
    const cashReward = await insertDine(db(), cash, { status: 'Awarded', reward: 300 });
    const now = new Date('2026-11-22T12:00:00Z');

    expect(await postPartnerRewards(db(), { now })).toEqual({ posted: 3, refused: 0 });
    const rows = new Map((await rewardsOf(m)).map((r) => [r.id, r]));
    for (const r of [a.reward, b.reward, adj]) expect(rows.get(r.id)).toMatchObject({ status: 'Paid', paidAt: now, payoutRef: expect.stringMatching(/^ledger-\d+$/) });
    expect(rows.get(pending.reward.id)).toMatchObject({ status: 'Pending', paidAt: null });
    // Dined less than a day ago: Awarded until the next day's posting.
    expect(rows.get(fresh.reward.id)).toMatchObject({ status: 'Awarded', paidAt: null });
    expect(rows.get(forfeit.reward.id)).toMatchObject({ status: 'Forfeit', paidAt: null });
    expect((await rewardsOf(cash)).find((r) => r.id === cashReward.reward.id)).toMatchObject({ status: 'Awarded' });
    const postings = await db().select().from(partnerLedgerPostings).where(eq(partnerLedgerPostings.memberId, m.id)).orderBy(asc(partnerLedgerPostings.rewardId));
    expect(postings.map((p) => [p.rewardId, p.amount, p.partnerNumber])).toEqual([[a.reward.id, 137, m.partnerNumber], [b.reward.id, 250, m.partnerNumber], [adj.id, -40, m.partnerNumber]]);
    expect(rows.get(a.reward.id)!.payoutRef).toBe(`ledger-${postings[0]!.id}`);

    // A second run (a retry, another instance) finds nothing to post.
    expect(await postPartnerRewards(db(), { now })).toEqual({ posted: 0, refused: 0 });
    expect(await db().select().from(partnerLedgerPostings).where(eq(partnerLedgerPostings.memberId, m.id))).toHaveLength(3);
    expect(await postPartnerRewards(db(), { now: new Date('2026-11-23T07:00:00Z') })).toEqual({ posted: 1, refused: 0 });
  });

  it('keeps a reward the adapter refuses Awarded and posts it on a later run', async () => {
    const m = await member('caesars', 'select-card');
    const a = await insertDine(db(), m, { status: 'Awarded', reward: 100 });
    const b = await insertDine(db(), m, { status: 'Awarded', reward: 200 });
    const seen: number[][] = [];
    const picky: PartnerLedgerAdapter = {
      name: 'picky',
      post: async (batch, ctx) => {
        seen.push(batch.postings.map((p) => p.rewardId));
        const results = await builtInLedger.post({ ...batch, postings: batch.postings.filter((p) => p.rewardId !== b.reward.id) }, ctx);
        return [...results, { rewardId: b.reward.id, ok: false, error: 'member unknown at the partner' }];
      },
    };
    expect(await postPartnerRewards(db(), { adapter: picky })).toEqual({ posted: 1, refused: 1 });
    expect((await rewardsOf(m)).map((r) => r.status)).toEqual(['Paid', 'Awarded']);
    expect(await postPartnerRewards(db())).toEqual({ posted: 1, refused: 0 });
    expect((await rewardsOf(m)).map((r) => r.status)).toEqual(['Paid', 'Paid']);
    expect(seen).toEqual([[a.reward.id, b.reward.id]]);
  });

  it('commits nothing when a run fails midway, and the retry posts each reward once', async () => {
    const m = await member('choice', 'select-card');
    await insertDine(db(), m, { status: 'Awarded', reward: 100 });
    await insertDine(db(), m, { status: 'Awarded', reward: 200 });
    const crashing: PartnerLedgerAdapter = {
      name: 'crashing',
      post: async (batch, ctx) => {
        await builtInLedger.post(batch, ctx);
        throw new Error('connection reset');
      },
    };
    await expect(postPartnerRewards(db(), { adapter: crashing })).rejects.toThrow('connection reset');
    expect((await rewardsOf(m)).map((r) => r.status)).toEqual(['Awarded', 'Awarded']);
    expect(await db().select().from(partnerLedgerPostings).where(eq(partnerLedgerPostings.memberId, m.id))).toHaveLength(0);
    expect(await postPartnerRewards(db())).toMatchObject({ posted: 2 });
    expect(await db().select().from(partnerLedgerPostings).where(eq(partnerLedgerPostings.memberId, m.id))).toHaveLength(2);
  });
});

describe('statement credits (Dollar and Credit partners)', () => {
  it('raises the balance with Awarded rewards, pays the whole balance at $20 to the card, and completes it on the next run', async () => {
    const m = await member('nosh', 'vip-card');
    const [card] = await db().select().from(memberCards).where(eq(memberCards.memberId, m.id));
    await insertDine(db(), m, { status: 'Awarded', reward: 900 });
    await insertDine(db(), m, { status: 'Awarded', reward: 800 });
    await insertDine(db(), m, { status: 'Pending', reward: 700 });
    expect(await payStatementCredits(db())).toMatchObject({ issued: 0 });
    expect(await balanceOf(m)).toBe(1700);
    expect(await creditsOf(m)).toEqual([]);

    await insertDine(db(), m, { status: 'Awarded', reward: 450 });
    const now = new Date('2026-11-22T12:00:00Z');
    expect(await payStatementCredits(db(), { now })).toMatchObject({ issued: 1, issuedCents: 2150, completed: 0 });
    const [credit] = await creditsOf(m);
    expect(credit).toMatchObject({
      creditId: expect.stringMatching(/^cr_[0-9a-f]{32}$/), amountCents: 2150, targetType: 'card', targetLabel: `${card!.cardType} ending in ${card!.lastFour}`,
      benefitProcessor: card!.cardType, status: 'pending',
    });
    expect(await balanceOf(m)).toBe(0);
    const rewards = await rewardsOf(m);
    expect(rewards.filter((r) => r.status === 'Paid').map((r) => [r.amount, r.payoutRef, r.paidAt])).toEqual([[900, credit!.creditId, now], [800, credit!.creditId, now], [450, credit!.creditId, now]]);
    expect(rewards.find((r) => r.status === 'Pending')).toMatchObject({ amount: 700, payoutRef: null });

    // Completed two days later: the rewards are dated by the completion (the member reads 'Paid' from then on), and so is the credit.
    const completedAt = new Date('2026-11-24T09:30:00Z');
    expect(await payStatementCredits(db(), { now: completedAt })).toMatchObject({ completed: 1, issued: 0 });
    expect((await creditsOf(m)).map((c) => [c.status, c.updatedAt])).toEqual([['completed', completedAt]]);
    expect((await rewardsOf(m)).filter((r) => r.status === 'Paid').map((r) => r.paidAt)).toEqual([completedAt, completedAt, completedAt]);
    expect(await payStatementCredits(db(), { now: new Date('2026-11-25T09:30:00Z') })).toMatchObject({ completed: 0, issued: 0 });
    expect(await creditsOf(m)).toHaveLength(1);
    expect((await rewardsOf(m)).filter((r) => r.status === 'Paid').map((r) => r.paidAt)).toEqual([completedAt, completedAt, completedAt]);
  });

  it('pays to the most recently used linked card', async () => {
    const m = await member('ftch', 'select-card');
    const [first] = await db().select().from(memberCards).where(eq(memberCards.memberId, m.id));
    const [second] = await db().insert(memberCards).values({ partnerId: m.partnerId, memberId: m.id, cardType: 'Mastercard', lastFour: '4444', description: 'Mastercard', fingerprint: `fp-${m.id}-2` }).returning();
    await insertDine(db(), m, { status: 'Awarded', reward: 1500, cardId: second!.id, local: '2026-10-01T12:00:00-04:00' });
    await insertDine(db(), m, { status: 'Awarded', reward: 1500, cardId: first!.id, local: '2026-10-05T12:00:00-04:00' });
    await payStatementCredits(db());
    expect((await creditsOf(m))[0]).toMatchObject({ amountCents: 3000, targetLabel: `${first!.cardType} ending in ${first!.lastFour}` });
  });

  it('gives the balance back when the processor rejects the credit (card deleted), and pays again elsewhere', async () => {
    const m = await member('upromise', 'select-card');
    await insertDine(db(), m, { status: 'Awarded', reward: 2500 });
    await payStatementCredits(db());
    const [credit] = await creditsOf(m);
    expect(await balanceOf(m)).toBe(0);
    await db().delete(memberCards).where(eq(memberCards.memberId, m.id));
    // The rejection restores the rewards and the balance; the same run pays them again, now by check.
    expect(await payStatementCredits(db(), { processor: standInProcessor })).toMatchObject({ rejected: 1, issued: 1 });
    const credits = await creditsOf(m);
    expect(credits.map((c) => [c.creditId === credit!.creditId, c.status, c.amountCents, c.targetType])).toEqual([[true, 'rejected', 2500, 'card'], [false, 'pending', 2500, 'other']]);
    expect(credits[0]!.note).toBe('The card is no longer linked to the account.');
    expect((await rewardsOf(m)).map((r) => [r.status, r.payoutRef])).toEqual([['Paid', credits[1]!.creditId]]);
    expect(await payStatementCredits(db())).toMatchObject({ completed: 1 });
  });

  it('an error from the processor restores the balance too; repeated answers change nothing', async () => {
    const m = await member('fuelrewards', 'select-card');
    await insertDine(db(), m, { status: 'Awarded', reward: 2000 });
    await payStatementCredits(db(), { processor: processor('pending') });
    expect(await balanceOf(m)).toBe(0);
    // Still pending at the processor: nothing moves.
    expect(await payStatementCredits(db(), { processor: processor('pending') })).toMatchObject({ completed: 0, error: 0, issued: 0 });
    expect(await payStatementCredits(db(), { processor: processor('error'), breakpointCents: 1_000_000 })).toMatchObject({ error: 1, issued: 0 });
    expect(await balanceOf(m)).toBe(2000);
    expect((await rewardsOf(m)).map((r) => [r.status, r.paidAt, r.payoutRef])).toEqual([['Awarded', null, null]]);
    expect(await payStatementCredits(db(), { processor: processor('error'), breakpointCents: 1_000_000 })).toMatchObject({ error: 0 });
    expect(await balanceOf(m)).toBe(2000);
  });

  it('adjustments that take back lower the balance, and a reward forfeit after it counted leaves the balance', async () => {
    const m = await member('tmobile', 'select-card');
    const a = await insertDine(db(), m, { status: 'Awarded', reward: 1900 });
    await insertReward(db(), m, { sourceCode: 'A', amount: -300, status: 'Awarded', dineId: a.dine.id });
    await payStatementCredits(db());
    expect(await balanceOf(m)).toBe(1600);
    await db().update(memberRewards).set({ status: 'Forfeit', amount: 0 }).where(eq(memberRewards.id, a.reward.id));
    await payStatementCredits(db());
    expect(await balanceOf(m)).toBe(-300);
    expect(await creditsOf(m)).toEqual([]);
  });
});

describe('money given back after an automatic credit', () => {
  it('pays a balance that came back by a rejected gift card at the breakpoint, though every reward was marked Paid', async () => {
    const m = await member('ftch', 'vip-card');
    await payStatementCredits(db());
    const before = (await creditsOf(m)).length;
    await insertDine(db(), m, { status: 'Awarded', reward: 6_000 - await balanceOf(m) });
    // A $25 gift card reserved by the member (held: their first), then the automatic credit pays the other $35 and marks the rewards Paid.
    const [gift] = await db().insert(redemptions).values({
      creditId: newRedemptionId(), partnerId: m.partnerId, memberId: m.id, option: 'tremendous', delivery: 'Email', amountCents: 2_500,
      targetType: 'other', targetLabel: m.email, benefitProcessor: 'Tremendous', recipientEmail: m.email, status: 'pending', holdReason: 'firstRedemption',
    }).returning();
    await writeRedeemedEntry(m, gift!.id, 2_500);
    await payStatementCredits(db(), { processor: processor('pending') });
    expect((await creditsOf(m)).filter((c) => c.automatic).map((c) => c.amountCents).slice(before)).toEqual([3_500]);
    expect((await rewardsOf(m)).filter((r) => r.status === 'Awarded')).toEqual([]);
    // The team rejects the gift card: $25 back, over the $20 breakpoint, and no reward Awarded.
    await moveRedemption(db(), gift!.creditId, { to: 'rejected', note: 'Rejected in review.' });
    expect(await balanceOf(m)).toBe(2_500);
    await payStatementCredits(db(), { processor: processor('pending') });
    expect((await creditsOf(m)).filter((c) => c.automatic).map((c) => c.amountCents).slice(before)).toEqual([3_500, 2_500]);
    expect(await balanceOf(m)).toBe(0);
  });
});

describe('exactly once (property)', () => {
  type Cmd =
    | { kind: 'earn'; who: number; cents: number }
    | { kind: 'refund'; who: number; pick: number; cents: number }
    | { kind: 'run'; outcome: 'completed' | 'rejected' | 'error' | 'pending' | 'throws'; repeat: boolean };
  const who = fc.integer({ min: 0, max: 2 });
  const cmd: fc.Arbitrary<Cmd> = fc.oneof(
    fc.record({ kind: fc.constant('earn' as const), who, cents: fc.integer({ min: 1, max: 1500 }) }),
    fc.record({ kind: fc.constant('refund' as const), who, pick: fc.nat(), cents: fc.integer({ min: 1, max: 800 }) }),
    fc.record({ kind: fc.constant('run' as const), outcome: fc.constantFrom('completed', 'rejected', 'error', 'pending', 'throws'), repeat: fc.boolean() }),
  );

  it('pays every cent earned once: Paid rewards = live credits, Awarded rewards = balance, nothing lost or paid twice', async () => {
    const people = await Promise.all(['select-closed', 'vip-closed', 'shared-2'].map((s) => member('nosh', s)));
    const ids = people.map((p) => p.id);
    const reset = async () => {
      await db().delete(memberRewards).where(inArray(memberRewards.memberId, ids));
      await db().delete(redemptions).where(inArray(redemptions.memberId, ids));
      // The ledger is append-only (no DELETE); between runs of the property it starts again empty (this file's own database).
      await db().execute(sql`truncate balance_entries`);
    };
    const throwing: StatementCreditProcessor = { name: 'down', settle: async () => { throw new Error('processor down'); } };

    await fc.assert(fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 20 }), async (cmds) => {
      await reset();
      // The reference model: what each member has earned, net of refunds.
      const earned = [0, 0, 0];
      for (const c of cmds) {
        if (c.kind === 'earn') {
          await insertReward(db(), people[c.who]!, { sourceCode: 'S', amount: c.cents, status: 'Awarded' });
          earned[c.who]! += c.cents;
        } else if (c.kind === 'refund') {
          const m = people[c.who]!;
          // As the engine does: an unpaid reward shrinks; a paid one gets a negative A adjustment.
          const rows = (await rewardsOf(m)).filter((r) => r.sourceCode === 'S' && (r.status === 'Awarded' || r.status === 'Paid') && r.amount > 0);
          if (rows.length === 0) continue;
          const r = rows[c.pick % rows.length]!;
          const back = Math.min(r.amount, c.cents);
          if (r.status === 'Paid') await insertReward(db(), m, { sourceCode: 'A', amount: -back, status: 'Awarded' });
          else await db().update(memberRewards).set({ amount: r.amount - back }).where(and(eq(memberRewards.id, r.id), eq(memberRewards.status, 'Awarded')));
          earned[c.who]! -= back;
        } else {
          const run = () => payStatementCredits(db(), { processor: c.outcome === 'throws' ? throwing : processor(c.outcome) });
          // A processor that is down fails the run (when there is an open credit to ask about); the next run carries on.
          if (c.outcome === 'throws') await run().catch((err: unknown) => expect(String(err)).toContain('processor down'));
          else {
            await run();
            if (c.repeat) await run();
          }
        }
      }
      // Whatever happened, one last run with a processor that answers.
      await payStatementCredits(db(), { processor: processor('pending') });
      for (const [i, m] of people.entries()) {
        const rewards = await rewardsOf(m);
        const credits = await creditsOf(m);
        const live = credits.filter((c) => c.status !== 'rejected' && c.status !== 'error');
        const awarded = rewards.filter((r) => r.status === 'Awarded').reduce((s, r) => s + r.amount, 0);
        const paid = rewards.filter((r) => r.status === 'Paid');
        // Every Paid reward belongs to one live credit, and each live credit is exactly its rewards.
        for (const r of paid) expect(live.map((c) => c.creditId)).toContain(r.payoutRef);
        for (const c of live) expect(paid.filter((r) => r.payoutRef === c.creditId).reduce((s, r) => s + r.amount, 0)).toBe(c.amountCents);
        for (const c of live) expect(c.amountCents).toBeGreaterThanOrEqual(2000);
        // No reward lost, none paid twice: earned = paid out + balance.
        expect(live.reduce((s, c) => s + c.amountCents, 0) + awarded).toBe(earned[i]);
        expect((await balanceOf(m)) ?? 0).toBe(awarded);
        expect(awarded).toBeLessThan(2000);
      }
    }), { numRuns: 40 });
    await reset();
  }, 240_000);
});

