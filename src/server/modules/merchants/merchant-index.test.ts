import { describe, expect, it } from 'vitest';
import type { MerchantRow } from '../../db/schema';
import { firstSorted, inGridOrder, MerchantIndex, normaliseText, type IndexQuery } from './merchant-index';

let nextId = 1;
function row(over: Partial<MerchantRow>): MerchantRow {
  return {
    id: nextId++, name: 'Place', description: '', imageBaseUrl: '/img/merchants', imagePath: 'pizza-1.svg', ratingOverall: 4, ratingCount: 10,
    priceRange: 2, cuisines: ['Pizza'], highlight: null, isNew: false, address1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001',
    metro: 'New York', neighborhood: 'Midtown', latitude: 40.75, longitude: -73.99, phone: '', website: null, acclaimedLevel: null,
    campaignCodes: [], benefitsAvailable: true, earnMultiplier: 1, reservationProviders: {}, origin: 'network',
    features: ['dineIn'], mealsServed: ['dinner'], hours: [], menuImages: [], events: [], reviewsSummary: null,
    participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null, orderOnline: null,
    createdAt: new Date(), updatedAt: new Date(), changeSeq: 0, ...over,
  };
}

const centre = { latitude: 40.75, longitude: -73.99 };
const base: IndexQuery = { center: centre, radius: 25, sortBy: 'distance', offset: 0, limit: 50 };

function build() {
  const index = new MerchantIndex();
  index.add([
    row({ name: 'Near Pizza', latitude: 40.751, longitude: -73.99, priceRange: 1, ratingOverall: 3.5 }),
    row({ name: 'Mid Sushi', latitude: 40.8, longitude: -73.95, cuisines: ['Sushi', 'Japanese'], priceRange: 3, ratingOverall: 4.8, acclaimedLevel: 2, campaignCodes: ['ACCL2'], reservationProviders: { openTable: { rid: '1' } } }),
    row({ name: 'Far Steak', latitude: 40.95, longitude: -74.2, cuisines: ['Steakhouse'], priceRange: 4, ratingOverall: 4.2, isNew: true, features: ['dineIn', 'delivery'], mealsServed: ['lunch', 'dinner'] }),
    row({ name: 'Café Crème', latitude: 40.76, longitude: -73.98, cuisines: ['Cafe'], benefitsAvailable: false, mealsServed: ['breakfast'] }),
    row({ name: 'Boston Chowder', latitude: 42.36, longitude: -71.06, cuisines: ['Seafood'] }),
  ]);
  return index;
}
const names = (r: { merchants: Array<{ name: string }> }) => r.merchants.map((m) => m.name);

describe('merchant search index', () => {
  it('finds merchants within the radius, nearest first, with rounded distances', () => {
    const r = build().search(base);
    expect(names(r)).toEqual(['Near Pizza', 'Café Crème', 'Mid Sushi', 'Far Steak']);
    expect(r.total).toBe(4);
    expect(r.merchants[0]!.distance).toBe(0.1);
    expect(names(build().search({ ...base, radius: 5 }))).toEqual(['Near Pizza', 'Café Crème', 'Mid Sushi']);
  });

  it('applies every filter', () => {
    const idx = build();
    expect(names(idx.search({ ...base, priceRange: [3, 4] }))).toEqual(['Mid Sushi', 'Far Steak']);
    expect(names(idx.search({ ...base, acclaimed: true }))).toEqual(['Mid Sushi']);
    expect(names(idx.search({ ...base, isNew: true }))).toEqual(['Far Steak']);
    expect(names(idx.search({ ...base, reservations: true }))).toEqual(['Mid Sushi']);
    expect(names(idx.search({ ...base, benefitsFor: true }))).not.toContain('Café Crème');
    expect(names(idx.search({ ...base, features: ['delivery'] }))).toEqual(['Far Steak']);
    expect(names(idx.search({ ...base, mealsServed: ['breakfast', 'lunch'] }))).toEqual(['Café Crème', 'Far Steak']);
    expect(names(idx.search({ ...base, campaignCode: 'accl2' }))).toEqual(['Mid Sushi']);
    expect(names(idx.search({ ...base, restaurantOrCuisine: 'japanese' }))).toEqual(['Mid Sushi']);
    expect(names(idx.search({ ...base, restaurantOrCuisine: 'cafe creme' }))).toEqual(['Café Crème']);
    expect(names(idx.search({ ...base, restaurantOrCuisine: 'tacos' }))).toEqual([]);
  });

  it('decides who earns on the day of the search, not the day the index was built (issue 25)', () => {
    const idx = new MerchantIndex();
    const ended = row({ name: 'Ended Bistro', participationEnd: '2026-07-28', ratingOverall: 5, ratingCount: 900 });
    const starting = row({ name: 'Opening Grill', participationStart: '2026-08-01', ratingOverall: 4.9, ratingCount: 800 });
    const always = row({ name: 'Always Diner', ratingOverall: 3, ratingCount: 5 });
    const out = row({ name: 'Out Of Capacity', benefitsAvailable: false, ratingOverall: 4.95, ratingCount: 900 });
    idx.add([ended, starting, always, out]);
    // 28 July in New York: the last day of Ended Bistro; 29 July: over, with the same index.
    const july28 = new Date('2026-07-28T23:30:00-04:00');
    const july29 = new Date('2026-07-29T00:30:00-04:00');
    const aug1 = new Date('2026-08-01T12:00:00-04:00');
    expect(names(idx.search({ ...base, benefitsFor: true, now: july28 })).sort()).toEqual(['Always Diner', 'Ended Bistro']);
    expect(names(idx.search({ ...base, benefitsFor: true, now: july29 }))).toEqual(['Always Diner']);
    expect(names(idx.search({ ...base, benefitsFor: true, now: aug1 })).sort()).toEqual(['Always Diner', 'Opening Grill']);
    expect(idx.earnsToday(ended.id, july28)).toBe(true);
    expect(idx.earnsToday(ended.id, july29)).toBe(false);
    // Sorted by rating (the carousels' "top rated"), a restaurant that no longer earns never tops one that does.
    expect(names(idx.search({ ...base, sortBy: 'rating', now: aug1 }))).toEqual(['Opening Grill', 'Always Diner', 'Ended Bistro', 'Out Of Capacity']);
    expect(names(idx.search({ ...base, sortBy: 'rating', now: july28 }))).toEqual(['Ended Bistro', 'Always Diner', 'Out Of Capacity', 'Opening Grill']);
    expect(names(idx.search({ ...base, sortBy: 'priceLow', now: aug1 })).slice(0, 2).sort()).toEqual(['Always Diner', 'Opening Grill']);
    // Name and distance keep the order asked for.
    expect(names(idx.search({ ...base, sortBy: 'name', now: aug1 }))).toEqual(['Always Diner', 'Ended Bistro', 'Opening Grill', 'Out Of Capacity']);
  });

  it('sorts by rating, name and price, and pages', () => {
    const idx = build();
    expect(names(idx.search({ ...base, sortBy: 'rating' }))[0]).toBe('Mid Sushi');
    expect(names(idx.search({ ...base, sortBy: 'name' }))).toEqual(['Café Crème', 'Far Steak', 'Mid Sushi', 'Near Pizza']);
    expect(names(idx.search({ ...base, sortBy: 'priceHigh' }))[0]).toBe('Far Steak');
    expect(names(idx.search({ ...base, sortBy: 'priceLow' }))[0]).toBe('Near Pizza');
    const page2 = idx.search({ ...base, offset: 2, limit: 2 });
    expect(names(page2)).toEqual(['Mid Sushi', 'Far Steak']);
    expect(page2.total).toBe(4);
  });

  it('works across cell borders and far from any merchant', () => {
    const idx = build();
    expect(build().search({ ...base, center: { latitude: 42.36, longitude: -71.06 }, radius: 1 }).total).toBe(1);
    expect(idx.search({ ...base, center: { latitude: 0, longitude: 0 } }).total).toBe(0);
  });

  it('normalises text for matching', () => {
    expect(normaliseText("  Crème Brûlée's  Café! ")).toBe('creme brulee s cafe');
  });
});

describe('firstSorted', () => {
  it('returns the first k in order, like a full sort would', () => {
    let seed = 3;
    const xs = Array.from({ length: 500 }, () => { seed = (seed * 48271) % 2147483647; return seed % 1000; });
    const cmp = (a: number, b: number) => a - b;
    for (const k of [0, 1, 7, 20, 124, 125, 500, 600]) {
      expect(firstSorted([...xs], k, cmp)).toEqual([...xs].sort(cmp).slice(0, k));
    }
  });
});

describe('inGridOrder', () => {
  it('orders rows by latitude row, then longitude cell, keeping the given order within a cell, losing none', () => {
    const rows = [
      { id: 1, latitude: 40.76, longitude: -73.98 },
      { id: 2, latitude: 40.71, longitude: -74.01 },
      { id: 3, latitude: 40.761, longitude: -73.981 }, // the same 0.05° cell as 1
      { id: 4, latitude: -33.87, longitude: 151.21 },
      { id: 5, latitude: 40.76, longitude: -74.2 },
      { id: 6, latitude: 40.7601, longitude: -73.9801 },
    ];
    expect(inGridOrder(rows).map((r) => r.id)).toEqual([4, 2, 5, 1, 3, 6]);
    expect(inGridOrder([])).toEqual([]);
  });
});

describe('merchant search index against a plain scan', () => {
  // Every merchant measured, filtered, sorted by the full comparator: what the index must answer
  // whatever cells it skips or only counts.
  function reference(rows: MerchantRow[], q: IndexQuery) {
    const mLat = 69.05;
    const mLng = 69.17 * Math.max(0.01, Math.cos((q.center.latitude * Math.PI) / 180));
    const words = q.restaurantOrCuisine ? normaliseText(q.restaurantOrCuisine).split(' ') : [];
    const hits = rows.flatMap((r) => {
      const dy = (r.latitude - q.center.latitude) * mLat;
      const dx = (r.longitude - q.center.longitude) * mLng;
      const d2 = dx * dx + dy * dy;
      if (d2 > q.radius * q.radius) return [];
      if (q.priceRange && !q.priceRange.includes(r.priceRange)) return [];
      if (q.isNew && !r.isNew) return [];
      const hay = ` ${normaliseText([r.name, ...r.cuisines].join(' '))} `;
      if (!words.every((w) => hay.includes(w))) return [];
      return [{ r, d: Math.sqrt(d2) }];
    });
    const byDistance = (a: typeof hits[0], b: typeof hits[0]) => a.d - b.d || a.r.id - b.r.id;
    const cmp = {
      distance: byDistance,
      rating: (a: typeof hits[0], b: typeof hits[0]) => b.r.ratingOverall - a.r.ratingOverall || b.r.ratingCount - a.r.ratingCount || byDistance(a, b),
      priceLow: (a: typeof hits[0], b: typeof hits[0]) => a.r.priceRange - b.r.priceRange || byDistance(a, b),
    }[q.sortBy as 'distance' | 'rating' | 'priceLow'];
    hits.sort(cmp);
    return { total: hits.length, ids: hits.slice(q.offset, q.offset + q.limit).map((h) => h.r.id), distances: hits.slice(q.offset, q.offset + q.limit).map((h) => Math.round(h.d * 10) / 10) };
  }

  it('answers exactly as a scan of every merchant, for any centre, radius, filter, sort and page', () => {
    let s = 7;
    const rnd = () => { s = (s * 48271) % 2147483647; return s / 2147483647; };
    // Clusters around a few centres, some merchants stacked on one point (equal distances).
    const centres = [{ latitude: 40.75, longitude: -73.99 }, { latitude: 41.88, longitude: -87.63 }, { latitude: 61.2, longitude: -149.9 }];
    const rows: MerchantRow[] = [];
    for (let i = 0; i < 3000; i++) {
      const c = centres[i % centres.length]!;
      const stacked = i % 17 === 0;
      rows.push(row({
        name: `Place ${i % 40 === 0 ? 'Taco' : 'Diner'} ${i}`, priceRange: 1 + (i % 4), isNew: i % 5 === 0, ratingOverall: Math.round(rnd() * 50) / 10,
        ratingCount: Math.floor(rnd() * 5),
        latitude: stacked ? c.latitude + 0.1 : c.latitude + (rnd() - 0.5) * 1.6, longitude: stacked ? c.longitude + 0.1 : c.longitude + (rnd() - 0.5) * 2,
      }));
    }
    const idx = new MerchantIndex();
    idx.add(rows);
    for (let t = 0; t < 300; t++) {
      const c = centres[t % centres.length]!;
      const q: IndexQuery = {
        center: { latitude: c.latitude + (rnd() - 0.5) * 1.5, longitude: c.longitude + (rnd() - 0.5) * 1.5 },
        radius: [1, 5, 10, 25, 50, 100][t % 6]!,
        sortBy: (['distance', 'distance', 'rating', 'priceLow'] as const)[t % 4]!,
        offset: [0, 0, 20, 100][Math.floor(t / 4) % 4]!,
        limit: [20, 1, 50][t % 3]!,
        ...(t % 7 === 0 ? { priceRange: [2, 3] } : {}),
        ...(t % 11 === 0 ? { isNew: true } : {}),
        ...(t % 13 === 0 ? { restaurantOrCuisine: 'taco' } : {}),
      };
      const want = reference(rows, q);
      const page = idx.query(q);
      const got = idx.search(q);
      expect({ total: page.total, ids: got.merchants.map((m) => m.id), distances: got.merchants.map((m) => m.distance) }, JSON.stringify(q)).toEqual(want);
      expect(idx.pageJson(page)).toBe(JSON.stringify(got.merchants));
    }
  });

  it('moves a merchant between cells and changes its answer when it is written again', () => {
    const idx = build();
    const boston = { ...base, center: { latitude: 42.36, longitude: -71.06 }, radius: 1 };
    const [chowder] = idx.search(boston).merchants;
    expect(chowder?.name).toBe('Boston Chowder');
    idx.upsert(row({ id: chowder!.id, name: 'Moved Chowder', latitude: 40.7505, longitude: -73.9901 }));
    expect(idx.search(boston).total).toBe(0);
    expect(names(idx.search(base))[0]).toBe('Moved Chowder');
    expect(idx.size).toBe(5);
  });
});
