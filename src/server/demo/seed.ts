import { DEMO_ORDER_ID_PLACEHOLDER, DEMO_ORDER_PREFIX } from '../modules/demo-restaurants/demo-order';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentPages, dineIds, merchantNetworkLocations, merchants, partners, type NewMerchantRow } from '../db/schema';
import { insertJsonRows } from './bulk-insert';
import { buildContent } from './content';
import { DEFAULT_SEED, iterateMerchants } from './merchants';
import { buildPartners } from './partners';
import { seedMembers } from './members';
import { seedPartnerCards } from './partner-cards';
import { ensureReservationBooks } from './reservations';
import { seedBonusProgrammes } from './bonuses';

export type SeedProgress = (done: number, total: number, stage: string) => void;
export type SeedOptions = {
  merchantCount: number;
  onProgress?: SeedProgress;
  /** Same seed, same merchants. */
  seed?: number;
  /** Merchants per INSERT statement. */
  batchSize?: number;
  /** HMAC key of card fingerprints (CARD_FINGERPRINT_KEY); unset: the one in app_secrets. */
  cardFingerprintKey?: Buffer;
  /**
   * The demo members (published password), known visitors and their cards. Never in production:
   * there the seed is the catalogue only (partners, content, restaurants). Every caller says which.
   */
  demoMembers: boolean;
};
export type SeedResult = { partners: number; merchants: number; contentPages: number; skipped: boolean };

const DEFAULT_BATCH = 1000;

/** True once partners exist: the seed runs only on an empty database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: partners.id }).from(partners).limit(1);
  return rows.length > 0;
}

async function countRows(db: Db): Promise<Omit<SeedResult, 'skipped'>> {
  const [p] = await db.select({ n: count() }).from(partners);
  const [c] = await db.select({ n: count() }).from(contentPages);
  const [m] = await db.select({ n: count() }).from(merchants);
  return { partners: p?.n ?? 0, contentPages: c?.n ?? 0, merchants: m?.n ?? 0 };
}

async function insertMerchants(
  db: Db,
  total: number,
  opts: { seed: number; batchSize: number; onProgress?: SeedProgress },
): Promise<number> {
  let batch: NewMerchantRow[] = [];
  let done = 0;
  opts.onProgress?.(0, total, 'merchants');
  for (const row of iterateMerchants({ count: total, seed: opts.seed })) {
    batch.push(row);
    if (batch.length >= opts.batchSize) {
      await insertJsonRows(db, merchants, batch);
      done += batch.length;
      batch = [];
      opts.onProgress?.(done, total, 'merchants');
    }
  }
  if (batch.length > 0) {
    await insertJsonRows(db, merchants, batch);
    done += batch.length;
    opts.onProgress?.(done, total, 'merchants');
  }
  // The ordering pages are the restaurants' own (/demo-restaurants/{id}/order): their ids are known now.
  const pending = `${DEMO_ORDER_PREFIX}${DEMO_ORDER_ID_PLACEHOLDER}/`;
  await db.execute(sql`update ${merchants} set order_online = replace(order_online::text, ${pending}, ${DEMO_ORDER_PREFIX} || id || '/')::jsonb
    where order_online is not null and strpos(order_online::text, ${pending}) > 0`);
  return done;
}

/**
 * Fills an empty database with the demo data: the 19 partners, their demo members and cards (unless demoMembers is false), their CMS content and
 * `merchantCount` merchants, in one transaction (a crash leaves the database empty, so the next
 * start seeds again). Does nothing (skipped: true) when partners already exist, including when
 * another instance seeded it first.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  if (await isSeeded(db)) return { ...(await countRows(db)), skipped: true };
  const seedValue = opts.seed ?? DEFAULT_SEED;
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const partnerRows = buildPartners();
  try {
    return await db.transaction(async (tx) => {
      opts.onProgress?.(0, partnerRows.length, 'partners');
      const inserted = await tx.insert(partners).values(partnerRows).returning({ id: partners.id, code: partners.code });
      const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
      opts.onProgress?.(partnerRows.length, partnerRows.length, 'partners');
      await seedBonusProgrammes(tx, partnerRows.map((p) => ({ ...p, id: idByCode.get(p.code)! })));
      if (opts.demoMembers) {
        await seedMembers(tx, partnerRows.map((p) => ({ ...p, id: idByCode.get(p.code)! })));
        await seedPartnerCards(tx, partnerRows.map((p) => ({ ...p, id: idByCode.get(p.code)! })), { fingerprintKey: opts.cardFingerprintKey });
      }

      const content = partnerRows.flatMap((p) => {
        const partnerId = idByCode.get(p.code);
        if (partnerId === undefined) throw new Error(`Partner ${p.code} was not inserted`);
        return buildContent(p).map((row) => ({ ...row, partnerId }));
      });
      opts.onProgress?.(0, content.length, 'content');
      await insertJsonRows(tx, contentPages, content);
      opts.onProgress?.(content.length, content.length, 'content');

      const merchantTotal = await insertMerchants(tx, opts.merchantCount, { seed: seedValue, batchSize, onProgress: opts.onProgress });
      await insertNetworkLocations(tx);
      await ensureReservationBooks(tx);
      return { partners: partnerRows.length, contentPages: content.length, merchants: merchantTotal, skipped: false };
    });
  } catch (err) {
    // Two instances starting on one empty PostgreSQL: the loser hits the partners unique index.
    if (await isSeeded(db)) return { ...(await countRows(db)), skipped: true };
    throw err;
  }
}

export type SeedMerchantsOptions = {
  seed?: number;
  onProgress?: SeedProgress;
  batchSize?: number;
  /** Delete existing merchants first (and restart their ids at 1), so ids are deterministic; their locations and dines go with them. */
  replace?: boolean;
};

/**
 * One card-network location per restaurant (`loc-<id>`, what card events name), in one statement;
 * a restaurant that has its location keeps it. Then the table's statistics: the embedded database
 * has no autovacuum to gather them, and without them the planner takes a restaurant's location
 * for a rare thing (200 restaurants, it guesses) and looks it up by scanning (the demo history's
 * first query took 1.2 s instead of 0.12 s, and the first page after the start waited for it).
 * 50 ms for 20,000 rows; the restaurants' own table, wide, would take seconds.
 */
async function insertNetworkLocations(db: Db): Promise<void> {
  await db.execute(sql`insert into ${merchantNetworkLocations} (location_id, merchant_id) select 'loc-' || id, id from ${merchants} on conflict do nothing`);
  await db.execute(sql`analyze ${merchantNetworkLocations}`);
}

/** Inserts `merchantCount` generated merchants (e.g. 100,000 for benchmarks); partners and content are untouched. */
export async function seedMerchantsOnly(db: Db, merchantCount: number, opts: SeedMerchantsOptions = {}): Promise<{ merchants: number }> {
  return db.transaction(async (tx) => {
    // Dines go with their restaurants, and their keys with them (dine_ids, which the rows naming a dine reference: decision 0014).
    if (opts.replace) await tx.execute(sql`truncate table ${merchantNetworkLocations}, ${merchants}, ${dineIds} restart identity cascade`);
    const inserted = await insertMerchants(tx, merchantCount, {
      seed: opts.seed ?? DEFAULT_SEED,
      batchSize: opts.batchSize ?? DEFAULT_BATCH,
      onProgress: opts.onProgress,
    });
    await insertNetworkLocations(tx);
    await ensureReservationBooks(tx);
    return { merchants: inserted };
  });
}
