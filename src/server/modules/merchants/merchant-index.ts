import type { MerchantRow } from '../../db/schema';
import { FEATURES, MEALS, type MerchantSearchQuery, type MerchantSummary, type SortBy } from '#shared/schemas/merchant';
import type { GeoPoint } from '../../lib/geo';
import { toSummary } from './merchant-mapper';

const CELL_DEG = 0.2;
const FLAG_ACCLAIMED = 1;
const FLAG_BENEFITS = 2;
const FLAG_NEW = 4;
const FLAG_RESERVATIONS = 8;

type Entry = {
  lat: number;
  lng: number;
  rating: number;
  ratingCount: number;
  price: number;
  name: string;
  haystack: string;
  flags: number;
  features: number;
  meals: number;
  campaignCodes: string[];
  summary: Omit<MerchantSummary, 'distance'>;
};

export type IndexFilters = Pick<MerchantSearchQuery,
  'acclaimed' | 'benefitsFor' | 'features' | 'isNew' | 'mealsServed' | 'priceRange' | 'reservations' | 'restaurantOrCuisine' | 'campaignCode'>;

export type IndexQuery = IndexFilters & {
  center: GeoPoint;
  radius: number;
  sortBy: SortBy;
  offset: number;
  limit: number;
};

const bits = (values: readonly string[], all: readonly string[]) =>
  values.reduce((acc, v) => { const i = all.indexOf(v); return i >= 0 ? acc | (1 << i) : acc; }, 0);

const cellKey = (latCell: number, lngCell: number) => (latCell + 1000) * 10000 + (lngCell + 2000);

/** Normalises text for matching: lower case, accents and punctuation removed. */
export function normaliseText(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/**
 * In-memory search index over every merchant: a uniform grid of 0.2° cells for the radius query,
 * bitmasks for the filters and a prebuilt response object per merchant, so a search touches only
 * the cells around the centre and never the database. Rebuilt when the merchant table changes.
 */
export class MerchantIndex {
  private readonly entries: Entry[] = [];
  private readonly cells = new Map<number, number[]>();
  /** Entry position by merchant id (rating updates). */
  private readonly byId = new Map<number, number>();
  /** Scratch distances by entry, reused across searches (search is synchronous). */
  private dist = new Float64Array(0);

  get size() {
    return this.entries.length;
  }

  add(rows: MerchantRow[]) {
    for (const row of rows) {
      const summary = toSummary(row);
      const { distance: _omit, ...rest } = summary;
      const i = this.entries.length;
      this.byId.set(row.id, i);
      this.entries.push({
        lat: row.latitude,
        lng: row.longitude,
        rating: row.ratingOverall,
        ratingCount: row.ratingCount,
        price: row.priceRange,
        name: normaliseText(row.name),
        haystack: ` ${normaliseText([row.name, ...row.cuisines].join(' '))} `,
        flags: (row.acclaimedLevel ? FLAG_ACCLAIMED : 0) | (row.benefitsAvailable ? FLAG_BENEFITS : 0)
          | (row.isNew ? FLAG_NEW : 0) | (row.reservationProviders.openTable ? FLAG_RESERVATIONS : 0),
        features: bits(row.features, FEATURES),
        meals: bits(row.mealsServed, MEALS),
        campaignCodes: row.campaignCodes.map((c) => c.toUpperCase()),
        summary: rest,
      });
      const key = cellKey(Math.floor(row.latitude / CELL_DEG), Math.floor(row.longitude / CELL_DEG));
      const cell = this.cells.get(key);
      if (cell) cell.push(i);
      else this.cells.set(key, [i]);
    }
    this.dist = new Float64Array(this.entries.length);
  }

  /**
   * A restaurant's new rating and rating count (a verified review): its entry and prebuilt answer
   * change in place, nothing else moves. False when the merchant is not in the index.
   */
  updateRating(id: number, rating: number, ratingCount: number): boolean {
    const i = this.byId.get(id);
    const entry = i === undefined ? undefined : this.entries[i];
    if (!entry) return false;
    entry.rating = rating;
    entry.ratingCount = ratingCount;
    const { summary } = entry;
    entry.summary = { ...summary, details: { ...summary.details, rating: { overallRating: rating, numberOfRatings: ratingCount } } };
    return true;
  }

  search(q: IndexQuery): { total: number; merchants: MerchantSummary[] } {
    let required = 0;
    if (q.acclaimed) required |= FLAG_ACCLAIMED;
    if (q.benefitsFor) required |= FLAG_BENEFITS;
    if (q.isNew) required |= FLAG_NEW;
    if (q.reservations) required |= FLAG_RESERVATIONS;
    // Features and meals: a merchant must offer every feature asked for, and serve any meal asked for.
    const features = bits(q.features ?? [], FEATURES);
    const meals = bits(q.mealsServed ?? [], MEALS);
    const prices = q.priceRange?.length ? new Set(q.priceRange) : undefined;
    const campaign = q.campaignCode ? q.campaignCode.toUpperCase() : undefined;
    const words = q.restaurantOrCuisine ? normaliseText(q.restaurantOrCuisine).split(' ').filter(Boolean) : [];

    const { center, radius } = q;
    // Within a search radius (≤ 100 miles) a flat projection around the centre is accurate to
    // well under 0.1%, and much cheaper than the great-circle formula on thousands of candidates.
    const milesPerLat = 69.05;
    const milesPerLng = 69.17 * Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
    const latDelta = radius / milesPerLat;
    const lngDelta = radius / milesPerLng;
    const latFrom = Math.floor((center.latitude - latDelta) / CELL_DEG);
    const latTo = Math.floor((center.latitude + latDelta) / CELL_DEG);
    const lngFrom = Math.floor((center.longitude - lngDelta) / CELL_DEG);
    const lngTo = Math.floor((center.longitude + lngDelta) / CELL_DEG);
    const radius2 = radius * radius;

    const hits: number[] = [];
    const dist = this.dist;
    for (let la = latFrom; la <= latTo; la++) {
      for (let ln = lngFrom; ln <= lngTo; ln++) {
        const cell = this.cells.get(cellKey(la, ln));
        if (!cell) continue;
        for (const i of cell) {
          const e = this.entries[i]!;
          const dy = (e.lat - center.latitude) * milesPerLat;
          const dx = (e.lng - center.longitude) * milesPerLng;
          const d2 = dx * dx + dy * dy;
          if (d2 > radius2) continue;
          if ((e.flags & required) !== required) continue;
          if ((e.features & features) !== features) continue;
          if (meals && (e.meals & meals) === 0) continue;
          if (prices && !prices.has(e.price)) continue;
          if (campaign && !e.campaignCodes.includes(campaign)) continue;
          if (words.length && !words.every((w) => e.haystack.includes(w))) continue;
          hits.push(i);
          dist[i] = Math.sqrt(d2);
        }
      }
    }

    const entries = this.entries;
    const byDistance = (a: number, b: number) => dist[a]! - dist[b]! || a - b;
    const compare: Record<SortBy, (a: number, b: number) => number> = {
      distance: byDistance,
      rating: (a, b) => entries[b]!.rating - entries[a]!.rating || entries[b]!.ratingCount - entries[a]!.ratingCount || byDistance(a, b),
      name: (a, b) => (entries[a]!.name < entries[b]!.name ? -1 : entries[a]!.name > entries[b]!.name ? 1 : byDistance(a, b)),
      priceLow: (a, b) => entries[a]!.price - entries[b]!.price || byDistance(a, b),
      priceHigh: (a, b) => entries[b]!.price - entries[a]!.price || byDistance(a, b),
    };
    const ordered = firstSorted(hits, q.offset + q.limit, compare[q.sortBy]);
    const page = ordered.slice(q.offset, q.offset + q.limit);
    return {
      total: hits.length,
      merchants: page.map((i) => ({ ...this.entries[i]!.summary, distance: Math.round(dist[i]! * 10) / 10 })),
    };
  }
}

/**
 * The first k items of xs in comparator order, without sorting all of them: a bounded max-heap,
 * O(n log k). Pages near the start of a long result list are the common case.
 */
export function firstSorted(xs: number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 4 >= xs.length) return xs.sort(cmp).slice(0, k);
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i]!, heap[p]!) <= 0) return;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  for (const x of xs) {
    if (heap.length < k) {
      heap.push(x);
      up(heap.length - 1);
    } else if (cmp(x, heap[0]!) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(cmp);
}
