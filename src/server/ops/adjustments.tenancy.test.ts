import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { memberRewards, members, partners, rewardAdjustments, staff, type MemberRow, type PartnerRow, type StaffRow } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { demoPublicId } from '../demo/members';
import { AppError } from '../lib/app-error';
import type { PartnerScope, StaffRole } from '#shared/rules/ops-permissions';
import type { OpsAdjustmentRequest } from '#shared/schemas/ops-adjustments';
import { adjustmentView, decideAdjustment, listAdjustments, requestAdjustment } from './adjustments';

/**
 * Tenancy of reward adjustments without a route in between (issue 31 item 3): the console's
 * functions are called directly with a scope of partner A (Hilton) against partner B's (Caesars)
 * adjustments, so a dropped partner filter or check in the service fails here even where the
 * route's own member look-up would hide it.
 */
let database: Database;
let hilton: PartnerRow;
let caesars: PartnerRow;
let hiltonMember: MemberRow;
let caesarsMember: MemberRow;
let agent: StaffRow;
let admin: StaffRow;
const db = () => database.db;
const scopeOf = (...p: PartnerRow[]): PartnerScope => ({ allPartners: false, partnerIds: p.map((x) => x.id) });

async function staffRow(role: StaffRole): Promise<StaffRow> {
  const [row] = await db().insert(staff).values({ email: `${role}-${randomUUID()}@tenancy.example.com`, name: `Tenancy ${role}`, role, allPartners: true, status: 'active' }).returning();
  return row!;
}
const memberOf = async (p: PartnerRow) => (await db().select().from(members).where(eq(members.publicId, demoPublicId(p.code, 'select-card'))))[0]!;
const request = (amount: number): OpsAdjustmentRequest => ({ sourceCode: 'M', amount, reasonCode: 'goodwill', note: 'Tenancy test', idempotencyKey: randomUUID() });
const adjustmentRow = async (id: number) => (await db().select().from(rewardAdjustments).where(eq(rewardAdjustments.id, id)))[0]!;
const rewardsOf = async (memberId: number) => (await db().select().from(memberRewards).where(eq(memberRewards.memberId, memberId))).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  database = await createTestDatabase();
  const all = await db().select().from(partners);
  hilton = all.find((p) => p.code === 'hilton')!;
  caesars = all.find((p) => p.code === 'caesars')!;
  hiltonMember = await memberOf(hilton);
  caesarsMember = await memberOf(caesars);
  agent = await staffRow('agent');
  admin = await staffRow('administrator');
});
afterAll(async () => { await database.close(); });

/** Partner B's adjustment waiting for a second person (above the agent's limit). */
const caesarsWaiting = async () => (await requestAdjustment(db(), { by: agent, partner: caesars, member: caesarsMember, input: request(900_000) })).id;

describe('requesting an adjustment, called directly', () => {
  it("refuses a member of another partner than the one given (404): no adjustment, no reward for either partner's member", async () => {
    const rewardsBefore = await rewardsOf(caesarsMember.id);
    const countBefore = (await db().select().from(rewardAdjustments).where(eq(rewardAdjustments.memberId, caesarsMember.id))).length;
    const attempt = requestAdjustment(db(), { by: admin, partner: hilton, member: caesarsMember, input: request(50) });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
    expect(await db().select().from(rewardAdjustments).where(eq(rewardAdjustments.memberId, caesarsMember.id))).toHaveLength(countBefore);
    expect(await rewardsOf(caesarsMember.id)).toEqual(rewardsBefore);
    // Its own partner posts it.
    const own = await requestAdjustment(db(), { by: admin, partner: caesars, member: caesarsMember, input: request(50) });
    expect(await adjustmentRow(own.id)).toMatchObject({ partnerId: caesars.id, memberId: caesarsMember.id, status: 'Posted' });
  });
});

describe('the adjustments list and one adjustment, called directly', () => {
  it("never lists or shows another partner's adjustment, whatever the filters asked", async () => {
    const other = await caesarsWaiting();
    const own = (await requestAdjustment(db(), { by: agent, partner: hilton, member: hiltonMember, input: request(900_000) })).id;
    const hiltonScope = scopeOf(hilton);

    const listed = (await listAdjustments(db(), { scope: hiltonScope })).map((a) => a.id);
    expect(listed).toContain(own);
    expect(listed).not.toContain(other);
    // Asking for B's partner, B's member or B's id by name does not widen A's scope.
    expect(await listAdjustments(db(), { scope: hiltonScope, partnerId: caesars.id })).toEqual([]);
    expect(await listAdjustments(db(), { scope: hiltonScope, memberId: caesarsMember.id })).toEqual([]);
    expect(await listAdjustments(db(), { scope: hiltonScope, ids: [other] })).toEqual([]);
    expect(await listAdjustments(db(), { scope: hiltonScope, status: 'PendingApproval', ids: [own, other] })).toEqual([expect.objectContaining({ id: own })]);
    // No partner at all: nothing, not everything.
    expect(await listAdjustments(db(), { scope: scopeOf() })).toEqual([]);

    const view = adjustmentView(db(), hiltonScope, other);
    await expect(view).rejects.toBeInstanceOf(AppError);
    await expect(view).rejects.toMatchObject({ statusCode: 404 });
    expect(await adjustmentView(db(), scopeOf(caesars), other)).toMatchObject({ id: other, partnerCode: 'caesars' });
  });
});

describe('deciding an adjustment, called directly', () => {
  it("refuses another partner's waiting adjustment (404) either way and changes nothing: still waiting, no reward", async () => {
    const other = await caesarsWaiting();
    const before = await adjustmentRow(other);
    const rewardsBefore = await rewardsOf(caesarsMember.id);
    for (const decision of ['approve', 'reject'] as const) {
      const attempt = decideAdjustment(db(), { by: admin, scope: scopeOf(hilton), adjustmentId: other, decision: { decision, note: 'Not ours' } });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
    }
    expect(await adjustmentRow(other)).toEqual(before);
    expect(before).toMatchObject({ status: 'PendingApproval', decidedBy: null, rewardId: null });
    expect(await rewardsOf(caesarsMember.id)).toEqual(rewardsBefore);
    // Its own partner's staff decide it.
    const done = await decideAdjustment(db(), { by: admin, scope: scopeOf(caesars), adjustmentId: other, decision: { decision: 'approve' } });
    expect(done).toMatchObject({ status: 'Posted', rewardId: expect.any(Number) });
  });
});
