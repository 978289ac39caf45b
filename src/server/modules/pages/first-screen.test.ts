import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { CONTENT_NAMES, CONTENT_PAGE_SIZE } from '#shared/constants/cms';
import { FIRST_SCREEN_IDS, queryKeys, type FirstContent, type FirstVisit } from '#shared/first-screen';
import { rewardsQueryKeys } from '#shared/rewards-query-keys';
import { API_PATHS } from '#shared/api-paths';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules/activity-page';
import { buildCarouselRequest, buildSearchRequest, isCurrentLocation, parseSearchState, SEARCH_PAGE_SIZE } from '#shared/rules/search-query';
import { createTestApp, type TestApp } from '../../test/app';
import type { FastifyInstance } from 'fastify';
import { TestBrowser } from '../../test/browser';
import { createOpsApp, previewBrowser } from '../../test/ops';
import { bonusProgrammes, contentPages, memberBonuses, members, merchants, partners, sessions } from '../../db/schema';
import type { Member } from '#shared/schemas/member';
import { CLAIM_AFTER_DAYS } from '#shared/constants/rewards';
import { MISSING_REWARDS_COPY } from '#shared/constants/missing-rewards';
import { hashToken } from '../../plugins/session';
import { demoPublicId } from '../../demo/members';
import { DESKTOP_QUERY } from '#shared/constants/layout';
import { merchantImageUrl } from '#shared/constants/merchant';
import { bannerFields } from '#shared/rules/content-fields';
import { chooseHomeItem, homeStatesFor } from '#shared/rules/home-variant';
import type { MerchantDetail, MerchantSearchResponse } from '#shared/schemas/merchant';
import { carouselQueries, firstSearchRequest, MAX_INLINE_CAROUSELS, PublishedContent, sameForEveryone, visitJson, RawJson } from './first-screen';
import { contentPagesAnswer } from '../partners';
import { insertDine, memberByPublicId } from '../rewards/rewards.test-fixtures';

let t: TestApp;
let ops: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const html = { accept: 'text/html' };

function element(body: string, id: string): string | null {
  const m = new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`).exec(body);
  return m ? m[1]! : null;
}
function inlined(body: string): { content: FirstContent | null; visit: FirstVisit } {
  const c = element(body, FIRST_SCREEN_IDS.content);
  const v = element(body, FIRST_SCREEN_IDS.visit);
  if (v === null) throw new Error('no visit data in page');
  return { content: c === null ? null : JSON.parse(c) as FirstContent, visit: JSON.parse(v) as FirstVisit };
}

/**
 * The page once the server has heard of a content change: every instance keeps the published
 * content until content_pages tells it (NOTIFY on commit, which PostgreSQL delivers on its own
 * connection a moment later), so a test that changes content asks until the page carries it.
 */
async function pageWith(ask: () => Promise<{ body: string }>, changed: (content: FirstContent) => boolean): Promise<string> {
  return vi.waitFor(async () => {
    const { body } = await ask();
    expect(changed(inlined(body).content!)).toBe(true);
    return body;
  }, { timeout: 5_000, interval: 20 });
}
/** The page's image preloads, in order: href and media. */
function preloads(body: string): Array<{ href: string; media: string | null }> {
  const head = body.slice(0, body.indexOf('</head>'));
  return [...head.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high"(?: media="([^"]*)")?>/g)]
    .map((m) => ({ href: m[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'), media: m[2] ?? null }));
}
const skeletonOf = (body: string) => body.slice(body.indexOf('<div class="boot"'));
const queryString = (request: Record<string, unknown>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(request)) for (const item of Array.isArray(v) ? v : [v]) p.append(k, String(item));
  return p.toString();
};

describe('first-screen data in the page (issue 13)', () => {
  it("inlines each partner's own eleven content pages, exactly as the content API answers them", async () => {
    const rows = await t.database.db.select().from(partners);
    const seen = new Map<string, string>();
    for (const code of ['delta', 'hilton']) {
      const res = await t.request(code, { method: 'GET', url: '/', headers: html });
      expect(res.statusCode).toBe(200);
      const { content } = inlined(res.body);
      expect(content!.preview).toBe(false);
      expect(Object.keys(content!.pages).sort()).toEqual([...CONTENT_NAMES].sort());
      for (const name of CONTENT_NAMES) {
        const api = await t.request(code, { method: 'GET', url: `/api/cms/pages/${encodeURIComponent(name)}/?page_size=${CONTENT_PAGE_SIZE}` });
        expect(api.statusCode).toBe(200);
        expect(content!.pages[name]).toEqual(api.json());
      }
      const partnerId = rows.find((r) => r.code === code)!.id;
      const own = await t.database.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.partnerId, partnerId));
      const ids = new Set(own.map((r) => r.id));
      for (const name of CONTENT_NAMES) for (const item of content!.pages[name]!.data) expect(ids.has(item.id)).toBe(true);
      seen.set(code, JSON.stringify(content));
    }
    expect(seen.get('delta')).not.toBe(seen.get('hilton'));
  });

  it('inlines drafts only for the console\'s preview session with ?preview=1, never for the public, as the API does', async () => {
    const rows = await t.database.db.select().from(partners);
    const withPreview = rows.find((r) => r.cmsPreview)!;
    const without = rows.find((r) => !r.cmsPreview)!;
    expect(withPreview).toBeDefined();
    const draftIds = new Set((await t.database.db.select().from(contentPages).where(and(eq(contentPages.partnerId, withPreview.id), eq(contentPages.status, 'draft')))).map((r) => r.id));
    expect(draftIds.size).toBeGreaterThan(0);
    const ids = (content: FirstContent | null) => CONTENT_NAMES.flatMap((n) => content!.pages[n]!.data.map((i) => i.id));
    const refused = inlined((await t.request(without.code, { method: 'GET', url: '/?preview=1', headers: html })).body);
    expect(refused.content!.preview).toBe(false);
    // The public with ?preview=1: no draft in the page.
    const pub = inlined((await t.request(withPreview.code, { method: 'GET', url: '/?preview=1', headers: html })).body).content;
    expect(pub!.preview).toBe(false);
    expect(ids(pub).some((id) => draftIds.has(id))).toBe(false);
    // The preview session the console opened: the drafts, exactly as its API calls answer.
    const staffWindow = await previewBrowser(t, ops, withPreview.code);
    const { content } = inlined((await staffWindow.send({ method: 'GET', url: '/?preview=1', headers: html })).body);
    expect(content!.preview).toBe(true);
    expect(ids(content).some((id) => draftIds.has(id))).toBe(true);
    const api = await staffWindow.send({ method: 'GET', url: `/api/cms/pages/home/?page_size=${CONTENT_PAGE_SIZE}&preview=1` });
    expect(content!.pages.home).toEqual(api.json());
    // The same window without ?preview=1 sees the published page.
    expect(inlined((await staffWindow.send({ method: 'GET', url: '/', headers: html })).body).content!.preview).toBe(false);
  });

  it('marks a visitor as no member, so the app does not ask GET /api/Member (and get a 401)', async () => {
    for (const headers of [html, { ...html, cookie: 'rn_session=made-up' }]) {
      const res = await t.request('hilton', { method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { visit } = inlined(res.body);
      expect(visit).toHaveProperty('member', null);
    }
  });

  it('inlines the signed-in member as GET /api/Member answers it, only while the session is valid and only on its own site', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'vip-card'))).statusCode).toBe(200);
    const page = await b.send({ method: 'GET', url: '/account', headers: html });
    expect(page.headers['cache-control']).toBe('no-store');
    const member = inlined(page.body).visit.member;
    // The session's end as it stands (a page view moves it on at most once a minute, as any request
    // does; no write per page), which the app's timers go by.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.id, hashToken(b.sessionCookie()!)));
    expect(member?.session.expiresAt).toBe(stored!.expiresAt.toISOString());
    const api = await b.send({ method: 'GET', url: '/api/Member' });
    expect(member).toMatchObject({ publicId: demoPublicId('hilton', 'vip-card') });
    // Same answer but for the session's end, which GET /api/Member renews.
    expect({ ...member, session: null }).toEqual({ ...api.json(), session: null });
    // Another partner's host: the cookie is not a session there.
    const elsewhere = await b.send({ method: 'GET', url: '/', headers: html, host: 'caesars' });
    expect(inlined(elsewhere.body).visit.member).toBeNull();
    // Expired: a visitor again.
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(b.sessionCookie()!)));
    expect(inlined((await b.send({ method: 'GET', url: '/', headers: html })).body).visit.member).toBeNull();
  });

  it("inlines each member's own bonuses as GET /api/Member answers them, and a change of the partner's bonus programmes on the next page", async () => {
    const [hilton] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
    const [programme] = await t.database.db.select().from(bonusProgrammes).where(and(eq(bonusProgrammes.partnerId, hilton!.id), eq(bonusProgrammes.code, 'NEWMBR')));
    const people = ['select-card', 'vip-card'].map((slug) => demoPublicId('hilton', slug));
    const joined = await t.database.db.select().from(members).where(inArray(members.publicId, people));
    // Recent joiners, the new-member bonus open to both; only the first registered for it.
    await t.database.db.update(members).set({ joinDate: new Date(Date.now() - 3 * 86_400_000) }).where(inArray(members.publicId, people));
    const first = joined.find((m) => m.publicId === people[0])!;
    await t.database.db.delete(memberBonuses).where(inArray(memberBonuses.memberId, joined.map((m) => m.id)));
    await t.database.db.insert(memberBonuses).values({ partnerId: hilton!.id, memberId: first.id, bonusId: programme!.id, status: 'Enrolled', enrolledAt: new Date() });
    const browsers = await Promise.all(people.map(async (publicId) => {
      const b = new TestBrowser(t, 'hilton');
      expect((await b.signInAs(publicId)).statusCode).toBe(200);
      return b;
    }));
    const page = (b: TestBrowser) => b.send({ method: 'GET', url: '/account/recent_activity', headers: html });
    const bonusOf = (body: string) => inlined(body).visit.member?.activeBonuses.find((x) => x.code === 'NEWMBR');
    try {
      for (const [i, b] of browsers.entries()) {
        const member = inlined((await page(b)).body).visit.member;
        expect(member?.publicId).toBe(people[i]);
        expect({ ...member, session: null }).toEqual({ ...(await b.send({ method: 'GET', url: '/api/Member' })).json(), session: null });
      }
      expect(bonusOf((await page(browsers[0]!)).body)?.bonusStatus).toBe('Enrolled');
      expect(bonusOf((await page(browsers[1]!)).body)?.bonusStatus).toBe('Eligible');
      // The programme's terms change (the console, a script): every member's next page carries them.
      await t.database.db.update(bonusProgrammes).set({ description: 'Changed terms: a new-member bonus' }).where(eq(bonusProgrammes.id, programme!.id));
      for (const b of browsers) {
        const body = await vi.waitFor(async () => {
          const { body } = await page(b);
          expect(bonusOf(body)?.description).toBe('Changed terms: a new-member bonus');
          return body;
        }, { timeout: 5_000, interval: 20 });
        expect(inlined(body).visit.member?.activeBonuses).toEqual((await b.send({ method: 'GET', url: '/api/Member' })).json<Member>().activeBonuses);
      }
      // Ended: gone from the next page.
      await t.database.db.update(bonusProgrammes).set({ active: false }).where(eq(bonusProgrammes.id, programme!.id));
      await vi.waitFor(async () => expect(bonusOf((await page(browsers[1]!)).body)).toBeUndefined(), { timeout: 5_000, interval: 20 });
    } finally {
      await t.database.db.update(bonusProgrammes).set({ description: programme!.description, active: programme!.active }).where(eq(bonusProgrammes.id, programme!.id));
      await t.database.db.delete(memberBonuses).where(inArray(memberBonuses.memberId, joined.map((m) => m.id)));
      for (const m of joined) await t.database.db.update(members).set({ joinDate: m.joinDate }).where(eq(members.id, m.id));
    }
  });

  it("inlines the search of a /search address under the client's query key, the same answer as the search API", async () => {
    const url = '/search?location=10001&sortBy=rating&priceRange=2&priceRange=3&isNew=true&pageNo=1';
    const res = await t.request('delta', { method: 'GET', url, headers: html });
    const { visit } = inlined(res.body);
    const request = buildSearchRequest(parseSearchState(url.slice(url.indexOf('?'))), { currentLocation: null, pageSize: SEARCH_PAGE_SIZE })!;
    expect(visit.queries).toHaveLength(1);
    expect(visit.queries[0]!.key).toEqual(JSON.parse(JSON.stringify(queryKeys.merchantSearch(request))));
    const api = await t.request('delta', { method: 'GET', url: `/api/v2/Merchants/Search?${queryString(request)}` });
    expect(api.statusCode).toBe(200);
    expect(visit.queries[0]!.data).toEqual(api.json());
    expect((api.json() as { merchants: unknown[] }).merchants.length).toBeGreaterThan(0);
  });

  it('serves a page whose path is written in other letter case as the page itself, first answer included (/Search is /search, as in the app)', async () => {
    const lower = await t.request('delta', { method: 'GET', url: '/search?location=10001', headers: html });
    const upper = await t.request('delta', { method: 'GET', url: '/Search?location=10001', headers: html });
    expect(upper.statusCode).toBe(200);
    expect(inlined(upper.body).visit.notFound).toBeUndefined();
    expect(inlined(upper.body).visit.queries).toEqual(inlined(lower.body).visit.queries);
    expect(inlined(upper.body).visit.queries).toHaveLength(1);
    expect((await t.request('delta', { method: 'GET', url: '/Nowhere', headers: html })).statusCode).toBe(404);
    // An earn page is its content item's url, which is exact (§2, docs/content-model.md): the route
    // matches in any case, the item does not, so the server answers not found as the app shows it.
    expect((await t.request('american', { method: 'GET', url: '/earn/topgolf-bonus', headers: html })).statusCode).toBe(200);
    expect((await t.request('american', { method: 'GET', url: '/EARN/topgolf-bonus', headers: html })).statusCode).toBe(404);
  });

  it("inlines the home page's carousels (not the current-location one) under the carousel's query key, as the search API answers them", async () => {
    const rows = await t.database.db.select().from(partners);
    const partner = rows.find((r) => r.homePage !== 'discover')!;
    const res = await t.request(partner.code, { method: 'GET', url: '/', headers: html });
    const { content, visit } = inlined(res.body);
    const queries = carouselQueries(content, 'home');
    expect(queries.some((q) => isCurrentLocation(q))).toBe(true);
    const expected = [...new Map(queries.flatMap((q) => {
      const r = buildCarouselRequest(parseSearchState(q), null);
      return r ? [[JSON.stringify(r), r] as const] : [];
    })).values()].slice(0, MAX_INLINE_CAROUSELS);
    expect(expected.length).toBeGreaterThan(0);
    expect(visit.queries.map((q) => q.key)).toEqual(expected.map((r) => JSON.parse(JSON.stringify(queryKeys.merchantSearch(r)))));
    for (const [i, r] of expected.entries()) {
      const api = await t.request(partner.code, { method: 'GET', url: `/api/v2/Merchants/Search?${queryString(r)}` });
      expect(visit.queries[i]!.data).toEqual(api.json());
    }
    // Another page inlines no carousel.
    expect(inlined((await t.request(partner.code, { method: 'GET', url: '/how-it-works', headers: html })).body).visit.queries).toEqual([]);
  });

  it('leaves a search it cannot answer to the client: current location, no location, a refused query', async () => {
    const long = await t.request('delta', { method: 'GET', url: `/search?location=${'x'.repeat(150)}`, headers: html });
    expect(inlined(long.body).visit.queries).toEqual([]);
    expect((await t.request('delta', { method: 'GET', url: `/api/v2/Merchants/Search?location=${'x'.repeat(150)}&pageNo=1&pageSize=${SEARCH_PAGE_SIZE}` })).statusCode).toBe(400);
    for (const url of ['/search', '/search?location=Current%20Location', `/search?location=${'x'.repeat(150)}`, '/search?location=10001&sortBy=nonsense&features=nope']) {
      const res = await t.request('delta', { method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      const queries = inlined(res.body).visit.queries;
      const request = firstSearchRequest(url.includes('?') ? url.slice(url.indexOf('?')) : '');
      if (request === null) expect(queries).toEqual([]);
      else {
        // The client builds the same request; when the API would refuse it nothing is inlined.
        const api = await t.request('delta', { method: 'GET', url: `/api/v2/Merchants/Search?${queryString(request)}` });
        if (api.statusCode !== 200) expect(queries).toEqual([]);
        else expect(queries[0]!.data).toEqual(api.json());
      }
    }
  });

  it("inlines a restaurant's detail on its page; an unknown or malformed id inlines nothing and the page is a 404 (issue 25 item 7)", async () => {
    const [m] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
    const res = await t.request('delta', { method: 'GET', url: `/merchants/${m!.id}`, headers: html });
    expect(res.statusCode).toBe(200);
    const { visit } = inlined(res.body);
    expect(visit.queries).toHaveLength(1);
    expect(visit.queries[0]!.key).toEqual([...queryKeys.merchantDetail(m!.id)]);
    expect(visit.queries[0]!.data).toEqual((await t.request('delta', { method: 'GET', url: `/api/merchants/${m!.id}` })).json());
    expect(visit.notFound).toBeUndefined();
    for (const url of ['/merchants/2147483000', '/merchants/abc', '/merchants/0', '/merchants/2147483000/Order']) {
      const other = await t.request('delta', { method: 'GET', url, headers: html });
      expect(other.statusCode, url).toBe(404);
      expect(other.headers['content-type']).toMatch(/text\/html/);
      expect(inlined(other.body).visit, url).toEqual({ member: null, notFound: true, queries: [] });
    }
    // The order-online page is the restaurant page with its dialog open: the same detail.
    const orderPage = await t.request('delta', { method: 'GET', url: `/merchants/${m!.id}/Order`, headers: html });
    expect(orderPage.statusCode).toBe(200);
    expect(inlined(orderPage.body).visit.queries[0]!.key).toEqual([...queryKeys.merchantDetail(m!.id)]);
  });

  it("inlines Reviews & History's own answers for the signed-in member as its calls answer them (the address's page, the year, a cash-back balance); none for a visitor or elsewhere", async () => {
    const answerOf = (visit: FirstVisit, key: readonly unknown[]) => visit.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(key))?.data;
    for (const code of ['hilton', 'nosh']) {
      const cash = code === 'nosh';
      const b = new TestBrowser(t, code);
      expect((await b.signInAs(demoPublicId(code, 'vip-card'))).statusCode).toBe(200);
      // Twelve dines this year: a full first page and a second one.
      const member = await memberByPublicId(t.database.db, demoPublicId(code, 'vip-card'));
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < ACTIVITY_PAGE_SIZE + 2; i++) await insertDine(t.database.db, member, { local: `${today}T12:${String(i).padStart(2, '0')}:00+00:00`, status: 'Awarded', reward: 100 + i });
      for (const page of [1, 2]) {
        const url = page === 1 ? '/account/recent_activity' : `/Account/Recent_Activity?page=${page}`;
        const res = await b.send({ method: 'GET', url, headers: html });
        expect(res.statusCode, url).toBe(200);
        const { visit } = inlined(res.body);
        expect(visit.queries.map((q) => q.key), url).toEqual([rewardsQueryKeys.transactions(page), rewardsQueryKeys.dineSummary, ...(cash ? [rewardsQueryKeys.creditBalance] : [])].map((k) => [...k]));
        const api = async (path: string) => (await b.send({ method: 'GET', url: path })).json();
        expect(answerOf(visit, rewardsQueryKeys.transactions(page)), url).toEqual(await api(`${API_PATHS.transactions.path}?pageNo=${page}&resultsPerPage=${ACTIVITY_PAGE_SIZE}`));
        expect(answerOf(visit, rewardsQueryKeys.dineSummary), url).toEqual(await api(API_PATHS.dineSummary.path));
        // A miles partner has no balance call (404), and none is inlined.
        expect(answerOf(visit, rewardsQueryKeys.creditBalance), url).toEqual(cash ? await api(API_PATHS.creditBalance.path) : undefined);
      }
      const inlinedPage = async (page: number) => answerOf(inlined((await b.send({ method: 'GET', url: `/account/recent_activity?page=${page}`, headers: html })).body).visit, rewardsQueryKeys.transactions(page)) as { data: unknown[]; totalPages: number };
      expect((await inlinedPage(1)).data, code).toHaveLength(ACTIVITY_PAGE_SIZE);
      expect((await inlinedPage(2)).data.length, code).toBeGreaterThanOrEqual(2);
      // An address's page past the end or not a page: as the app reads it (past the end: empty; not a number: page 1).
      expect((await inlinedPage(99)).data, code).toEqual([]);
      expect(inlined((await b.send({ method: 'GET', url: '/account/recent_activity?page=two', headers: html })).body).visit.queries[0]!.key).toEqual([...rewardsQueryKeys.transactions(1)]);
      // The same cookie on another partner's host is no session there: nothing of this member's.
      expect(inlined((await b.send({ method: 'GET', url: '/account/recent_activity', headers: html, host: 'caesars' })).body).visit.queries).toEqual([]);
    }
    // A visitor (the app sends them to sign in), and a partner without members (no account pages).
    expect(inlined((await t.request('hilton', { method: 'GET', url: '/account/recent_activity', headers: html })).body).visit.queries).toEqual([]);
    const none = await t.request('daak', { method: 'GET', url: '/account/recent_activity', headers: html });
    expect(none.statusCode).toBe(404);
    expect(inlined(none.body).visit.queries).toEqual([]);
  });

  it("keeps a page's compressed bytes only when it is known to carry no member (a member left out by a failed lookup may have their answers in it)", () => {
    const answers = [{ key: [...rewardsQueryKeys.dineSummary], data: { year: 2026 } }];
    expect(sameForEveryone({ member: null, queries: [] })).toBe(true);
    expect(sameForEveryone(undefined)).toBe(true);
    expect(sameForEveryone({ member: { publicId: 'm' } as Member, queries: [] })).toBe(false);
    expect(sameForEveryone({ queries: answers })).toBe(false);
  });

  it("inlines nothing on an address no route knows (the not-found page), not the home page's carousels", async () => {
    for (const url of ['/nowhere', '/Nowhere/at/all']) {
      const res = await t.request('hilton', { method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(inlined(res.body).visit.queries, url).toEqual([]);
    }
    // The home page itself still has them.
    expect(inlined((await t.request('hilton', { method: 'GET', url: '/', headers: html })).body).visit.queries.length).toBeGreaterThan(0);
  });

  it('escapes what the address brings so it cannot close the script element or break the script', async () => {
    const hostile = encodeURIComponent('</script><script>alert(1)</script><!-- \u2028\u2029 "\'');
    const res = await t.request('delta', { method: 'GET', url: `/search?location=10001&restaurantOrCuisine=${hostile}&campaignCode=${hostile}`, headers: html });
    expect(res.statusCode).toBe(200);
    for (const id of [FIRST_SCREEN_IDS.content, FIRST_SCREEN_IDS.visit, 'partner-config']) {
      const text = element(res.body, id)!;
      expect(text).not.toMatch(/<|\u2028|\u2029/);
      expect(() => JSON.parse(text)).not.toThrow();
    }
    expect(res.body).not.toContain('<script>alert(1)');
    // A pre-serialised answer is escaped too.
    const json = visitJson({ member: null, queries: [{ key: ['k'], data: new RawJson('{"a":"</script>\u2028"}') }] });
    expect(JSON.parse(json)).toEqual({ member: null, queries: [{ key: ['k'], data: { a: '</script>\u2028' } }] });
  });

  it('draws the skeleton of the page chrome, hidden from assistive technology, in the partner colours', async () => {
    const res = await t.request('delta', { method: 'GET', url: '/search?location=10001', headers: html });
    expect(res.body).toMatch(/<div class="boot" aria-hidden="true">/);
    expect(res.body).toContain('#root:not(:empty)~.boot{display:none}');
    expect(res.body).toContain('--color-primary');
    const skeleton = res.body.slice(res.body.indexOf('<div class="boot"'));
    expect(skeleton).not.toMatch(/<(a|button|input)\b|tabindex|style=/);
  });

  describe("the first screen's largest image is fetched at once (a preload in the page's head)", () => {
    it('on /search: the first result\'s picture, the URL its tile asks for, and it answers', async () => {
      const res = await t.request('delta', { method: 'GET', url: '/search?location=10001', headers: html });
      const answer = inlined(res.body).visit.queries[0]!.data as MerchantSearchResponse;
      const first = answer.merchants[0]!;
      expect(preloads(res.body)).toEqual([{ href: merchantImageUrl(first.images.imageBaseUrl, 'tile', first.images.imagePath), media: null }]);
      // The skeleton shows it in the first result's place until the app has rendered.
      expect(skeletonOf(res.body)).toContain(`<div class="boot-tile boot-tile-pic"><img class="boot-pic" src="${preloads(res.body)[0]!.href}" alt=""></div>`);
      const image = await t.request('delta', { method: 'GET', url: preloads(res.body)[0]!.href });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      // No results, or a search left to the browser: nothing to preload.
      expect(preloads((await t.request('delta', { method: 'GET', url: '/search?location=Current%20Location', headers: html })).body)).toEqual([]);
    });

    it("on a restaurant's page: its photo; an unknown restaurant none", async () => {
      const [m] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
      const res = await t.request('delta', { method: 'GET', url: `/merchants/${m!.id}`, headers: html });
      const detail = inlined(res.body).visit.queries[0]!.data as MerchantDetail;
      expect(preloads(res.body)).toEqual([{ href: merchantImageUrl(detail.images.imageBaseUrl, 'hero', detail.images.imagePath), media: null }]);
      expect((await t.request('delta', { method: 'GET', url: preloads(res.body)[0]!.href })).statusCode).toBe(200);
      expect(skeletonOf(res.body)).toContain(`<div class="boot-shot"><img class="boot-pic" src="${preloads(res.body)[0]!.href}" alt=""></div>`);
      expect(preloads((await t.request('delta', { method: 'GET', url: '/merchants/2147483000', headers: html })).body)).toEqual([]);
    });

    it("on the home page: the banner of the home item the visitor or member sees, by width as its <picture> chooses; other pages none", async () => {
      const rows = await t.database.db.select().from(partners);
      const partner = rows.find((r) => r.homePage !== 'discover')!;
      const expected = (content: FirstContent | null, member: FirstVisit['member']) => {
        const banner = bannerFields(chooseHomeItem(content!.pages.home!.data, homeStatesFor(partner, member ?? null, null)).item?.fields.banner);
        if (!banner.enabled) return [];
        if (banner.image && banner.imageMobile) return [{ href: banner.image, media: DESKTOP_QUERY }, { href: banner.imageMobile, media: `not all and ${DESKTOP_QUERY}` }];
        return [{ href: banner.imageMobile || banner.image, media: null }];
      };
      const visitor = await t.request(partner.code, { method: 'GET', url: '/', headers: html });
      const page = inlined(visitor.body);
      expect(preloads(visitor.body).length).toBeGreaterThan(0);
      expect(preloads(visitor.body)).toEqual(expected(page.content, page.visit.member));
      // The skeleton's banner is the same <picture> the app draws: the desktop source, else the phone image.
      const [first, second] = preloads(visitor.body);
      expect(skeletonOf(visitor.body)).toContain(second
        ? `<picture><source media="${first!.media}" srcset="${first!.href}"><img class="boot-pic" src="${second.href}" alt=""></picture>`
        : `<img class="boot-pic" src="${first!.href}" alt="">`);
      const b = new TestBrowser(t, 'hilton');
      expect((await b.signInAs(demoPublicId('hilton', 'vip-card'))).statusCode).toBe(200);
      const signedIn = await b.send({ method: 'GET', url: '/', headers: html });
      const mine = inlined(signedIn.body);
      expect(mine.visit.member).toBeTruthy();
      expect(preloads(signedIn.body)).toEqual(expected(mine.content, mine.visit.member));
      for (const url of ['/how-it-works', '/account/overview', '/no-such-page']) {
        expect(preloads((await t.request(partner.code, { method: 'GET', url, headers: html })).body)).toEqual([]);
      }
    });

    it('writes a banner address from content escaped, and never a script: address', async () => {
      const rows = await t.database.db.select().from(partners);
      const partner = rows.find((r) => r.homePage !== 'discover')!;
      const items = await t.database.db.select().from(contentPages).where(eq(contentPages.partnerId, partner.id));
      const home = items.filter((i) => i.contentName === 'home');
      const saved = home.map((i) => ({ id: i.id, fields: i.fields }));
      try {
        for (const image of ['/x.svg" onload="alert(1)', 'javascript:alert(1)']) {
          for (const item of home) {
            const fields = { ...(item.fields as Record<string, unknown>), banner: { image, enable_banner: true } };
            await t.database.db.update(contentPages).set({ fields }).where(eq(contentPages.id, item.id));
          }
          const res = { body: await pageWith(() => t.request(partner.code, { method: 'GET', url: '/', headers: html }),
            (c) => (c.pages.home?.data ?? []).length > 0 && (c.pages.home?.data ?? []).every((i) => (i.fields.banner as { image?: string } | undefined)?.image === image)) };
          const links = res.body.slice(0, res.body.indexOf('</head>')).match(/<link [^>]*>/g) ?? [];
          expect(links.join('\n')).not.toMatch(/onload="|javascript:/);
          expect(skeletonOf(res.body)).not.toMatch(/onload="|javascript:/);
          expect(preloads(res.body)).toEqual(image.startsWith('/') ? [{ href: image, media: null }] : []);
        }
      } finally {
        for (const s of saved) await t.database.db.update(contentPages).set({ fields: s.fields }).where(eq(contentPages.id, s.id));
      }
    });
  });

  describe('the skeleton shows the announcement banner as the app does (its words, under the top bar)', () => {
    const annOf = (body: string) => {
      const sk = skeletonOf(body);
      return sk.includes('<div class="boot-ann">') ? sk.slice(sk.indexOf('<div class="boot-ann">'), sk.indexOf('<div class="boot-main">')) : null;
    };

    it('with copy tokens replaced, links marked and the tooltip button\'s place kept; none on /discover', async () => {
      const res = await t.request('hilton', { method: 'GET', url: '/account/recent_activity', headers: html });
      const { content } = inlined(res.body);
      const copy = (content!.pages.announcement_banner!.data[0]!.fields.banner_copy as Array<{ copy: string; url?: string }>);
      expect(copy.length).toBeGreaterThan(0);
      const ann = annOf(res.body)!;
      expect(ann).toContain('earn 100 bonus points');
      expect(ann).not.toMatch(/\{\{/);
      expect(ann).toMatch(/<b>[^<]+<\/b>/);
      expect(ann).toContain('<i></i>');
      expect(annOf((await t.request('caesars', { method: 'GET', url: '/discover', headers: html })).body)).toBeNull();
    });

    it('as text: markup from content is dropped and what is left escaped', async () => {
      const [partner] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
      const [item] = await t.database.db.select().from(contentPages).where(and(eq(contentPages.partnerId, partner!.id), eq(contentPages.contentName, 'announcement_banner')));
      const saved = item!.fields;
      try {
        const fields = { banner_copy: [{ copy: '<img src=x onerror=alert(1)>Fish &amp; chips &lt;script&gt;alert(2)&lt;/script&gt; for {{currencyPlural}}' }] };
        await t.database.db.update(contentPages).set({ fields }).where(eq(contentPages.id, item!.id));
        const copyIs = (copy: string) => (c: FirstContent) => (c.pages.announcement_banner?.data[0]?.fields.banner_copy as Array<{ copy: string }> | undefined)?.[0]?.copy === copy;
        const home = () => t.request('hilton', { method: 'GET', url: '/', headers: html });
        const ann = annOf(await pageWith(home, copyIs(fields.banner_copy[0]!.copy)))!;
        expect(ann).toContain('<p>Fish &amp; chips &lt;script&gt;alert(2)&lt;/script&gt; for points</p>');
        expect(ann).not.toMatch(/<img|<script|onerror/);
        expect(ann).not.toContain('<i></i>');
        // Markup without words: no banner in the skeleton.
        await t.database.db.update(contentPages).set({ fields: { banner_copy: [{ copy: '  <br>  ' }] } }).where(eq(contentPages.id, item!.id));
        expect(annOf(await pageWith(home, copyIs('  <br>  ')))).toBeNull();
      } finally {
        await t.database.db.update(contentPages).set({ fields: saved }).where(eq(contentPages.id, item!.id));
      }
    });
  });
});

describe("the skeleton of a member's account page (issue 30: Reviews & History's largest text drawn before the app runs)", () => {
  const mainOf = (body: string) => skeletonOf(body).slice(skeletonOf(body).indexOf('<div class="boot-main">'));
  const words = `<p>${MISSING_REWARDS_COPY.before}<u>${MISSING_REWARDS_COPY.link}</u>${MISSING_REWARDS_COPY.after}</p>`;

  it('Reviews & History: the tabs and title places, then the missing-rewards banner in the words the app shows', async () => {
    const b = new TestBrowser(t, 'hilton');
    expect((await b.signInAs(demoPublicId('hilton', 'vip-card'))).statusCode).toBe(200);
    const main = mainOf((await b.send({ method: 'GET', url: '/account/recent_activity', headers: html })).body);
    expect(main).toContain('<div class="boot-in boot-acct"><div class="boot-tabs"></div><div class="boot-page"><div class="boot-title"></div>');
    expect(main).toContain(`<div class="boot-note"><p><b>${MISSING_REWARDS_COPY.title}</b></p>${words}</div>`);
    expect(main).toContain(`${CLAIM_AFTER_DAYS} days after you dined`);
    // Another account page: the account centre's places, no banner.
    const overview = mainOf((await b.send({ method: 'GET', url: '/account/overview', headers: html })).body);
    expect(overview).toContain('<div class="boot-in boot-acct">');
    expect(overview).not.toContain('boot-note');
  });

  it('a visitor (sent to sign in) gets the usual placeholders, without the banner', async () => {
    const main = mainOf((await t.request('hilton', { method: 'GET', url: '/account/recent_activity', headers: html })).body);
    expect(main).not.toContain('boot-acct');
    expect(main).not.toContain(MISSING_REWARDS_COPY.link);
    expect(main).toContain('<div class="boot-title"></div>');
  });
});

describe('the published content kept per partner (issue 30 item 3)', () => {
  it('is read once and answered from memory, per partner, until content_pages changes; then read again', async () => {
    const kept = await PublishedContent.start(t.database.db);
    try {
      const [hilton] = await t.database.db.select().from(partners).where(eq(partners.code, 'hilton'));
      const [caesars] = await t.database.db.select().from(partners).where(eq(partners.code, 'caesars'));
      const first = await kept.get(hilton!.id);
      expect(await kept.get(hilton!.id)).toBe(first);
      expect(await kept.get(caesars!.id)).not.toBe(first);
      expect(first.pages).toEqual(await contentPagesAnswer(t.database.db, { partnerId: hilton!.id, contentNames: CONTENT_NAMES, preview: false, page: 1, pageSize: CONTENT_PAGE_SIZE }));

      const [item] = await t.database.db.select().from(contentPages).where(and(eq(contentPages.partnerId, hilton!.id), eq(contentPages.status, 'published'))).limit(1);
      await t.database.db.update(contentPages).set({ sortOrder: item!.sortOrder }).where(eq(contentPages.id, item!.id));
      await vi.waitFor(async () => expect(await kept.get(hilton!.id)).not.toBe(first), { timeout: 5_000, interval: 20 });
    } finally {
      await kept.stop();
    }
  });
});

