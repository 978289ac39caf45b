import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, partners, redemptions, type MemberRow, type PartnerRow } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { memberWithCards } from '../card-network/test-fixtures';
import { insertDine } from '../rewards/rewards.test-fixtures';
import { balanceCents } from './ledger';
import { decideHold, listHolds } from './holds';
import { createRedemption, redemptionOf, redemptionsPage } from './redemptions.service';

/**
 * Tenancy of redemptions without a route in between (issue 31 item 3): the service and the hold
 * queue called directly with member X and partner B (and B's member Y with X's partner) answer
 * nothing and change nothing; staff of one partner neither see nor decide another's holds.
 */
let database: Database;
let nosh: PartnerRow;
let upromise: PartnerRow;
let x: MemberRow;
let y: MemberRow;
const db = () => database.db;

async function memberOf(partner: PartnerRow): Promise<MemberRow> {
  const { memberId } = await memberWithCards(db(), { partnerId: partner.id });
  const member = (await db().select().from(members).where(eq(members.id, memberId)))[0]!;
  await insertDine(db(), member, { status: 'Awarded', reward: 5_000 });
  return member;
}

let xHeld: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const all = await db().select().from(partners);
  nosh = all.find((p) => p.code === 'nosh')!;
  upromise = all.find((p) => p.code === 'upromise')!;
  x = await memberOf(nosh);
  y = await memberOf(upromise);
  const made = await createRedemption(db(), { partner: nosh, member: x }, { body: { option: 'tremendous', amountCents: 1_000, delivery: 'Email' }, idempotencyKey: 'tenancy-key-x', giftCards: true });
  xHeld = made.redemption.redemptionId;
});
afterAll(async () => { await database.close(); });

describe('the redemptions service, called directly', () => {
  it("answers the member's own (the control)", async () => {
    expect((await redemptionOf(db(), { partner: nosh, member: x }, xHeld)).hold?.reason).toBe('firstRedemption');
    expect((await redemptionsPage(db(), { partner: nosh, member: x }, { pageNo: 1, resultsPerPage: 10 })).totalResultSize).toBe(1);
  });

  it('answers nothing for a member asked for with another partner (either way round)', async () => {
    await expect(redemptionOf(db(), { partner: upromise, member: x }, xHeld)).rejects.toMatchObject({ statusCode: 404 });
    await expect(redemptionOf(db(), { partner: upromise, member: y }, xHeld)).rejects.toMatchObject({ statusCode: 404 });
    expect(await redemptionsPage(db(), { partner: upromise, member: x }, { pageNo: 1, resultsPerPage: 10 })).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
    expect(await redemptionsPage(db(), { partner: nosh, member: y }, { pageNo: 1, resultsPerPage: 10 })).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
  });

  it('makes nothing for a member under another partner, and spends nothing', async () => {
    for (const who of [{ partner: upromise, member: x }, { partner: nosh, member: y }]) {
      await expect(createRedemption(db(), who, { body: { option: 'tremendous', amountCents: 500, delivery: 'Email' }, idempotencyKey: `cross-${who.member.id}`, giftCards: true }))
        .rejects.toMatchObject({ statusCode: 404 });
    }
    expect(await balanceCents(db(), { partnerId: nosh.id, memberId: x.id })).toBe(4_000);
    expect(await balanceCents(db(), { partnerId: upromise.id, memberId: y.id })).toBe(5_000);
    expect(await db().select().from(redemptions).where(eq(redemptions.memberId, y.id))).toHaveLength(0);
  });
});

describe('the hold queue, called directly', () => {
  const only = (p: PartnerRow) => ({ allPartners: false, partnerIds: [p.id] });

  it("lists a partner's holds to its staff only", async () => {
    const mine = await listHolds(db(), { scope: only(nosh) });
    expect(mine.find((h) => h.redemptionId === xHeld)).toMatchObject({ priorRedemptions: 0, hold: { reason: 'firstRedemption' }, partnerCode: 'nosh' });
    expect((await listHolds(db(), { scope: only(upromise) })).map((h) => h.redemptionId)).not.toContain(xHeld);
    expect(await listHolds(db(), { scope: { allPartners: false, partnerIds: [] } })).toEqual([]);
  });

  it("another partner's staff cannot release or reject it (404), and it still waits", async () => {
    for (const decision of ['release', 'reject'] as const) {
      await expect(decideHold(db(), { scope: only(upromise), redemptionId: xHeld, decision, note: 'Not mine to decide.', staffEmail: 'other@example.test' }))
        .rejects.toMatchObject({ statusCode: 404 });
    }
    const [row] = await db().select().from(redemptions).where(eq(redemptions.creditId, xHeld));
    expect(row).toMatchObject({ status: 'pending', releasedAt: null, holdReason: 'firstRedemption' });
    // Its own partner's staff can; a second decision is 409.
    await decideHold(db(), { scope: only(nosh), redemptionId: xHeld, decision: 'reject', note: 'Account under review.', staffEmail: 'sup@example.test' });
    await expect(decideHold(db(), { scope: only(nosh), redemptionId: xHeld, decision: 'release', note: 'Too late.', staffEmail: 'sup@example.test' }))
      .rejects.toMatchObject({ statusCode: 409 });
    expect(await balanceCents(db(), { partnerId: nosh.id, memberId: x.id })).toBe(5_000);
    expect((await redemptionOf(db(), { partner: nosh, member: x }, xHeld))).toMatchObject({ status: 'rejected', reason: 'Our team did not send it: Account under review.' });
  });
});
