import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/db';
import type { Database } from '../../db/client';
import { merchants } from '../../db/schema';
import { ZMerchantSearchRequest, type MerchantSearchResponse } from '#shared/schemas/merchant';
import { MerchantSearch } from './merchants.service';

let database: Database;
let search: MerchantSearch;
beforeAll(async () => {
  database = await createTestDatabase();
  search = new MerchantSearch(database.db);
  await search.refresh();
});
afterAll(async () => { await database.close(); });

const q = (query: Record<string, unknown>) => ZMerchantSearchRequest.parse(query);

describe('MerchantSearch', () => {
  it('answers equivalent searches from one cached answer', () => {
    const a = search.searchJson(q({ location: '10001', priceRange: ['1', '2'], features: 'dineIn' }));
    const b = search.searchJson(q({ features: ['dineIn'], priceRange: '2,1', location: '10001' }));
    expect(b).toBe(a);
    expect(JSON.parse(a)).toEqual(search.search(q({ location: '10001', priceRange: ['1', '2'], features: 'dineIn' })));
  });

  it('caches an answer when its search comes a second time, never a one-off search', async () => {
    const fresh = new MerchantSearch(database.db);
    await fresh.refresh();
    const once = [40.70, 40.72, 40.74, 40.76].map((latitude) => fresh.searchJson(q({ latitude, longitude: -73.99, radius: 5 })));
    expect(new Set(once).size).toBe(4);
    expect(fresh.cachedEntries).toBe(0);
    const again = fresh.searchBody(q({ latitude: 40.70, longitude: -73.99, radius: 5 }), 'latitude=40.70&longitude=-73.99&radius=5');
    expect(again.toString('utf8')).toBe(once[0]);
    // Held under its normalised key and under the query string as the client wrote it.
    expect(fresh.cachedEntries).toBe(2);
    expect(fresh.cachedBody('latitude=40.70&longitude=-73.99&radius=5')).toBe(again);
    expect(fresh.cachedBody('latitude=40.72&longitude=-73.99&radius=5')).toBeUndefined();
  });

  it('rebuilds the index and forgets cached answers when merchants change', async () => {
    const before = JSON.parse(search.searchJson(q({ location: '10001' }))) as MerchantSearchResponse;
    const first = before.merchants[0]!;
    await database.db.update(merchants).set({ name: 'Renamed Bistro', updatedAt: sql`now() + interval '1 second'` }).where(eq(merchants.id, first.id));
    await search.refresh();
    const after = JSON.parse(search.searchJson(q({ location: '10001' }))) as MerchantSearchResponse;
    expect(after.merchants.find((m) => m.id === first.id)?.name).toBe('Renamed Bistro');
  });
});
