import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantImageUrl } from '#shared/constants/merchant';
import { createTestApp, type TestApp } from '../../test/app';
import { compositionOf } from './render';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ seeded: true }); });
afterAll(async () => { await t.close(); });

type Page = { merchants: Array<{ id: number; name: string; images: { imageBaseUrl: string; imagePath: string } }> };

async function firstPage(location: string): Promise<Page['merchants']> {
  const res = await t.request('hilton', { method: 'GET', url: `/api/v2/Merchants/Search?location=${encodeURIComponent(location)}` });
  expect(res.statusCode).toBe(200);
  return res.json<Page>().merchants;
}

describe('generated restaurant pictures', () => {
  it('are SVG documents kept by browsers and caches for a year', async () => {
    const res = await t.request('hilton', { method: 'GET', url: '/img/merchants/tile/italian-3.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The drawing may hold no script: its own policy forbids everything but inline styles.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  // Issue 13 item 8: a page of results shows no picture twice.
  it.each(['10001', 'Chicago, IL', 'Los Angeles, CA'])('repeat no picture on the first page of a demo search near %s', async (location) => {
    const merchants = await firstPage(location);
    expect(merchants.length).toBeGreaterThanOrEqual(10);
    const urls = merchants.map((m) => merchantImageUrl(m.images.imageBaseUrl, 'tile', m.images.imagePath));
    expect(new Set(urls).size, urls.join('\n')).toBe(urls.length);

    const hashes = await Promise.all(urls.map(async (url) => {
      const res = await t.request('hilton', { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return createHash('sha256').update(res.rawPayload).digest('hex');
    }));
    expect(new Set(hashes).size).toBe(hashes.length);

    // Not only different bytes: no two pictures share the dish, colours, ground and layout.
    const looks = merchants.map((m) => {
      const [, slug = '', variant = '0'] = /^(.+)-(\d+)\.svg$/.exec(m.images.imagePath) ?? [];
      return `${slug} ${JSON.stringify(compositionOf(slug, Number(variant)))}`;
    });
    expect(new Set(looks).size, looks.join('\n')).toBe(looks.length);
  });
});
