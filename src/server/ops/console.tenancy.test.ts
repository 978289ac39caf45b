import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { auditLog, clientErrors, contentSchedules, memberCards, members, partners, settingsChanges, staff, type PartnerRow, type StaffRow } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { AppError } from '../lib/app-error';
import { findErrorByReference } from '../modules/client-errors/error-records';
import { memberWithCards } from '../modules/card-network/test-fixtures';
import type { PartnerScope } from '#shared/rules/ops-permissions';
import { searchAudit } from './audit';
import { cancelSchedule, contentItem } from './content';
import { searchMembers } from './members';
import { decideSettingsChange, listSettingsChanges, settingsOf } from './settings';

/**
 * Tenancy of the console's content schedules, audit log and partner settings changes without a
 * route in between (issue 31 item 3), and the member search and the errors by reference code:
 * partner B's (Caesars) rows are asked for with partner A's
 * (Hilton) ids or scope, called directly: never listed, 404 otherwise, and unchanged after.
 */
let database: Database;
let hilton: PartnerRow;
let caesars: PartnerRow;
let requester: StaffRow;
let decider: StaffRow;
const db = () => database.db;
const scopeOf = (...p: PartnerRow[]): PartnerScope => ({ allPartners: false, partnerIds: p.map((x) => x.id) });

async function staffRow(role: StaffRow['role']): Promise<StaffRow> {
  const [row] = await db().insert(staff).values({ email: `${role}-${randomUUID()}@tenancy.example.com`, name: `Tenancy ${role}`, role, allPartners: true, status: 'active' }).returning();
  return row!;
}
const partnerRow = async (id: number) => (await db().select().from(partners).where(eq(partners.id, id)))[0]!;
async function expect404(attempt: Promise<unknown>) {
  await expect(attempt).rejects.toBeInstanceOf(AppError);
  await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const all = await db().select().from(partners);
  hilton = all.find((p) => p.code === 'hilton')!;
  caesars = all.find((p) => p.code === 'caesars')!;
  requester = await staffRow('supervisor');
  decider = await staffRow('administrator');
});
afterAll(async () => { await database.close(); });

describe('a scheduled publish of another partner', () => {
  it('is not in the item of the partner asked for and cannot be cancelled (404): still pending', async () => {
    const [other] = await db().insert(contentSchedules).values({
      partnerId: caesars.id, contentName: 'popup', slug: 'tenancy', fields: { title: 'Caesars only' }, publishAt: new Date(Date.now() + 86_400_000), status: 'pending', staffId: requester.id,
    }).returning();
    expect((await contentItem(db(), hilton, 'popup', 'tenancy')).schedules).toEqual([]);
    expect((await contentItem(db(), caesars, 'popup', 'tenancy')).schedules.map((s) => s.id)).toEqual([other!.id]);

    await expect404(cancelSchedule(db(), other!.id, [hilton.id]));
    await expect404(cancelSchedule(db(), other!.id, []));
    expect((await db().select().from(contentSchedules).where(eq(contentSchedules.id, other!.id)))[0]).toEqual(other);
    // Its own partner cancels it.
    expect(await cancelSchedule(db(), other!.id, [caesars.id])).toMatchObject({ id: other!.id });
  });
});

describe('the audit log', () => {
  it("never shows another partner's entry: not by scope, not when the partner, the member or the text is named", async () => {
    const word = `tenancy-${randomUUID()}`;
    const [own] = await db().insert(auditLog).values({ action: 'member.note', partnerId: hilton.id, memberId: 910_001, target: word, reason: 'Hilton entry' }).returning();
    const [other] = await db().insert(auditLog).values({ action: 'member.note', partnerId: caesars.id, memberId: 910_002, target: word, reason: 'Caesars entry' }).returning();
    const ids = async (scope: PartnerScope, q: Parameters<typeof searchAudit>[2]) => (await searchAudit(db(), scope, q)).entries.map((e) => e.id);

    expect(await ids(scopeOf(hilton), { q: word, limit: 50 })).toEqual([own!.id]);
    expect(await ids(scopeOf(hilton), { q: word, partnerId: caesars.id, limit: 50 })).toEqual([]);
    expect(await ids(scopeOf(hilton), { q: '910002', limit: 50 })).toEqual([]);
    expect(await ids(scopeOf(hilton), { limit: 500 })).not.toContain(other!.id);
    expect(await ids(scopeOf(), { q: word, limit: 50 })).toEqual([]);
    expect(await ids(scopeOf(caesars), { q: word, limit: 50 })).toEqual([other!.id]);
  });
});

describe('a settings change of another partner', () => {
  it("is never listed under the partner asked for and cannot be decided (404): still waiting, the partner's settings unchanged", async () => {
    const before = settingsOf(caesars);
    const [other] = await db().insert(settingsChanges).values({
      partnerId: caesars.id, fields: ['vipQualifyingDines'], before: { vipQualifyingDines: before.vipQualifyingDines }, after: { vipQualifyingDines: (before.vipQualifyingDines ?? 0) + 7 },
      reason: 'Tenancy test', requestedBy: requester.id, status: 'PendingApproval', expiresAt: new Date(Date.now() + 86_400_000),
    }).returning();

    expect((await listSettingsChanges(db(), hilton.id)).map((c) => c.id)).not.toContain(other!.id);
    expect(await listSettingsChanges(db(), hilton.id, { pending: true, id: other!.id })).toEqual([]);
    expect(await listSettingsChanges(db(), hilton.id, { id: other!.id })).toEqual([]);
    expect((await listSettingsChanges(db(), caesars.id, { pending: true })).map((c) => c.id)).toContain(other!.id);

    for (const decision of ['approve', 'reject'] as const) {
      await expect404(decideSettingsChange(db(), { by: decider, scope: scopeOf(hilton), changeId: other!.id, decision: { decision, note: 'Not ours' } }));
    }
    expect((await db().select().from(settingsChanges).where(eq(settingsChanges.id, other!.id)))[0]).toEqual(other);
    expect(settingsOf(await partnerRow(caesars.id))).toEqual(before);
    // Its own partner's staff decide it.
    expect(await decideSettingsChange(db(), { by: decider, scope: scopeOf(caesars), changeId: other!.id, decision: { decision: 'approve' } })).toMatchObject({ status: 'Applied' });
    expect(settingsOf(await partnerRow(caesars.id)).vipQualifyingDines).toBe((before.vipQualifyingDines ?? 0) + 7);
  });
});

describe('the member search', () => {
  it("never finds another partner's member: not by e-mail, public id or a card's last four", async () => {
    const { memberId, cardIds } = await memberWithCards(db(), { partnerId: caesars.id });
    const [y] = await db().select().from(members).where(eq(members.id, memberId));
    const [card] = await db().select().from(memberCards).where(eq(memberCards.id, cardIds[0]!));
    const queries = [y!.email, y!.publicId, card!.lastFour];
    for (const q of queries) {
      expect((await searchMembers(db(), hilton, q)).members.map((m) => m.id)).not.toContain(y!.id);
      expect((await searchMembers(db(), caesars, q)).members.map((m) => m.id)).toContain(y!.id);
    }
  });
});

describe('an error by its reference code', () => {
  it("is not found for staff of another partner (nor one of no partner for staff with a partner list)", async () => {
    const reference = `TN-${randomUUID().slice(0, 8)}`;
    const orphan = `TN-${randomUUID().slice(0, 8)}`;
    await db().insert(clientErrors).values([
      { reference, partnerId: caesars.id, route: '/account', name: 'Error', message: 'Caesars only', requestId: 'tn-1' },
      { reference: orphan, partnerId: null, route: '/', name: 'Error', message: 'No partner', requestId: 'tn-2' },
    ]);
    expect(await findErrorByReference(db(), reference, scopeOf(hilton))).toBeNull();
    expect(await findErrorByReference(db(), reference, scopeOf())).toBeNull();
    expect(await findErrorByReference(db(), orphan, scopeOf(hilton, caesars))).toBeNull();
    expect(await findErrorByReference(db(), reference, scopeOf(caesars))).toMatchObject({ reference, partnerId: caesars.id });
    expect(await findErrorByReference(db(), orphan, { allPartners: true, partnerIds: [] })).toMatchObject({ reference: orphan });
  });
});
