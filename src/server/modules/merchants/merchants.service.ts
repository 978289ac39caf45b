import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { listenForChanges } from '../../db/listen';
import { merchantIndexVersion } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { geocode, type GeoPoint } from '../../lib/geo';
import { CURRENT_LOCATION, DEFAULT_RADIUS_MILES, type MerchantDetail, type MerchantSearchQuery, type MerchantSearchResponse } from '#shared/schemas/merchant';
import { inGridOrder, MerchantIndex, type IndexRow } from './merchant-index';
import { toDetail } from './merchant-mapper';
import { allMerchants, findMerchantById, MERCHANT_INDEX_CHANNEL, merchantsChangedSince } from './merchants.repo';

export const DEFAULT_PAGE_SIZE = 20;
const CACHE_ENTRIES = 2000;
/**
 * Searches remembered as seen once (their keys only), per generation of this many: an answer is
 * cached when its search comes a second time. Caching every answer kept each one-off answer
 * (13 kB) alive for the next 1,000 searches, long enough to be copied into the old generation of
 * the heap; under distinct searches garbage collection then took a fifth of the server's CPU.
 */
const SEEN_KEYS = 8192;
/** Rows read (and indexed) per slice of a rebuild; between slices the event loop runs requests. */
const REBUILD_PAGE = 250;
/** More changed rows than this and the index is rebuilt beside the old one rather than patched. */
const PATCH_LIMIT = 5000;
/** The change marker is read this often even when notifications arrive (a missed NOTIFY). */
const POLL_MS = 2000;

/**
 * A search as the server runs it: the request, and for a signed-in member asking for restaurants
 * with benefits the campaign level their tier opens (merchant-index IndexFilters.openCampaignLevel).
 */
export type SearchInput = MerchantSearchQuery & { openCampaignLevel?: number };

/** The same search written differently (key order, list order) gets the same key. */
function cacheKey(q: SearchInput): string {
  let key = '';
  for (const k of Object.keys(q).sort()) {
    const v = q[k as keyof SearchInput];
    if (v === undefined) continue;
    key += `${k}=${JSON.stringify(Array.isArray(v) ? [...v].map(String).sort() : v)}&`;
  }
  return key;
}

export type SearchStats = {
  /** Full builds of a new index (the first one included). */
  rebuilds: number;
  /** Changed rows patched into the live index. */
  patchedRows: number;
  /** Change-marker reads. */
  checks: number;
};

/**
 * Holds the current search index and keeps it in step with the merchant table without scanning
 * it (docs/decisions/0001): triggers keep a one-row change marker (merchant_index_version) and
 * stamp each written row with it, and NOTIFY merchant_index on commit. A refresh reads the marker
 * (one primary-key read); when it moved, the rows stamped since are read and patched into the
 * index in one synchronous step; after a delete (a new generation) or a large change, a new index
 * is built beside the old one in slices that yield to the event loop, and swapped in at once.
 * Requests never wait for any of it: they search whichever index is current.
 */
export class MerchantSearch {
  private index = new MerchantIndex();
  /** The marker's version and generation the index reflects (-1: never built). */
  private version = -1;
  private generation = -1;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Serialised answers (UTF-8) of recent searches; emptied whenever the index changes. */
  private cache = new Map<string, Buffer>();
  /** Keys of searches answered once and not cached (two generations: recent and older). */
  private seen = new Set<string>();
  private seenBefore = new Set<string>();
  readonly stats: SearchStats = { rebuilds: 0, patchedRows: 0, checks: 0 };

  /** Where the index's reads run (a replica within the lag bound, app.reads); the primary by default. */
  private readonly read: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

  constructor(private readonly db: Db, private readonly opts: { pageRows?: number; patchLimit?: number; read?: <T>(fn: (db: Db) => Promise<T>) => Promise<T> } = {}) {
    this.read = opts.read ?? ((fn) => fn(db));
  }

  /** A search over fixed merchants, never refreshed (benchmarks, tests). */
  static ofRows(rows: readonly IndexRow[]): MerchantSearch {
    const s = new MerchantSearch(undefined as unknown as Db);
    s.index.add(inGridOrder(rows));
    return s;
  }

  get size() {
    return this.index.size;
  }

  /**
   * Brings the index up to the merchant table's current marker. Concurrent calls share one run;
   * a call during a run makes it look once more when it ends.
   */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sync();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * One look, with the marker and the rows read on one server (a replica behind the primary gives
   * an older marker and older rows alike; the next notification or poll brings the rest).
   */
  private sync(): Promise<void> {
    this.stats.checks++;
    return this.read((db) => this.syncOn(db));
  }

  private async syncOn(db: Db): Promise<void> {
    const marker = await readMarker(db);
    if (marker.generation !== this.generation || this.version < 0) return this.rebuild(db, marker);
    if (marker.version === this.version) return;
    // Rows stamped at or after the version last seen: every change committed since, and perhaps
    // a few already applied (applying a row twice changes nothing).
    const limit = this.opts.patchLimit ?? PATCH_LIMIT;
    const changed = await merchantsChangedSince(db, this.version, limit + 1);
    if (changed.length > limit) return this.rebuild(db, marker);
    // One synchronous step: a search sees all of these changes or none.
    this.index.add(changed);
    this.stats.patchedRows += changed.length;
    this.version = marker.version;
    if (changed.length) this.cache = new Map();
  }

  /**
   * A new index from every merchant, built beside the current one, then swapped in: the rows are
   * read a page at a time, put in grid order (inGridOrder) and indexed a page at a time, each page
   * yielding to the event loop. Rows written while it is built carry a stamp at or after
   * `marker.version` and are patched in by the next refresh.
   */
  private async rebuild(db: Db, marker: Marker): Promise<void> {
    const next = new MerchantIndex();
    const page = this.opts.pageRows ?? REBUILD_PAGE;
    const read: IndexRow[] = [];
    for await (const rows of allMerchants(db, page)) {
      for (const row of rows) read.push(row);
      await yieldToEventLoop();
    }
    const all = inGridOrder(read);
    for (let at = 0; at < all.length; at += page) {
      next.add(all.slice(at, at + page));
      await yieldToEventLoop();
    }
    this.index = next;
    this.version = marker.version;
    this.generation = marker.generation;
    this.cache = new Map();
    this.stats.rebuilds++;
  }

  /**
   * New ratings and rating counts (verified reviews, docs/api-reviews.md): the instance that took
   * the review applies it at once, the others when its change marker reaches them. Cached answers
   * are dropped.
   */
  applyRatings(list: ReadonlyArray<{ id: number; ratingOverall: number; ratingCount: number }>) {
    let changed = false;
    for (const r of list) changed = this.index.updateRating(r.id, r.ratingOverall, r.ratingCount) || changed;
    if (changed) this.cache = new Map();
  }

  /**
   * Keeps the index current: listens for NOTIFY merchant_index (PostgreSQL on a connection of its
   * own; PGlite in process) and reads the marker every `pollMs` in case a notification is missed.
   */
  async watch(pollMs = POLL_MS): Promise<void> {
    this.stopped = false;
    const onChange = () => void this.refresh().catch(() => undefined);
    this.unlisten = await listenForChanges(this.db, MERCHANT_INDEX_CHANNEL, onChange).catch(() => undefined);
    this.timer = setInterval(onChange, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  /**
   * The search answer as JSON, the same text JSON.stringify(search(q)) gives (the first screen
   * puts it in the page; tests read it).
   */
  searchJson(q: SearchInput): string {
    return this.searchBody(q).toString('utf8');
  }

  /**
   * The search answer as UTF-8 JSON bytes, for the API. Popular searches (a city's first page)
   * repeat a lot; an LRU of serialised answers serves a repeat without searching again. An
   * answer enters it the second time its search comes (SEEN_KEYS). Others are built from each
   * merchant's pre-encoded JSON. Callers must not change the bytes (cached answers are shared).
   */
  searchBody(q: SearchInput, rawQuery?: string): Buffer {
    const key = cacheKey(q);
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      if (rawQuery !== undefined) this.remember(`?${rawQuery}`, hit);
      return hit;
    }
    const { index, request, page, location } = this.run(q);
    const body = index.pageBytes(page, '{"merchants":', `,"totalCount":${page.total},"pageNo":${request.pageNo},"pageSize":${request.pageSize},`
      + `"totalPages":${Math.ceil(page.total / request.pageSize)},"location":${JSON.stringify(location)}}`);
    if (this.seenBefore.has(key) || this.seen.has(key)) {
      // A copy of its own: kept, the slice would hold its whole 256 kB slab (MerchantIndex.pageBytes).
      const kept = Buffer.from(body);
      this.remember(key, kept);
      if (rawQuery !== undefined) this.remember(`?${rawQuery}`, kept);
      return kept;
    }
    if (this.seen.size >= SEEN_KEYS) {
      this.seenBefore = this.seen;
      this.seen = new Set();
    }
    this.seen.add(key);
    return body;
  }

  /**
   * The answer given before to this very query string (as the client wrote it), if still
   * current: a repeat needs neither validation nor normalising. Only query strings that passed
   * validation are ever remembered.
   */
  cachedBody(rawQuery: string): Buffer | undefined {
    return this.cache.get(`?${rawQuery}`);
  }

  private remember(key: string, body: Buffer) {
    this.cache.set(key, body);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Entries in the answer cache (an answer is held under its normalised key and, from the route, its query string). */
  get cachedEntries(): number {
    return this.cache.size;
  }

  search(q: SearchInput): MerchantSearchResponse {
    const { index, request, page, location } = this.run(q);
    return {
      merchants: page.entries.map((i, k) => index.summaryWithDistance(i, page.distances[k]!)),
      totalCount: page.total,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
      totalPages: Math.ceil(page.total / request.pageSize),
      location,
    };
  }

  private run(q: SearchInput) {
    const { center, label } = resolveCenter(q);
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
    const radius = q.radius ?? DEFAULT_RADIUS_MILES;
    const index = this.index;
    const page = index.query({
      ...q,
      center,
      radius,
      sortBy: q.sortBy ?? 'distance',
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    return { index, request: { pageNo, pageSize }, page, location: { ...center, label, radius } };
  }
}

type Marker = { version: number; generation: number };

async function readMarker(db: Db): Promise<Marker> {
  const [row] = await db.select({ version: merchantIndexVersion.version, generation: merchantIndexVersion.generation })
    .from(merchantIndexVersion).where(eq(merchantIndexVersion.id, 1));
  // Without the row (it is made by the migration) every look rebuilds: correct, only slower.
  return row ?? { version: 0, generation: Date.now() };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));


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
