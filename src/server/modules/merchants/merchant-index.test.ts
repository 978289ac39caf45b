import { describe, expect, it } from 'vitest';
import type { MerchantRow } from '../../db/schema';
import { firstSorted, MerchantIndex, normaliseText, type IndexQuery } from './merchant-index';

let nextId = 1;
function row(over: Partial<MerchantRow>): MerchantRow {
  return {
    id: nextId++, name: 'Place', description: '', imageBaseUrl: '/img/merchants', imagePath: 'pizza-1.svg', ratingOverall: 4, ratingCount: 10,
    priceRange: 2, cuisines: ['Pizza'], highlight: null, isNew: false, address1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001',
    metro: 'New York', neighborhood: 'Midtown', latitude: 40.75, longitude: -73.99, phone: '', website: null, acclaimedLevel: null,
    campaignCodes: [], benefitsAvailable: true, bonusText: null, offerTag: null, reservationProviders: {}, origin: 'network',
    features: ['dineIn'], mealsServed: ['dinner'], hours: [], menuImages: [], events: [], reviewsSummary: null,
    participating: true, participationStart: null, participationEnd: null, benefitHours: null, blackoutDates: [], monthlyVisitLimit: null, orderOnline: null,
    createdAt: new Date(), updatedAt: new Date(), ...over,
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
