import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activityPageFromQuery } from './activity-page';

describe("Reviews & History's page of its address (the app and the page's inlined answer read it alike)", () => {
  it('is the whole number from 1 the address names, and page 1 for anything else', () => {
    expect(activityPageFromQuery(null)).toBe(1);
    expect(activityPageFromQuery('3')).toBe(3);
    for (const v of ['', '0', '-2', '1.5', 'two', '1e9', '100001', 'NaN']) expect(activityPageFromQuery(v), v).toBe(1);
    expect(activityPageFromQuery('100000')).toBe(100_000);
    fc.assert(fc.property(fc.string(), (v) => {
      const page = activityPageFromQuery(v);
      return Number.isInteger(page) && page >= 1 && page <= 100_000 && (page === 1 || Number(v) === page);
    }));
  });
});
