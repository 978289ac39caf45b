import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { merchants } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { demoMenu, demoOrderPath } from './demo-order';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('demo restaurants\' own ordering pages (issue 25 item 13)', () => {
  it('no seeded restaurant orders online on a placeholder site: every ordering link is its own page here', async () => {
    const [bad] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(merchants)
      .where(sql`${merchants.orderOnline}::text like '%example.com%' or ${merchants.orderOnline}::text like '%:id%'`);
    expect(bad!.n).toBe(0);
    const rows = await t.database.db.select({ id: merchants.id, orderOnline: merchants.orderOnline }).from(merchants).where(isNotNull(merchants.orderOnline));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      for (const mode of ['delivery', 'takeout'] as const) {
        const url = r.orderOnline![mode];
        expect([null, demoOrderPath(r.id, mode)]).toContain(url);
      }
      expect(r.orderOnline!.delivery ?? r.orderOnline!.takeout).not.toBeNull();
    }
  });

  it('each ordering link answers 200 with the restaurant\'s page: its name, address, the way of ordering and its menu', async () => {
    const rows = await t.database.db.select().from(merchants).where(isNotNull(merchants.orderOnline)).limit(5);
    for (const row of rows) {
      for (const mode of ['delivery', 'takeout'] as const) {
        const url = row.orderOnline![mode];
        if (!url) continue;
        const res = await t.request('hilton', { method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
        expect(res.body).toContain(`<h1>${escapeHtml(row.name)}</h1>`);
        expect(res.body).toContain(escapeHtml(row.address1));
        expect(res.body).toMatch(new RegExp(`aria-current="page">${mode === 'delivery' ? 'Delivery' : 'Takeout'}<`));
        for (const item of demoMenu(row)[0]!.items) expect(res.body).toContain(escapeHtml(item.name));
        expect(res.body).toContain(`href="/merchants/${row.id}"`);
        expect(res.body).toContain('no order is placed or charged here');
      }
    }
  });

  it('has no page for a restaurant that does not order online, an unknown one, or a bad id: 404', async () => {
    const [none] = await t.database.db.select({ id: merchants.id }).from(merchants).where(isNull(merchants.orderOnline)).limit(1);
    for (const url of [`/demo-restaurants/${none!.id}/order`, '/demo-restaurants/999999999/order', '/demo-restaurants/abc/order', '/demo-restaurants/1e3/order?mode=takeout']) {
      const res = await t.request('hilton', { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('ordering page isn');
    }
  });

  it('a restaurant whose link points elsewhere (a real ordering site in real data) has no page here', async () => {
    const [row] = await t.database.db.select().from(merchants).where(isNotNull(merchants.orderOnline)).limit(1);
    await t.database.db.update(merchants).set({ orderOnline: { delivery: 'https://order.example.org/x', takeout: null } }).where(and(eq(merchants.id, row!.id)));
    expect((await t.request('hilton', { method: 'GET', url: demoOrderPath(row!.id, 'delivery') })).statusCode).toBe(404);
  });

  it('writes the same menu every time, priced by the price range', () => {
    const cheap = { id: 7, name: 'Test Trattoria', cuisines: ['Italian'], priceRange: 1 };
    expect(demoMenu(cheap)).toEqual(demoMenu(cheap));
    const dear = demoMenu({ ...cheap, priceRange: 4 })[0]!.items;
    expect(Math.min(...dear.map((i) => i.priceCents))).toBeGreaterThan(Math.max(...demoMenu(cheap)[0]!.items.map((i) => i.priceCents)));
  });
});
