/**
 * The search index's freshness (docs/decisions/0001): the change marker kept by triggers, changed
 * rows patched in without a full rebuild, rebuilds beside the live index with an atomic swap, and
 * NOTIFY reaching a second instance. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { merchantIndexVersion, merchants, type MerchantRow } from '../../db/schema';
import { ZMerchantSearchRequest, type MerchantSearchResponse } from '#shared/schemas/merchant';
import { MerchantSearch } from './merchants.service';

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

const q = (query: Record<string, unknown>) => ZMerchantSearchRequest.parse(query);
const marker = async () => (await database.db.select().from(merchantIndexVersion))[0]!;
const row = async (id: number) => (await database.db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
/** Everything within a mile of a point, as a list of ids and names. */
const near = (s: MerchantSearch, p: { latitude: number; longitude: number }) =>
  s.search(q({ latitude: p.latitude, longitude: p.longitude, radius: 1, pageSize: 100 })).merchants.map((m) => ({ id: m.id, name: m.name }));

/** A new restaurant copied from an existing one, under a new name and place. */
async function addMerchant(from: MerchantRow, over: Partial<MerchantRow>): Promise<MerchantRow> {
  const { id: _id, changeSeq: _seq, createdAt: _c, updatedAt: _u, ...rest } = from;
  const [added] = await database.db.insert(merchants).values({ ...rest, ...over }).returning();
  return added!;
}

/** Resolves when `found` holds, looking every 20 ms (fails after timeoutMs); the time it took. */
async function eventually(found: () => boolean, timeoutMs: number): Promise<number> {
  const start = Date.now();
  await vi.waitFor(() => expect(found(), `not within ${timeoutMs} ms`).toBe(true), { timeout: timeoutMs, interval: 20 });
  return Date.now() - start;
}

describe('the merchant change marker', () => {
  it('moves with every statement that writes merchants and stamps the rows written; a delete starts a new generation', async () => {
    const before = await marker();
    const [first] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    await database.db.update(merchants).set({ phone: '555-0100' }).where(eq(merchants.id, first!.id));
    const after = await marker();
    expect(after.version).toBe(before.version + 1);
    expect(after.generation).toBe(before.generation);
    expect((await row(first!.id)).changeSeq).toBe(before.version);

    const added = await addMerchant(first!, { name: 'Marker Test Diner' });
    expect(added.changeSeq).toBe(after.version);
    await database.db.delete(merchants).where(eq(merchants.id, added.id));
    const deleted = await marker();
    expect(deleted.version).toBe(after.version + 2);
    expect(deleted.generation).toBe(after.generation + 1);
  });
});

describe('MerchantSearch freshness', () => {
  it('finds a restaurant added or changed once the marker moves, by patching, without a rebuild', async () => {
    const search = new MerchantSearch(database.db);
    await search.refresh();
    expect(search.stats.rebuilds).toBe(1);
    const size = search.size;
    const [base] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    const spot = { latitude: 44.4759, longitude: -73.2121 }; // Burlington, VT: no seeded restaurant within a mile
    expect(near(search, spot)).toEqual([]);

    // Nothing changed: a look reads the marker and nothing else.
    await search.refresh();
    expect(search.stats).toMatchObject({ rebuilds: 1, patchedRows: 0 });

    // Asked twice, so the answer is cached (an answer enters the cache on its second search).
    search.searchJson(q({ latitude: spot.latitude, longitude: spot.longitude, radius: 1 }));
    const cached = search.searchJson(q({ latitude: spot.latitude, longitude: spot.longitude, radius: 1 }));
    expect(search.cachedEntries).toBeGreaterThan(0);
    const added = await addMerchant(base!, { name: 'Lakeside Test Kitchen', ...spot });
    expect(near(search, spot)).toEqual([]); // not yet: the index moves on its next look
    await search.refresh();
    expect(near(search, spot)).toEqual([{ id: added.id, name: 'Lakeside Test Kitchen' }]);
    expect(search.size).toBe(size + 1);
    expect(search.stats).toMatchObject({ rebuilds: 1, patchedRows: 1 });
    // The cached answer was dropped with the change.
    const fresh = JSON.parse(search.searchJson(q({ latitude: spot.latitude, longitude: spot.longitude, radius: 1 }))) as MerchantSearchResponse;
    expect(fresh.merchants.map((m) => m.id)).toEqual([added.id]);
    expect(JSON.parse(cached)).toMatchObject({ totalCount: 0 });

    // A rename and a move: the old place no longer finds it, the new one does.
    const moved = { latitude: 43.0481, longitude: -76.1474 }; // Syracuse, NY
    await database.db.update(merchants).set({ name: 'Lakeside Test Kitchen II', ...moved }).where(eq(merchants.id, added.id));
    await search.refresh();
    expect(near(search, spot)).toEqual([]);
    expect(near(search, moved)).toContainEqual({ id: added.id, name: 'Lakeside Test Kitchen II' });
    expect(search.size).toBe(size + 1);
    expect(search.stats).toMatchObject({ rebuilds: 1, patchedRows: 2 });
    await search.stop();
  });

  it('rebuilds after a delete beside the live index: searches during the rebuild answer at once from the old one, then all change together', async () => {
    const [base] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    const spot = { latitude: 39.7391, longitude: -104.9847 }; // Denver, CO
    const victim = (await addMerchant(base!, { name: 'Short-Lived Test Cafe', ...spot })).id;
    const search = new MerchantSearch(database.db, { pageRows: 100 });
    await search.refresh();
    const target = q({ latitude: spot.latitude, longitude: spot.longitude, radius: 10, pageSize: 100 });
    const before = search.searchJson(target);
    expect((JSON.parse(before) as MerchantSearchResponse).merchants.map((m) => m.id)).toContain(victim);
    const size = search.size;
    await database.db.delete(merchants).where(eq(merchants.id, victim));

    const refreshing = search.refresh();
    let done = false;
    void refreshing.then(() => { done = true; });
    const during: string[] = [];
    const sizes: number[] = [];
    // Every turn of the event loop while the rebuild runs: a search answers synchronously.
    while (!done) {
      during.push(search.searchJson(target));
      sizes.push(search.size);
      await new Promise((r) => setImmediate(r));
    }
    await refreshing;
    const after = search.searchJson(target);
    expect(after).not.toBe(before);
    expect((JSON.parse(after) as MerchantSearchResponse).merchants.map((m) => m.id)).not.toContain(victim);
    // Many turns (the rebuild yields between slices of 100 rows), and never a half-built index.
    expect(during.length).toBeGreaterThan(5);
    expect(new Set(during.slice(0, -1))).toEqual(new Set([before]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((n, i) => n === size || (n === size - 1 && sizes.slice(i).every((m) => m === size - 1)))).toBe(true);
    expect(search.size).toBe(size - 1);
    expect(search.stats.rebuilds).toBe(2);
    await search.stop();
  });

  it('hears of a change through NOTIFY on another instance within a second, with no polling', async () => {
    // Two instances on one database: `writer` takes the change, `reader` never polls in this test.
    const reader = new MerchantSearch(database.db);
    await reader.refresh();
    await reader.watch(3_600_000);
    const [base] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    const spot = { latitude: 46.8721, longitude: -113.994 }; // Missoula, MT
    const added = await addMerchant(base!, { name: 'Notified Test Grill', ...spot });
    const ms = await eventually(() => near(reader, spot).some((m) => m.id === added.id), 5000);
    expect(ms).toBeLessThan(1000);
    expect(reader.stats.rebuilds).toBe(1);
    await reader.stop();
  });

  it('catches up by reading the marker when no notification comes', async () => {
    const reader = new MerchantSearch(database.db);
    await reader.refresh();
    const spot = { latitude: 35.0844, longitude: -106.6504 }; // Albuquerque, NM
    const [base] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    // The change is committed before the watcher exists: only its look at the marker can find it.
    const added = await addMerchant(base!, { name: 'Polled Test Cantina', ...spot });
    await reader.watch(200);
    await eventually(() => near(reader, spot).some((m) => m.id === added.id), 5000);
    expect(reader.stats.rebuilds).toBe(1);
    await reader.stop();
  });

  it('takes rows written while it was rebuilding on its next look', async () => {
    const search = new MerchantSearch(database.db, { pageRows: 50 });
    await database.db.execute(sql`delete from ${merchants} where ${merchants.id} < 0`); // a new generation, nothing deleted
    const [base] = await database.db.select().from(merchants).orderBy(merchants.id).limit(1);
    const spot = { latitude: 32.2226, longitude: -110.9747 }; // Tucson, AZ
    const building = search.refresh();
    // A write committed while the first pages are being read; the rebuild may or may not see it.
    const added = await addMerchant(base!, { name: 'Midway Test Bistro', ...spot });
    await building;
    await search.refresh();
    expect(near(search, spot).map((m) => m.id)).toContain(added.id);
  });
});
