import { describe, expect, it } from 'vitest';
import type { CmsItem } from '../schemas/cms';
import { findContentPageItem } from './content-page-item';

const item = (id: number, fields: Record<string, unknown>): CmsItem => ({ id, slug: `item-${id}`, status: 'published', updatedAt: '2026-11-01T00:00:00Z', fields });

describe('findContentPageItem (§3 earn_details by url)', () => {
  const items = [
    item(1, { url: '/earn/double-miles' }),
    item(2, { url: '/earn/Summer/' }),
    item(3, { url: '  /earn/padded  ' }),
  ];

  it("finds the item whose url is the page's path", () => {
    expect(findContentPageItem(items, '/earn/double-miles')?.id).toBe(1);
    expect(findContentPageItem(items, '/earn/padded')?.id).toBe(3);
  });

  it('trailing slashes do not count, on either side', () => {
    expect(findContentPageItem(items, '/earn/double-miles/')?.id).toBe(1);
    expect(findContentPageItem(items, '/earn/double-miles//')?.id).toBe(1);
    expect(findContentPageItem(items, '/earn/Summer')?.id).toBe(2);
  });

  it('case does count, like the router', () => {
    expect(findContentPageItem(items, '/earn/summer')).toBeUndefined();
    expect(findContentPageItem(items, '/EARN/double-miles')).toBeUndefined();
  });

  it('another path, or no items, finds nothing', () => {
    expect(findContentPageItem(items, '/earn/double')).toBeUndefined();
    expect(findContentPageItem(items, '/earn/double-miles-x')).toBeUndefined();
    expect(findContentPageItem(items, '/')).toBeUndefined();
    expect(findContentPageItem([], '/earn/double-miles')).toBeUndefined();
  });

  it('an item without a url (absent, blank or not a string) is dropped, even on /', () => {
    const loose = [item(1, {}), item(2, { url: '' }), item(3, { url: '   ' }), item(4, { url: 42 }), item(5, { url: null }), item(6, { url: ['/'] })];
    expect(findContentPageItem(loose, '/')).toBeUndefined();
    expect(findContentPageItem(loose, '')).toBeUndefined();
    expect(findContentPageItem([...loose, item(7, { url: '/' })], '/')?.id).toBe(7);
    expect(findContentPageItem([item(8, { url: '//' })], '')?.id).toBe(8);
  });

  it('the first item in content order wins when two name the same url', () => {
    const twice = [item(1, { url: '/earn/a' }), item(2, { url: '/earn/a/' }), item(3, { url: '/earn/a' })];
    expect(findContentPageItem(twice, '/earn/a')?.id).toBe(1);
    expect(findContentPageItem(twice.slice(1), '/earn/a')?.id).toBe(2);
  });
});
