import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { partners } from '../../db/schema';
import { TestBrowser } from '../../test/browser';
import type { MaintenanceSwitchResponse } from '#shared/schemas/stgtools';
import type { PartnerConfig } from '#shared/schemas/partner';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** The partner configuration injected into a page of this partner's site. */
async function pageConfig(app: TestApp, code: string): Promise<PartnerConfig> {
  const res = await app.request(code, { method: 'GET', url: '/', headers: { accept: 'text/html' } });
  const json = /<script id="partner-config" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  return JSON.parse(json ?? '{}') as PartnerConfig;
}

async function stored(code: string) {
  const [row] = await t.database.db.select().from(partners).where(eq(partners.code, code));
  return row!.maintenanceMode;
}

describe('staging tools: maintenance switch (§2 maintenance notice)', () => {
  it('is off on every demo partner, and says so', async () => {
    const res = await t.request('wynd', { method: 'GET', url: '/api/stgtools/maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json<MaintenanceSwitchResponse>()).toEqual({ partnerSwitch: false, maintenanceMode: false });
  });

  it("turns this partner's notice on and off, and only this partner's", async () => {
    const b = new TestBrowser(t, 'wynd');
    try {
      const on = await b.send({ method: 'PUT', url: '/api/stgtools/maintenance', payload: { enabled: true } });
      expect(on.statusCode).toBe(200);
      expect(on.json<MaintenanceSwitchResponse>()).toEqual({ partnerSwitch: true, maintenanceMode: true });
      expect(await stored('wynd')).toBe(true);
      expect((await pageConfig(t, 'wynd')).maintenanceMode).toBe(true);
      // Another partner is untouched.
      expect(await stored('ihg')).toBe(false);
      expect((await pageConfig(t, 'ihg')).maintenanceMode).toBe(false);
      const off = await b.send({ method: 'PUT', url: '/api/stgtools/maintenance', payload: { enabled: false } });
      expect(off.json<MaintenanceSwitchResponse>()).toEqual({ partnerSwitch: false, maintenanceMode: false });
      expect((await pageConfig(t, 'wynd')).maintenanceMode).toBe(false);
    } finally {
      await t.database.db.update(partners).set({ maintenanceMode: false }).where(eq(partners.code, 'wynd'));
      await t.app.partners.reload();
    }
  });

  it('refuses a body without a true/false enabled, with a message', async () => {
    const b = new TestBrowser(t, 'wynd');
    for (const payload of [{}, { enabled: 'yes' }, { enabled: true, extra: 1 }]) {
      const res = await b.send({ method: 'PUT', url: '/api/stgtools/maintenance', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect(await stored('wynd')).toBe(false);
  });

  it('needs the anti-forgery token', async () => {
    const res = await t.request('wynd', { method: 'PUT', url: '/api/stgtools/maintenance', payload: { enabled: true } });
    expect(res.statusCode).toBe(403);
    expect(await stored('wynd')).toBe(false);
  });

  it('reports the global switch on top of the partner one', async () => {
    const global = await createTestApp({ config: { maintenanceMode: true } });
    try {
      expect((await global.request('wynd', { method: 'GET', url: '/api/stgtools/maintenance' })).json<MaintenanceSwitchResponse>())
        .toEqual({ partnerSwitch: false, maintenanceMode: true });
      expect((await pageConfig(global, 'ihg')).maintenanceMode).toBe(true);
    } finally {
      await global.close();
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ config: { env: 'production' } });
    try {
      expect((await prod.request('wynd', { method: 'GET', url: '/api/stgtools/maintenance' })).statusCode).toBe(404);
      const { cookie, token } = await prod.csrf('wynd');
      const res = await prod.request('wynd', { method: 'PUT', url: '/api/stgtools/maintenance', headers: { cookie, 'x-xsrf-token': token }, payload: { enabled: true } });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
