import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { appSecrets, memberCards, members, partnerCards, partners } from '../db/schema';
import { cardFingerprint, FINGERPRINT_SECRET } from '../modules/cards/card-crypto';
import { checkCardNumber } from '#shared/rules/card';
import { generatedNumber, RESERVED_TEST_NUMBERS, seedNumberPool, seedNumbers } from './partner-cards';

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
    expect(seedNumberPool(['MAST', 'VISA']).length).toBeGreaterThan(0);
    expect(seedNumberPool(['MAST', 'VISA']).every((n) => /^[245]/.test(n))).toBe(true);
  });

  it('go on with generated numbers of the accepted brands, valid, never a published or reserved one', () => {
    const source = seedNumbers(['MAST', 'VISA']);
    const first = Array.from({ length: 400 }, () => source.next().value);
    expect(new Set(first).size).toBe(400);
    for (const n of first) expect(checkCardNumber(n, ['MAST', 'VISA']).ok).toBe(true);
    const generated = first.slice(seedNumberPool(['MAST', 'VISA']).length);
    for (const n of generated) expect([...seedNumberPool(ALL), ...RESERVED_TEST_NUMBERS]).not.toContain(n);
    expect(generated.slice(0, 2)).toEqual([generatedNumber('Visa', 0), generatedNumber('Mastercard', 0)]);
    expect(generatedNumber('Amex', 12)).toMatch(/^3400009\d{8}$/);
    expect(checkCardNumber(generatedNumber('Amex', 12), ALL).ok).toBe(true);
    expect(checkCardNumber(generatedNumber('Discover', 3), ALL).ok).toBe(true);
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
      const source = seedNumbers(p.cardTypesAccepted as Array<(typeof ALL)[number]>);
      const pool = new Map(Array.from({ length: 600 }, () => source.next().value).map((n) => [cardFingerprint(key, n), n]));
      for (const c of [...pc, ...mc]) {
        const n = pool.get(c.fingerprint);
        expect(n).toBeDefined();
        expect(n!.slice(-4)).toBe(c.lastFour);
      }
      expect(new Set(pc.map((c) => c.fingerprint)).size).toBe(pc.length);
    }
  });

  it('put each card in one programme only: no number on two partners', async () => {
    const db = database.db;
    const rows = [
      ...(await db.select({ partnerId: partnerCards.partnerId, fingerprint: partnerCards.fingerprint }).from(partnerCards)),
      ...(await db.select({ partnerId: memberCards.partnerId, fingerprint: memberCards.fingerprint }).from(memberCards)),
    ];
    const partnersOf = new Map<string, Set<number>>();
    for (const r of rows) partnersOf.set(r.fingerprint, (partnersOf.get(r.fingerprint) ?? new Set()).add(r.partnerId));
    expect(rows.length).toBeGreaterThan(100);
    expect([...partnersOf.values()].filter((s) => s.size > 1)).toEqual([]);
  });
});
