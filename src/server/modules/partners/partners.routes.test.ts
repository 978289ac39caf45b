import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { partners, contentPages } from '../../db/schema';
import { CONTENT_NAMES, type CmsResponse } from '#shared/schemas/cms';
import type { FeatureFlagsResponse } from '#shared/schemas/partner';
import { featureFlagsOf } from '#shared/rules/partner-features';
import { toPartnerConfig } from './partner-config';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

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
    expect(a.data.every((i) => deltaIds.has(i.id))).toBe(true);
    expect(b.data.some((i) => deltaIds.has(i.id))).toBe(false);
  });

  it('includes drafts with preview=1 only where the partner has cmsPreview', async () => {
    const rows = await t.database.db.select().from(partners);
    const withPreview = rows.find((p) => p.cmsPreview)!;
    const without = rows.find((p) => !p.cmsPreview)!;
    expect(withPreview).toBeDefined();
    const drafts = await t.database.db.select().from(contentPages).where(eq(contentPages.status, 'draft'));
    const draft = drafts.find((d) => d.partnerId === withPreview.id)!;
    expect(draft).toBeDefined();
    const name = draft.contentName === 'default' ? '*' : draft.contentName;
    const published = (await get(withPreview.code, `/api/cms/pages/${encodeURIComponent(name)}/`)).json<CmsResponse>();
    expect(published.data.some((i) => i.id === draft.id)).toBe(false);
    const preview = await get(withPreview.code, `/api/cms/pages/${encodeURIComponent(name)}/?page_size=100&preview=1`);
    expect(preview.statusCode).toBe(200);
    const previewBody = preview.json<CmsResponse>();
    expect(previewBody.meta.preview).toBe(true);
    expect(previewBody.data.find((i) => i.slug === draft.slug)?.id).toBe(draft.id);
    expect(previewBody.data.filter((i) => i.slug === draft.slug)).toHaveLength(1);

    const refused = await get(without.code, '/api/cms/pages/home/?preview=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Draft preview is not available on this site.');
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
