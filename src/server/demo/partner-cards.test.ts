import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { appSecrets, memberCards, members, partnerCards, partners } from '../db/schema';
import { cardFingerprint, FINGERPRINT_SECRET } from '../modules/cards/card-crypto';
import { checkCardNumber } from '#shared/rules/card';
import { RESERVED_TEST_NUMBERS, seedNumberPool } from './partner-cards';

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

const ALL = ['AMEX', 'DISC', 'MAST', 'VISA'] as const;

describe('demo cards', () => {
  it('use valid published test numbers, none of the reserved ones, brands interleaved', () => {
    const pool = seedNumberPool(ALL);
    expect(new Set(pool).size).toBe(pool.length);
    for (const n of pool) expect(checkCardNumber(n, ALL).ok).toBe(true);
    for (const n of RESERVED_TEST_NUMBERS) expect(pool).not.toContain(n);
    expect(pool.slice(0, 4).map((n) => (checkCardNumber(n, ALL) as { brand: string }).brand)).toEqual(['Visa', 'Mastercard', 'Amex', 'Discover']);
    expect(seedNumberPool(['MAST', 'VISA']).every((n) => /^[245]/.test(n))).toBe(true);
  });

  it('give partner cards to members of partners with partner-loaded cards, and every card member a linked card', async () => {
    const db = database.db;
    const all = await db.select().from(partners);
    const [secret] = await db.select().from(appSecrets).where(eq(appSecrets.name, FINGERPRINT_SECRET));
    const key = Buffer.from(secret!.value, 'base64');
    for (const p of all) {
      const ms = await db.select().from(members).where(eq(members.partnerId, p.id));
      const pc = await db.select().from(partnerCards).where(eq(partnerCards.partnerId, p.id));
      const mc = await db.select().from(memberCards).where(eq(memberCards.partnerId, p.id));
      if (!p.hasPartnerLoadedCards) expect(pc).toEqual([]);
      else expect(pc.length).toBe(2 * ms.filter((m) => m.hasWebProfile).length);
      const cardMembers = ms.filter((m) => m.memberType === 'EnrolledCardMember');
      expect(mc.map((c) => c.memberId).sort()).toEqual(cardMembers.map((m) => m.id).sort());
      // Fingerprints are those of the seed numbers (the same function as linking), and unique per partner.
      const pool = new Map(seedNumberPool(p.cardTypesAccepted as Array<(typeof ALL)[number]>).map((n) => [cardFingerprint(key, n), n]));
      for (const c of [...pc, ...mc]) {
        const n = pool.get(c.fingerprint);
        expect(n).toBeDefined();
        expect(n!.slice(-4)).toBe(c.lastFour);
      }
      expect(new Set(pc.map((c) => c.fingerprint)).size).toBe(pc.length);
    }
  });
});
