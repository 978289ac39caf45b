import { describe, it, expect } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestDatabase } from '../test/db';
import { contentPages, memberCards, members, merchantNetworkLocations, merchants, partnerCards, partners } from '../db/schema';
import { assertNoDemoMembers, countDemoMembers } from './members';
import { buildContent } from './content';
import { buildPartners } from './partners';
import { generateMerchants } from './merchants';
import { isSeeded, seed, seedMerchantsOnly } from './seed';
import { DEMO_ORDER_ID_PLACEHOLDER } from '../modules/demo-restaurants/demo-order';

describe('seed', () => {
  it('fills an empty database once, in batches, and reports progress', async () => {
    const database = await createTestDatabase({ seeded: false });
    try {
      expect(await isSeeded(database.db)).toBe(false);
      const progress: Array<{ done: number; total: number; stage: string }> = [];
      const result = await seed(database.db, {
        merchantCount: 2000,
        demoMembers: true,
        batchSize: 700,
        onProgress: (done, total, stage) => void progress.push({ done, total, stage }),
      });
      const stages = new Set(progress.map((p) => p.stage));
      // The merchants in batches of 700: counted up to all 2000, out of 2000 each time.
      const merchantSteps = progress.filter((p) => p.stage === 'merchants');
      expect(merchantSteps.map((p) => p.total)).toEqual(merchantSteps.map(() => 2000));
      expect(merchantSteps.map((p) => p.done)).toEqual([...merchantSteps.map((p) => p.done)].sort((a, b) => a - b));
      const lastMerchants = merchantSteps.at(-1)?.done;
      const expectedContent = buildPartners().reduce((n, p) => n + buildContent(p).length, 0);
      expect(result).toEqual({ partners: 19, merchants: 2000, contentPages: expectedContent, skipped: false });
      expect([...stages]).toEqual(['partners', 'content', 'merchants']);
      expect(lastMerchants).toBe(2000);
      expect(await isSeeded(database.db)).toBe(true);

      const [m] = await database.db.select({ n: count() }).from(merchants);
      expect(m?.n).toBe(2000);
      const [delta] = await database.db.select().from(partners).where(eq(partners.code, 'delta'));
      expect(delta?.enrollmentType).toBe('sso');
      expect(delta?.copyStates.currencyPlural).toBe('miles');
      const deltaPages = await database.db.select().from(contentPages).where(and(eq(contentPages.partnerId, delta?.id ?? 0), eq(contentPages.contentName, 'home')));
      expect(deltaPages.filter((p) => p.status === 'published')).toHaveLength(8); // 3 audiences + 5 airline variants (§4)
      expect(deltaPages.filter((p) => p.status === 'draft').length).toBeGreaterThan(0);
      // The JSON bulk insert must store exactly what the generator produced.
      const stored = await database.db.select().from(merchants).where(eq(merchants.id, 1));
      const generated = generateMerchants(25);
      for (const [i, row] of generated.entries()) {
        const [back] = i === 0 ? stored : await database.db.select().from(merchants).where(eq(merchants.id, i + 1));
        // The seed puts the restaurant's id into its own ordering links (demo-order.ts), nothing else changes.
        const links = row.orderOnline && {
          delivery: row.orderOnline.delivery?.replace(DEMO_ORDER_ID_PLACEHOLDER, String(i + 1)) ?? null,
          takeout: row.orderOnline.takeout?.replace(DEMO_ORDER_ID_PLACEHOLDER, String(i + 1)) ?? null,
        };
        expect(back).toMatchObject({ ...row, orderOnline: links });
      }

      // One card-network location per restaurant, as card events name it.
      const locations = await database.db.select().from(merchantNetworkLocations);
      expect(locations).toHaveLength(2000);
      expect(locations.every((l) => l.locationId === `loc-${l.merchantId}`)).toBe(true);

      const again = await seed(database.db, { merchantCount: 2000, demoMembers: true });
      expect(again).toEqual({ ...result, skipped: true });
      const [m2] = await database.db.select({ n: count() }).from(merchants);
      expect(m2?.n).toBe(2000);
    } finally {
      await database.close();
    }
  });

  it('seeds the catalogue only, without demo members or their cards, when demoMembers is false (production)', async () => {
    const database = await createTestDatabase({ seeded: false });
    try {
      const result = await seed(database.db, { merchantCount: 50, demoMembers: false });
      expect(result).toMatchObject({ partners: 19, merchants: 50, skipped: false });
      for (const table of [members, memberCards, partnerCards]) {
        const [n] = await database.db.select({ n: count() }).from(table);
        expect(n?.n).toBe(0);
      }
      expect(await countDemoMembers(database.db)).toBe(0);
      await expect(assertNoDemoMembers(database.db)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('a database seeded with demo members is refused in production', async () => {
    const database = await createTestDatabase({ seeded: false });
    try {
      await seed(database.db, { merchantCount: 0, demoMembers: true });
      expect(await countDemoMembers(database.db)).toBeGreaterThan(50);
      await expect(assertNoDemoMembers(database.db)).rejects.toThrow(/demo members with the published demo password/);
    } finally {
      await database.close();
    }
  });

  it('seedMerchantsOnly adds or replaces merchants without touching partners', async () => {
    const database = await createTestDatabase({ seeded: false });
    try {
      expect(await seedMerchantsOnly(database.db, 500)).toEqual({ merchants: 500 });
      expect(await seedMerchantsOnly(database.db, 300, { replace: true, seed: 7 })).toEqual({ merchants: 300 });
      const rows = await database.db.select({ id: merchants.id }).from(merchants);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)[0]).toBe(1);
      expect(rows).toHaveLength(300);
      expect(await database.db.select().from(merchantNetworkLocations)).toHaveLength(300);
      expect(await isSeeded(database.db)).toBe(false);
    } finally {
      await database.close();
    }
    // 800 restaurants written twice: more than the default 20 s under a full parallel run.
  }, 120_000);
});
