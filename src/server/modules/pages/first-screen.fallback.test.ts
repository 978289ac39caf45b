import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_IDS, type FirstVisit } from '#shared/first-screen';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { demoPublicId } from '../../demo/members';
import type * as Rewards from '../rewards';

/**
 * Reviews & History's page reads its answers and the member's standing facts in one statement
 * (decision 0005, addendum of 2026-12-03). When that read fails, the page still carries the member,
 * read on its own, and leaves the answers to the client: never a failed page, never no member.
 */
const failing = vi.hoisted(() => ({ on: false }));
vi.mock('../rewards', async (original) => {
  const actual = await original<typeof Rewards>();
  return {
    ...actual,
    recentActivity: (...args: Parameters<typeof actual.recentActivity>) =>
      failing.on ? Promise.reject(new Error('the one statement failed (test)')) : actual.recentActivity(...args),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const visitOf = (body: string): FirstVisit => {
  const m = new RegExp(`<script id="${FIRST_SCREEN_IDS.visit}" type="application/json">([\\s\\S]*?)</script>`).exec(body);
  if (!m) throw new Error('no visit data in page');
  return JSON.parse(m[1]!) as FirstVisit;
};

describe("Reviews & History's first screen when its one read fails", () => {
  it('still carries the member as GET /api/Member answers it, and no answers (the app asks for them)', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'vip-card'))).statusCode).toBe(200);
    const page = () => b.send({ method: 'GET', url: '/account/recent_activity', headers: { accept: 'text/html' } });
    // The control: the read works, the page has its answers.
    expect(visitOf((await page()).body).queries.length).toBeGreaterThan(0);
    failing.on = true;
    try {
      const res = await page();
      expect(res.statusCode).toBe(200);
      const visit = visitOf(res.body);
      expect(visit.queries).toEqual([]);
      const api = (await b.send({ method: 'GET', url: '/api/Member' })).json();
      expect(visit.member?.publicId).toBe(demoPublicId('hilton', 'vip-card'));
      expect({ ...visit.member, session: null }).toEqual({ ...api, session: null });
    } finally {
      failing.on = false;
    }
  });
});
