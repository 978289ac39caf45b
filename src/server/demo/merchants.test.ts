import { describe, it, expect } from 'vitest';
import { FEATURES, MEALS, DAYS, HIGHLIGHTS } from '#shared/schemas/merchant';
import { CUISINES, CUISINE_BY_NAME } from '../modules/images/cuisines';
import { BLACKOUT_HOLIDAYS, CAMPAIGN_CODES, DEFAULT_SEED, MAX_JITTER_DEGREES, generateMerchants, iterateMerchants } from './merchants';
import { US_BOUNDS, loadMetros } from './metros';

const N = 20_000;
const merchants = generateMerchants(N);
const share = (f: (m: (typeof merchants)[number]) => boolean) => merchants.filter(f).length / N;

describe('generateMerchants', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(JSON.stringify(generateMerchants(300))).toBe(JSON.stringify(merchants.slice(0, 300)));
    expect(JSON.stringify(generateMerchants(50, DEFAULT_SEED + 1))).not.toBe(JSON.stringify(merchants.slice(0, 50)));
    const streamed = [...iterateMerchants({ count: 300 })];
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(merchants.slice(0, 300)));
  });

  it('offers about 40 cuisines', () => {
    expect(CUISINES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CUISINES.map((c) => c.slug)).size).toBe(CUISINES.length);
    for (const c of CUISINES) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const r of c.related) expect(CUISINE_BY_NAME.has(r), `${c.name} → ${r}`).toBe(true);
    }
  });

  it('produces complete rows with valid ranges', () => {
    // Plain checks collected into one list: 20,000 rows × 60 expect() calls would take seconds.
    const metros = new Map(loadMetros().map((m) => [m.label, m]));
    const problems: string[] = [];
    const time = /^([01]\d|2[0-3]):[0-5]\d$/;
    const image = /^[a-z0-9-]+-[1-9]\d*\.svg$/;
    const menu = /^[a-z0-9-]+-[1-8]\.svg$/;
    merchants.forEach((m, i) => {
      const fail = (what: string) => problems.push(`#${i} ${m.name}: ${what}`);
      if (m.name.length < 3) fail('name');
      if ((m.description ?? '').length < 40) fail('description');
      if (m.imageBaseUrl !== '/img/merchants' || m.imagePath !== m.imagePath.replace(/\d+\.svg$/, `${i + 1}.svg`) || !image.test(m.imagePath)) fail('image');
      if (!m.imagePath.startsWith(`${CUISINE_BY_NAME.get(m.cuisines[0] ?? '')?.slug}-`)) fail('image cuisine');
      if (!Number.isInteger(m.priceRange) || m.priceRange < 1 || m.priceRange > 4) fail('price');
      const rating = m.ratingOverall ?? -1;
      if (rating < 0 || rating > 5 || Math.round(rating * 10) / 10 !== rating) fail(`rating ${rating}`);
      if ((rating === 0) !== (m.ratingCount === 0)) fail('rating count');
      if (m.cuisines.length < 1 || m.cuisines.length > 3 || m.cuisines.some((c) => !CUISINE_BY_NAME.has(c))) fail('cuisines');
      if (new Set(m.cuisines).size !== m.cuisines.length) fail('duplicate cuisine');
      if (m.highlight != null && !(HIGHLIGHTS as readonly string[]).includes(m.highlight)) fail('highlight');
      if (m.isNew !== (m.highlight === 'new')) fail('isNew');
      if (!/^\d+ \S/.test(m.address1) || !/^\d{5}$/.test(m.zipCode) || !/^[A-Z]{2}$/.test(m.state)) fail('address');
      const zip = metros.get(m.metro)?.zips.find((z) => z.zip === m.zipCode);
      if (!zip) fail(`zip ${m.metro} ${m.zipCode}`);
      else {
        if (zip.city !== m.city || zip.state !== m.state) fail('city');
        if (Math.abs(m.latitude - zip.latitude) > MAX_JITTER_DEGREES + 1e-6 || Math.abs(m.longitude - zip.longitude) > MAX_JITTER_DEGREES + 1e-6) fail('jitter');
      }
      if (m.latitude < US_BOUNDS.minLatitude || m.latitude > US_BOUNDS.maxLatitude || m.longitude < US_BOUNDS.minLongitude || m.longitude > US_BOUNDS.maxLongitude) fail('bounds');
      if (!m.neighborhood) fail('neighborhood');
      if (!/^\(\d{3}\) 555-01\d\d$/.test(m.phone ?? '')) fail('phone');
      if (m.website != null && !/^https:\/\/[a-z0-9-]+\.example\.com$/.test(m.website)) fail('website');
      if (m.acclaimedLevel != null && ![1, 2, 3].includes(m.acclaimedLevel)) fail('acclaimed');
      if ((m.campaignCodes ?? []).some((c) => !(CAMPAIGN_CODES as readonly string[]).includes(c))) fail('campaign');
      if (m.earnMultiplier !== undefined && ![1, 2, 3].includes(m.earnMultiplier)) fail('multiplier');
      if (m.origin !== 'network') fail('origin');
      const features = m.features ?? [];
      if (features.length === 0 || features.some((f) => !(FEATURES as readonly string[]).includes(f))) fail('features');
      const meals = m.mealsServed ?? [];
      if (meals.length === 0 || meals.some((x) => !(MEALS as readonly string[]).includes(x))) fail('meals');
      const hours = m.hours ?? [];
      if (hours.map((h) => h.day).join() !== DAYS.join() || !hours.some((h) => h.open !== null)) fail('hours days');
      for (const h of hours) {
        if ((h.open === null) !== (h.close === null)) fail('hours null');
        if ((h.open && !time.test(h.open)) || (h.close && !time.test(h.close))) fail(`hours ${h.open}-${h.close}`);
      }
      const menus = m.menuImages ?? [];
      if (menus.length < 1 || menus.length > 3 || menus.some((x) => !menu.test(x.path) || !x.alt)) fail('menus');
      if ((m.events ?? []).some((e) => !/^202[67]-\d\d-\d\d$/.test(e.date) || !e.title || !e.description)) fail('events');
      const r = m.reviewsSummary;
      if (r && (r.reviews.length < 2 || r.reviews.length > 3 || r.highlights.length === 0 || r.recommendPercent < 0 || r.recommendPercent > 100)) fail('reviews');
      if (r?.reviews.some((x) => x.rating < 1 || x.rating > 5 || !x.author || !x.text)) fail('review');
    });
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('keeps the documented proportions', () => {
    const between = (x: number, lo: number, hi: number) => x >= lo && x <= hi;
    expect(between(share((m) => m.highlight === 'comingSoon'), 0.02, 0.04)).toBe(true);
    expect(between(share((m) => m.highlight === 'leavingSoon'), 0.012, 0.03)).toBe(true);
    expect(between(share((m) => m.isNew === true), 0.045, 0.075)).toBe(true);
    expect(between(share((m) => m.acclaimedLevel != null), 0.065, 0.095)).toBe(true);
    expect(between(share((m) => m.benefitsAvailable === false), 0.085, 0.115)).toBe(true);
    expect(between(share((m) => (m.earnMultiplier ?? 1) > 1), 0.03, 0.05)).toBe(true);
    expect(between(share((m) => m.reservationProviders?.openTable !== undefined), 0.22, 0.38)).toBe(true);
    expect(between(share((m) => (m.events ?? []).length > 0), 0.085, 0.115)).toBe(true);
    expect(share((m) => (m.features ?? []).includes('dineIn'))).toBeGreaterThan(0.95);
    expect(share((m) => (m.ratingOverall ?? 0) >= 3.5 && (m.ratingOverall ?? 0) <= 4.8)).toBeGreaterThan(0.8);
    expect(share((m) => m.ratingOverall === 0)).toBeGreaterThan(0);
    expect(share((m) => m.reviewsSummary != null)).toBeGreaterThan(0.6);
    expect(new Set(merchants.map((m) => m.metro)).size).toBeGreaterThanOrEqual(50);
    expect(new Set(merchants.map((m) => m.cuisines[0])).size).toBeGreaterThanOrEqual(40);
    for (const p of [1, 2, 3, 4]) expect(share((m) => m.priceRange === p)).toBeGreaterThan(0.03);
  });

  const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
  it('varies the qualification data (benefit hours, blackout holidays, monthly limits, participation)', () => {
    const between = (x: number, lo: number, hi: number) => x >= lo && x <= hi;
    const hours = (m: (typeof merchants)[number]) => m.benefitHours ?? null;
    expect(between(share((m) => hours(m) === null), 0.45, 0.7)).toBe(true);
    // Lunch only, dinner only, weekdays only, closed days without rewards: each pattern is there.
    expect(share((m) => hours(m)?.some((day) => day.some((w) => w.start === 11 * 60)) ?? false)).toBeGreaterThan(0.04);
    expect(share((m) => hours(m)?.some((day) => day.some((w) => w.start >= 16 * 60 && w.end === 1440)) ?? false)).toBeGreaterThan(0.08);
    expect(share((m) => hours(m) !== null && hours(m)![0]!.length === 0 && hours(m)![6]!.length === 0)).toBeGreaterThan(0.05);
    expect(share((m) => hours(m)?.[5]?.[0]?.end === 18 * 60)).toBeGreaterThan(0.03);
    const problems: string[] = [];
    merchants.forEach((m, i) => {
      const b = hours(m);
      if (b && (b.length !== 7 || b.some((day) => day.some((w) => w.start < 0 || w.end > 1440 || w.start >= w.end)))) problems.push(`#${i} hours`);
      // No rewards on a day the restaurant is closed.
      for (const h of m.hours ?? []) if (b && h.open === null && (b[WEEKDAY[h.day]!] ?? []).length > 0) problems.push(`#${i} closed ${h.day}`);
      if ((m.blackoutDates ?? []).some((d) => !(BLACKOUT_HOLIDAYS as readonly string[]).includes(d))) problems.push(`#${i} blackout`);
      if (m.monthlyVisitLimit != null && (m.monthlyVisitLimit < 1 || m.monthlyVisitLimit > 4)) problems.push(`#${i} limit`);
      if (m.highlight === 'comingSoon' && !(m.participationStart ?? '').startsWith('2027-')) problems.push(`#${i} coming soon`);
      if (m.highlight === 'leavingSoon' && !(m.participationEnd ?? '').startsWith('2027-')) problems.push(`#${i} leaving soon`);
    });
    expect(problems.slice(0, 20)).toEqual([]);
    expect(between(share((m) => (m.blackoutDates ?? []).length > 0), 0.2, 0.3)).toBe(true);
    expect(between(share((m) => m.monthlyVisitLimit != null), 0.15, 0.25)).toBe(true);
    for (const limit of [1, 2, 3, 4]) expect(share((m) => m.monthlyVisitLimit === limit)).toBeGreaterThan(0.02);
    expect(between(share((m) => m.participating === false), 0.015, 0.045)).toBe(true);
    expect(share((m) => (m.participationEnd ?? '9') < '2026-11-01')).toBeGreaterThan(0.02);
    expect(share((m) => (m.participationEnd ?? '') > '2027-01-01')).toBeGreaterThan(0.01);
  });

  it('serves breakfast only where the cuisine does', () => {
    const breakfastBars = merchants.filter((m) => m.cuisines[0] === 'Cocktail Bar' && (m.mealsServed ?? []).includes('breakfast'));
    expect(breakfastBars).toHaveLength(0);
    const steak = merchants.filter((m) => m.cuisines.length === 1 && m.cuisines[0] === 'Steakhouse');
    expect(steak.length).toBeGreaterThan(0);
    expect(steak.every((m) => (m.mealsServed ?? []).includes('dinner'))).toBe(true);
  });
});
