import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { bonusProgrammes, memberBonuses, memberProgress, members, partners, type MemberRow, type PartnerRow } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { progressYear } from '#shared/rules/rewards/local-time';
import { activeBonuses } from '../bonuses/bonuses.service';
import { keepProgrammes } from '../bonuses';
import { memberStanding, progressFigures } from './members.service';
import { standingOf } from './standing';

/**
 * memberStanding reads the member's progress and enrolments in one statement and the partner's
 * programmes from memory (issue 30 item 3): exactly what the reads one by one gave, only the
 * member's own rows, only their partner's programmes, and a change of the programmes seen.
 */
let database: Database;
const DAY = 86_400_000;
beforeAll(async () => { database = await createTestDatabase({ seeded: true }); }, 120_000);
afterAll(async () => database?.close());

const db = () => database.db;
const partnerOf = async (code: string): Promise<PartnerRow> => (await db().select().from(partners).where(eq(partners.code, code)))[0]!;
const memberOf = async (partner: string, slug: string): Promise<MemberRow> => (await db().select().from(members).where(eq(members.publicId, demoPublicId(partner, slug))))[0]!;

/** The standing as it was read before: progress, programmes and enrolments one query each. */
async function readOneByOne(partner: PartnerRow, member: MemberRow, now: Date) {
  const year = progressYear(now, member.state);
  return { ...standingOf(partner, member.tierLevel, await progressFigures(db(), member, year), year), activeBonuses: await activeBonuses(db(), member, now) };
}

describe('memberStanding', () => {
  it("gives each member their own progress and bonuses, never another member's or another partner's", async () => {
    const hilton = await partnerOf('hilton');
    const delta = await partnerOf('delta');
    const a = await memberOf('hilton', 'vip-card');
    const b = await memberOf('hilton', 'select-card');
    const c = (await db().select().from(members).where(eq(members.partnerId, delta.id)).limit(1))[0]!;
    const now = new Date();
    const year = progressYear(now, a.state);
    // Recent joiners (the new-member bonus is open to them); the same years and the same programme for both.
    await db().update(members).set({ joinDate: new Date(now.getTime() - 3 * DAY) }).where(inArray(members.id, [a.id, b.id, c.id]));
    await db().delete(memberProgress).where(inArray(memberProgress.memberId, [a.id, b.id, c.id]));
    await db().delete(memberBonuses).where(inArray(memberBonuses.memberId, [a.id, b.id, c.id]));
    await db().insert(memberProgress).values([
      { partnerId: hilton.id, memberId: a.id, year, qualifiedDines: 5, rewards: 4 },
      { partnerId: hilton.id, memberId: a.id, year: year - 1, qualifiedDines: 2, rewards: 2 },
      { partnerId: hilton.id, memberId: b.id, year, qualifiedDines: 1, rewards: 1 },
      { partnerId: delta.id, memberId: c.id, year, qualifiedDines: 9, rewards: 9 },
    ]);
    const [newMember] = await db().select().from(bonusProgrammes).where(and(eq(bonusProgrammes.partnerId, hilton.id), eq(bonusProgrammes.code, 'NEWMBR')));
    const [deltaNew] = await db().select().from(bonusProgrammes).where(and(eq(bonusProgrammes.partnerId, delta.id), eq(bonusProgrammes.code, 'NEWMBR')));
    await db().insert(memberBonuses).values([
      { partnerId: hilton.id, memberId: a.id, bonusId: newMember!.id, status: 'Enrolled', enrolledAt: now },
      { partnerId: delta.id, memberId: c.id, bonusId: deltaNew!.id, status: 'Qualified', enrolledAt: now, qualifiedAt: now },
    ]);
    // Filled for the other partner first: each partner's programmes are their own.
    const kept = await keepProgrammes(db());
    try {
      await kept.get(delta.id);
      const aStanding = await memberStanding(db(), hilton, (await memberOf('hilton', 'vip-card')), now, kept);
      const bStanding = await memberStanding(db(), hilton, (await memberOf('hilton', 'select-card')), now, kept);
      // This year's rewards, and the dines still required (this year's count against the requirement).
      expect(aStanding.diningProgress).toMatchObject({ year, ytdMilesOrDollars: 4 });
      expect(aStanding.diningProgress.dinesRequired - aStanding.diningProgress.remainingDines).toBe(5);
      expect(bStanding.diningProgress).toMatchObject({ year, ytdMilesOrDollars: 1 });
      expect(bStanding.diningProgress.dinesRequired - bStanding.diningProgress.remainingDines).toBe(1);
      expect(aStanding.activeBonuses?.find((x) => x.code === 'NEWMBR')?.bonusStatus).toBe('Enrolled');
      expect(bStanding.activeBonuses?.find((x) => x.code === 'NEWMBR')?.bonusStatus).toBe('Eligible');
      const hiltonCodes = new Set((await db().select().from(bonusProgrammes).where(eq(bonusProgrammes.partnerId, hilton.id))).map((p) => p.code));
      for (const x of [...aStanding.activeBonuses!, ...bStanding.activeBonuses!]) expect(hiltonCodes.has(x.code)).toBe(true);
      expect(aStanding.activeBonuses!.map((x) => x.description)).not.toContain(deltaNew!.description);
      const cStanding = await memberStanding(db(), delta, c, now, kept);
      expect(cStanding.diningProgress).toMatchObject({ ytdMilesOrDollars: 9 });
      expect(cStanding.activeBonuses?.find((x) => x.code === 'NEWMBR')).toMatchObject({ bonusStatus: 'Qualified', description: deltaNew!.description });
      // The same as the reads one by one, with the programmes kept or read.
      for (const [partner, member] of [[hilton, await memberOf('hilton', 'vip-card')], [hilton, await memberOf('hilton', 'select-card')], [delta, c]] as const) {
        const expected = await readOneByOne(partner, member, now);
        expect(await memberStanding(db(), partner, member, now, kept)).toEqual(expected);
        expect(await memberStanding(db(), partner, member, now)).toEqual(expected);
      }
    } finally {
      await kept.stop();
    }
  });

  it('gives every demo member the standing the reads one by one gave', async () => {
    const rows = await db().select().from(partners);
    const all = await db().select().from(members);
    const kept = await keepProgrammes(db());
    try {
      const now = new Date();
      for (const member of all) {
        const partner = rows.find((p) => p.id === member.partnerId)!;
        expect(await memberStanding(db(), partner, member, now, kept), member.publicId).toEqual(await readOneByOne(partner, member, now));
      }
    } finally {
      await kept.stop();
    }
  }, 60_000);

  it("keeps each partner's programmes until bonus_programmes changes, then reads them again", async () => {
    const hilton = await partnerOf('hilton');
    const kept = await keepProgrammes(db());
    const [programme] = await db().select().from(bonusProgrammes).where(and(eq(bonusProgrammes.partnerId, hilton.id), eq(bonusProgrammes.code, 'NEWMBR')));
    try {
      const first = await kept.get(hilton.id);
      expect(await kept.get(hilton.id)).toBe(first);
      expect(first.map((p) => p.id)).toContain(programme!.id);
      await db().update(bonusProgrammes).set({ description: 'Changed: a new-member bonus' }).where(eq(bonusProgrammes.id, programme!.id));
      await vi.waitFor(async () => expect((await kept.get(hilton.id)).find((p) => p.id === programme!.id)?.description).toBe('Changed: a new-member bonus'), { timeout: 5_000, interval: 20 });
      await db().update(bonusProgrammes).set({ active: false }).where(eq(bonusProgrammes.id, programme!.id));
      await vi.waitFor(async () => expect((await kept.get(hilton.id)).map((p) => p.id)).not.toContain(programme!.id), { timeout: 5_000, interval: 20 });
    } finally {
      await db().update(bonusProgrammes).set({ description: programme!.description, active: programme!.active }).where(eq(bonusProgrammes.id, programme!.id));
      await kept.stop();
    }
  });
});
