import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import type { FastifyInstance } from 'fastify';
import { TestBrowser } from '../../test/browser';
import { createOpsApp, previewBrowser, signedInAs } from '../../test/ops';
import { hashToken } from '../../plugins/session';
import { partners, contentPages, contentPreviewGrants } from '../../db/schema';
import { CONTENT_NAMES, type CmsResponse } from '#shared/schemas/cms';
import type { FeatureFlagsResponse } from '#shared/schemas/partner';
import { featureFlagsOf } from '#shared/rules/partner-features';
import { toPartnerConfig } from './partner-config';

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

const get = (partner: string, url: string) => t.request(partner, { method: 'GET', url });

describe('GET /api/feature-flags', () => {
  it('reflects each partner\'s own switches', async () => {
    const rows = await t.database.db.select().from(partners);
    for (const p of rows) {
      const res = await get(p.code, '/api/feature-flags');
      expect(res.statusCode).toBe(200);
      const flags = res.json<FeatureFlagsResponse>();
      expect(flags.authFlags.enrollmentType).toBe(p.enrollmentType);
      expect(flags.authFlags.signInEnabled).toBe(p.enrollmentType === 'direct');
      expect(flags.partnerFeatureFlags.smsOptIn).toBe(p.hasSmsOptIn);
      expect(flags.partnerFeatureFlags.vip).toBe(p.hasVIP);
      expect(flags.filters.reservations).toBe(p.openTableReservationsEnabled);
      // The page reads the same flags from the configuration injected into it (issue 25: it never
      // makes this call, so the two must agree by construction).
      expect(flags).toEqual(featureFlagsOf(toPartnerConfig(p, t.config)));
    }
  });
});

describe('GET /api/DefaultUserLocation', () => {
  it('answers the partner\'s default centre', async () => {
    const [delta] = await t.database.db.select().from(partners).where(eq(partners.code, 'delta'));
    const res = await get('delta', '/api/DefaultUserLocation');
    expect(res.json()).toEqual({ latitude: delta!.defaultLatitude, longitude: delta!.defaultLongitude });
  });
});

describe('GET /api/cms/pages/:contentName/', () => {
  it('serves all eleven content pages of a partner with data and meta (the demo seeds no sidebar: no screen shows one)', async () => {
    for (const name of CONTENT_NAMES) {
      const res = await get('hilton', `/api/cms/pages/${encodeURIComponent(name)}/?page_size=100`);
      expect(res.statusCode, name).toBe(200);
      const body = res.json<CmsResponse>();
      if (name === 'sidebar') expect(body.data, name).toEqual([]);
      else expect(body.data.length, name).toBeGreaterThan(0);
      expect(body.meta.pagination.total, name).toBe(body.data.length);
      expect(body.data.every((i) => i.status === 'published'), name).toBe(true);
      for (const item of body.data) expect(typeof item.slug).toBe('string');
    }
    const literalStar = await get('hilton', '/api/cms/pages/*/?page_size=100');
    expect(literalStar.statusCode).toBe(200);
    expect(literalStar.json<CmsResponse>().data.map((i) => i.slug)).toEqual(expect.arrayContaining(['footer', 'navbar', 'labels']));
  });

  it('never shows one partner\'s content on another partner\'s host', async () => {
    const a = (await get('delta', '/api/cms/pages/home/')).json<CmsResponse>();
    const b = (await get('hilton', '/api/cms/pages/home/')).json<CmsResponse>();
    const [delta] = await t.database.db.select().from(partners).where(eq(partners.code, 'delta'));
    const deltaIds = new Set((await t.database.db.select().from(contentPages).where(eq(contentPages.partnerId, delta!.id))).map((r) => r.id));
    expect(a.data.length).toBeGreaterThan(0);
    expect(a.data.every((i) => deltaIds.has(i.id))).toBe(true);
    expect(b.data.some((i) => deltaIds.has(i.id))).toBe(false);
  });

  it('shows drafts only to a staff preview session of the partner, never to the public with preview=1 alone', async () => {
    const rows = await t.database.db.select().from(partners);
    const withPreview = rows.find((p) => p.cmsPreview)!;
    const otherWithPreview = rows.find((p) => p.cmsPreview && p.id !== withPreview.id)!;
    const without = rows.find((p) => !p.cmsPreview)!;
    expect(withPreview).toBeDefined();
    expect(otherWithPreview).toBeDefined();
    const drafts = await t.database.db.select().from(contentPages).where(eq(contentPages.status, 'draft'));
    const draft = drafts.find((d) => d.partnerId === withPreview.id)!;
    expect(draft).toBeDefined();
    const name = draft.contentName === 'default' ? '*' : draft.contentName;
    const url = `/api/cms/pages/${encodeURIComponent(name)}/?page_size=100&preview=1`;
    const published = (await get(withPreview.code, `/api/cms/pages/${encodeURIComponent(name)}/`)).json<CmsResponse>();
    expect(published.data.some((i) => i.id === draft.id)).toBe(false);

    // The public, with ?preview=1 (and with a made-up preview cookie): the published items only.
    for (const headers of [{}, { cookie: 'rn_cms_preview=made-up-session-token-of-forty-chars' }]) {
      const pub = await t.request(withPreview.code, { method: 'GET', url, headers });
      expect(pub.statusCode).toBe(200);
      expect(pub.headers['cache-control']).toBe('no-store');
      const body = pub.json<CmsResponse>();
      expect(body.meta.preview).toBe(false);
      expect(body.data.some((i) => i.status === 'draft')).toBe(false);
      expect(body).toEqual({ ...published, meta: { ...published.meta, pagination: body.meta.pagination } });
    }

    // The console's preview session: the draft replaces the published item of its slug.
    const staffWindow = await previewBrowser(t, ops, withPreview.code);
    const preview = await staffWindow.send({ method: 'GET', url });
    expect(preview.statusCode).toBe(200);
    const previewBody = preview.json<CmsResponse>();
    expect(previewBody.meta.preview).toBe(true);
    expect(previewBody.data.find((i) => i.slug === draft.slug)?.id).toBe(draft.id);
    expect(previewBody.data.filter((i) => i.slug === draft.slug)).toHaveLength(1);
    // Without ?preview=1 the same window sees what members see.
    expect((await staffWindow.send({ method: 'GET', url: url.replace('&preview=1', '') })).json<CmsResponse>().meta.preview).toBe(false);
    // The session is this partner's: on another partner's site its cookie shows no draft.
    const elsewhere = await t.request(otherWithPreview.code, { method: 'GET', url: '/api/cms/pages/home/?preview=1', headers: { cookie: staffWindow.cookieHeader() } });
    expect(elsewhere.json<CmsResponse>().meta.preview).toBe(false);
    expect(elsewhere.json<CmsResponse>().data.some((i) => i.status === 'draft')).toBe(false);
    // Ended: drafts are gone again.
    await t.database.db.update(contentPreviewGrants).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(contentPreviewGrants.partnerId, withPreview.id));
    expect((await staffWindow.send({ method: 'GET', url })).json<CmsResponse>().meta.preview).toBe(false);

    const refused = await get(without.code, '/api/cms/pages/home/?preview=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Draft preview is not available on this site.');
  });

  it('trades a preview grant once, on its own partner only', async () => {
    const rows = await t.database.db.select().from(partners);
    const [a, b] = rows.filter((p) => p.cmsPreview);
    const admin = await signedInAs(t, ops, 'administrator');
    const grant = async () => new URL((await admin.send({ method: 'POST', url: `/api/ops/content/${a!.code}/preview`, payload: { path: '/earn' } })).json<{ url: string }>().url).hash.slice(1);
    const onOther = new TestBrowser(t, b!.code);
    expect((await onOther.send({ method: 'POST', url: '/api/ContentPreview', payload: { token: await grant() } })).statusCode).toBe(400);
    const token = await grant();
    const first = new TestBrowser(t, a!.code);
    const ok = await first.send({ method: 'POST', url: '/api/ContentPreview', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ path: string }>().path).toBe('/earn');
    const again = new TestBrowser(t, a!.code);
    const used = await again.send({ method: 'POST', url: '/api/ContentPreview', payload: { token } });
    expect(used.statusCode).toBe(400);
    expect(again.cookies.has('rn_cms_preview')).toBe(false);
    const late = await grant();
    await t.database.db.update(contentPreviewGrants).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(contentPreviewGrants.id, hashToken(late)));
    expect((await new TestBrowser(t, a!.code).send({ method: 'POST', url: '/api/ContentPreview', payload: { token: late } })).statusCode).toBe(400);
  });

  it('pages with page and page_size', async () => {
    const all = (await get('delta', '/api/cms/pages/*/?page_size=100')).json<CmsResponse>();
    const one = (await get('delta', '/api/cms/pages/*/?page_size=1&page=2')).json<CmsResponse>();
    expect(one.data).toHaveLength(1);
    expect(one.data[0]!.id).toBe(all.data[1]!.id);
    expect(one.meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: all.data.length, total: all.data.length });
  });

  it.each([
    ['/api/cms/pages/nonsense/', 'contentName'],
    ['/api/cms/pages/home/?page_size=1000', 'page_size'],
    ['/api/cms/pages/home/?page_size=abc', 'page_size'],
    ['/api/cms/pages/home/?page=0', 'page'],
    ['/api/cms/pages/home/?preview=yes', 'preview'],
  ])('rejects %s with 400 on field %s', async (url, field) => {
    const res = await get('delta', url);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Array<{ field: string }> }>().fieldErrors.map((f) => f.field)).toContain(field);
  });
});
