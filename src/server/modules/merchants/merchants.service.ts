import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { geocode, type GeoPoint } from '../../lib/geo';
import { CURRENT_LOCATION, DEFAULT_RADIUS_MILES, type MerchantDetail, type MerchantSearchQuery, type MerchantSearchResponse } from '#shared/schemas/merchant';
import { MerchantIndex } from './merchant-index';
import { toDetail } from './merchant-mapper';
import { allMerchants, findMerchantById, merchantsVersion, ratingsChangedSince, ratingsVersion } from './merchants.repo';

export const DEFAULT_PAGE_SIZE = 20;
const CACHE_ENTRIES = 2000;

/** The same search written differently (key order, list order) gets the same key. */
function cacheKey(q: MerchantSearchQuery): string {
  return JSON.stringify(Object.keys(q).sort().map((k) => {
    const v = q[k as keyof MerchantSearchQuery];
    return [k, Array.isArray(v) ? [...v].map(String).sort() : v];
  }));
}

/** Holds the current search index and rebuilds it when the merchant table changes. */
export class MerchantSearch {
  private index = new MerchantIndex();
  private version = '';
  /** The latest verified-review rating change the index holds (merchant_review_totals.updated_at). */
  private ratings = '';
  private timer: NodeJS.Timeout | undefined;
  private rebuilding: Promise<void> | undefined;
  /** Serialised answers of recent searches; emptied whenever the index is rebuilt. */
  private cache = new Map<string, string>();

  constructor(private readonly db: Db) {}

  get size() {
    return this.index.size;
  }

  /**
   * Rebuilds the index if the table changed since the last build; otherwise takes the ratings
   * verified reviews changed (on any instance) since the last look, entry by entry.
   */
  async refresh(): Promise<void> {
    if (this.rebuilding) return this.rebuilding;
    this.rebuilding = (async () => {
      // Read before the merchants: a rating changing during a rebuild is taken on the next look.
      const ratings = await ratingsVersion(this.db);
      const version = await merchantsVersion(this.db);
      if (version !== this.version) {
        const next = new MerchantIndex();
        for await (const rows of allMerchants(this.db)) next.add(rows);
        this.index = next;
        this.version = version;
        this.ratings = ratings;
        this.cache = new Map();
        return;
      }
      if (ratings === this.ratings) return;
      this.applyRatings(await ratingsChangedSince(this.db, this.ratings));
      this.ratings = ratings;
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  /**
   * New ratings and rating counts (verified reviews, docs/api-reviews.md): the instance that took
   * the review applies it at once, the others on their next refresh. Cached answers are dropped.
   */
  applyRatings(list: ReadonlyArray<{ id: number; ratingOverall: number; ratingCount: number }>) {
    let changed = false;
    for (const r of list) changed = this.index.updateRating(r.id, r.ratingOverall, r.ratingCount) || changed;
    if (changed) this.cache = new Map();
  }

  watch(intervalMs = 30_000) {
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * The search answer as JSON. Popular searches (a city's first page) repeat a lot; an LRU of
   * serialised answers serves a repeat without searching or serialising again.
   */
  searchJson(q: MerchantSearchQuery): string {
    const key = cacheKey(q);
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const json = JSON.stringify(this.search(q));
    this.cache.set(key, json);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return json;
  }

  search(q: MerchantSearchQuery): MerchantSearchResponse {
    const { center, label } = resolveCenter(q);
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
    const radius = q.radius ?? DEFAULT_RADIUS_MILES;
    const { total, merchants } = this.index.search({
      ...q,
      center,
      radius,
      sortBy: q.sortBy ?? 'distance',
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    return {
      merchants,
      totalCount: total,
      pageNo,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
      location: { ...center, label, radius },
    };
  }
}

/** Coordinates win over text (a map search, 'Current Location'); text is geocoded offline. */
function resolveCenter(q: MerchantSearchQuery): { center: GeoPoint; label: string } {
  if (q.latitude !== undefined && q.longitude !== undefined) {
    return { center: { latitude: q.latitude, longitude: q.longitude }, label: q.location && q.location !== CURRENT_LOCATION ? q.location : CURRENT_LOCATION };
  }
  const text = q.location ?? '';
  const found = geocode(text);
  if (!found) {
    throw AppError.badRequest(`We couldn't find "${text}". Enter city, state or ZIP code.`, [
      { field: 'location', message: `We couldn't find "${text}". Enter city, state or ZIP code.` },
    ]);
  }
  return { center: { latitude: found.latitude, longitude: found.longitude }, label: found.label };
}

export async function getMerchantDetail(db: Db, id: number): Promise<MerchantDetail> {
  const row = await findMerchantById(db, id);
  if (!row) throw AppError.notFound('We could not find that restaurant. It may have left the program.');
  return toDetail(row);
}
