import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/app';
import { TestBrowser } from '../test/browser';
import { createOpsApp, OpsBrowser, previewBrowser, signedInAs, staffBrowsers } from '../test/ops';
import { auditLog, contentPages, contentPreviewGrants, contentSchedules, contentVersions, partners } from '../db/schema';
import { buildContent } from '../demo/content';
import { buildPartners } from '../demo/partners';
import type { CmsResponse } from '#shared/schemas/cms';
import { CONTENT_FIELD_SCHEMAS, type OpsContentItem, type OpsContentList, type OpsContentName } from '#shared/schemas/ops-content';
import { contentJobs } from './content';
import { sweepStaff } from './jobs';

let t: TestApp;
let ops: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  ops = await createOpsApp(t);
  // The editor works for hilton; hilton allows draft preview here so the editor can preview.
  await t.database.db.update(partners).set({ cmsPreview: true }).where(eq(partners.code, 'hilton'));
  await t.app.partners.reload();
});
afterAll(async () => {
  await ops.close();
  await t.close();
});

const as = staffBrowsers(() => ({ t, ops }));
const item = (slug = 'anonymous', name = 'home', partner = 'hilton') => `/api/ops/content/${partner}/${name}/${slug}`;
const publicHome = async (partner = 'hilton', cookie?: string) =>
  (await t.request(partner, { method: 'GET', url: '/api/cms/pages/home/?preview=1', headers: cookie ? { cookie } : {} })).json<CmsResponse>();
const anonymousOf = (answer: CmsResponse) => answer.data.find((i) => i.slug === 'anonymous')!.fields;
const hilton = async () => (await t.database.db.select().from(partners).where(eq(partners.code, 'hilton')))[0]!;
const lastAudit = async (action: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('content field schemas', () => {
  it('every demo item of every partner fits its page\'s schema, and a typo or a wrong type does not', () => {
    let n = 0;
    for (const p of buildPartners()) {
      for (const row of buildContent(p)) {
        const parsed = CONTENT_FIELD_SCHEMAS[row.contentName as OpsContentName].safeParse(row.fields);
        expect(parsed.success, `${p.code} ${row.contentName}/${row.slug}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
    expect(CONTENT_FIELD_SCHEMAS.popup.safeParse({ title: 'Hi', body_text: 'x', cta_txt: 'typo' }).success).toBe(false);
    expect(CONTENT_FIELD_SCHEMAS.home.safeParse({ user_states: ['anonymous'], banner: { enable_banner: 'yes' } }).success).toBe(false);
    expect(CONTENT_FIELD_SCHEMAS.home.safeParse({ user_states: ['anonymous'], main_column: [{ type: 'button', text_desktop: 'Go', url: 'javascript:alert(1)' }] }).success).toBe(false);
  });
});

describe('console content', () => {
  it('lists a partner\'s items and opens one with its published fields', async () => {
    const editor = await as('contentEditor');
    const list = await editor.send({ method: 'GET', url: '/api/ops/content/hilton' });
    expect(list.statusCode).toBe(200);
    const body = list.json<OpsContentList>();
    expect(body.items.some((i) => i.contentName === 'home' && i.slug === 'anonymous' && i.published)).toBe(true);
    expect(body.items.some((i) => i.contentName === 'default' && i.slug === 'footer')).toBe(true);
    const one = (await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>();
    expect(one.published!.fields).toEqual(anonymousOf(await publicHome()));
    expect(one.draft).toBeNull();
    expect((await editor.send({ method: 'GET', url: item('no-such-slug') })).statusCode).toBe(404);
  });

  it('refuses without a session (401), a role without the permission (403), another partner (404)', async () => {
    const nobody = new OpsBrowser(ops);
    await nobody.csrf();
    expect((await nobody.send({ method: 'GET', url: item() })).statusCode).toBe(401);
    expect((await nobody.send({ method: 'PUT', url: `${item()}/draft`, payload: { fields: {} } })).statusCode).toBe(401);
    const agent = await as('agent');
    expect((await agent.send({ method: 'GET', url: item() })).statusCode).toBe(403);
    const manager = await as('partnerManager');
    expect((await manager.send({ method: 'GET', url: item() })).statusCode).toBe(200);
    const before = (await manager.send({ method: 'GET', url: item() })).json<OpsContentItem>();
    expect((await manager.send({ method: 'PUT', url: `${item()}/draft`, payload: { fields: before.published!.fields } })).statusCode).toBe(403);
    expect((await manager.send({ method: 'POST', url: `${item()}/publish`, payload: {} })).statusCode).toBe(403);
    const auditor = await as('auditor');
    expect((await auditor.send({ method: 'POST', url: '/api/ops/content/hilton/preview', payload: {} })).statusCode).toBe(403);
    const editor = await as('contentEditor');
    expect((await editor.send({ method: 'GET', url: item('anonymous', 'home', 'wynd') })).statusCode).toBe(404);
    expect((await editor.send({ method: 'GET', url: '/api/ops/content/wynd' })).statusCode).toBe(404);
    expect((await editor.send({ method: 'PUT', url: `${item('anonymous', 'home', 'wynd')}/draft`, payload: { fields: { user_states: ['anonymous'] } } })).statusCode).toBe(404);
    expect((await editor.send({ method: 'POST', url: '/api/ops/content/wynd/preview', payload: {} })).statusCode).toBe(404);
    expect(await t.database.db.select().from(contentPages).where(and(eq(contentPages.status, 'draft'), eq(contentPages.partnerId, (await hilton()).id)))).toHaveLength(0);
  });

  it('checks a draft against its page\'s fields: 400 naming the field, nothing saved', async () => {
    const editor = await as('contentEditor');
    const published = (await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>().published!.fields;
    const bad = [
      { fields: { ...published, banner: { ...(published.banner as object), image_x_position: 140 } }, field: 'fields.banner.image_x_position' },
      { fields: { ...published, titel: 'typo' }, field: 'fields' },
      { fields: { ...published, main_column: [{ type: 'carousel' }] }, field: 'fields.main_column.0.type' },
    ];
    for (const b of bad) {
      const res = await editor.send({ method: 'PUT', url: `${item()}/draft`, payload: { fields: b.fields } });
      expect(res.statusCode, JSON.stringify(b.fields).slice(0, 80)).toBe(400);
      expect(res.json<{ fieldErrors: Array<{ field: string }> }>().fieldErrors.map((e) => e.field)).toContain(b.field);
    }
    expect((await editor.send({ method: 'PUT', url: item('anonymous', 'nonsense') + '/draft', payload: { fields: {} } })).statusCode).toBe(400);
    expect((await editor.send({ method: 'PUT', url: item('Bad Slug!') + '/draft', payload: { fields: published } })).statusCode).toBe(400);
    expect((await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>().draft).toBeNull();
  });

  it('saves a draft the public never sees, the preview session does; publishing makes a version members then see', async () => {
    const editor = await as('contentEditor');
    const original = (await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>().published!.fields;
    const edited = { ...original, banner_text: 'Winter dining: double {{currencyPlural}} on Sundays' };
    const saved = await editor.send({ method: 'PUT', url: `${item()}/draft`, payload: { fields: edited } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<OpsContentItem>().draft!.fields).toEqual(edited);
    const savedAudit = await lastAudit('content.draft.save');
    expect(savedAudit).toMatchObject({ target: 'content:home/anonymous', before: null, after: { fields: edited } });

    // The public, even asking for a preview, sees the published banner.
    expect(anonymousOf(await publicHome()).banner_text).toBe(original.banner_text);
    expect(anonymousOf(await publicHome('hilton', 'rn_cms_preview=guessed-token-guessed-token-guessed')).banner_text).toBe(original.banner_text);
    // The editor's preview window sees the draft.
    const staffWindow = await previewBrowser(t, ops, 'hilton', 'contentEditor');
    expect(anonymousOf((await staffWindow.send({ method: 'GET', url: '/api/cms/pages/home/?preview=1' })).json<CmsResponse>()).banner_text).toBe(edited.banner_text);
    expect(await lastAudit('content.preview')).toMatchObject({ partnerId: (await hilton()).id });

    const published = await editor.send({ method: 'POST', url: `${item()}/publish`, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    const after = published.json<OpsContentItem>();
    expect(after.draft).toBeNull();
    expect(after.published!.fields).toEqual(edited);
    // The content published until now stays, as version 1; the draft is version 2.
    expect(after.versions.map((v) => [v.version, v.kind])).toEqual([[2, 'publish'], [1, 'initial']]);
    expect(after.versions[1]!.fields).toEqual(original);
    expect(after.versions[0]!.staffEmail).toBe('editor@ops.example.com');
    expect(anonymousOf(await publicHome()).banner_text).toBe(edited.banner_text);
    expect(await lastAudit('content.publish')).toMatchObject({ target: 'content:home/anonymous', before: { fields: original }, after: { version: 2, fields: edited } });
    // Nothing left to publish.
    expect((await editor.send({ method: 'POST', url: `${item()}/publish`, payload: {} })).statusCode).toBe(409);
  });

  it('rolls back to an earlier version by publishing it as a new one', async () => {
    const editor = await as('contentEditor');
    const before = (await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>();
    const v1 = before.versions.find((v) => v.version === 1)!;
    const res = await editor.send({ method: 'POST', url: `${item()}/rollback`, payload: { version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<OpsContentItem>();
    expect(after.versions[0]).toMatchObject({ version: before.versions[0]!.version + 1, kind: 'rollback', rolledBackFrom: 1 });
    expect(after.published!.fields).toEqual(v1.fields);
    expect(anonymousOf(await publicHome()).banner_text).toBe(v1.fields.banner_text);
    // Every earlier version is still there, unchanged.
    expect(after.versions.slice(1)).toEqual(before.versions);
    expect(await lastAudit('content.rollback')).toMatchObject({ before: { fields: before.published!.fields }, after: { rolledBackFrom: 1 } });
    expect((await editor.send({ method: 'POST', url: `${item()}/rollback`, payload: { version: 99 } })).statusCode).toBe(404);
    expect((await editor.send({ method: 'POST', url: `${item()}/rollback`, payload: { version: 0 } })).statusCode).toBe(400);
  });

  it('schedules a publish that the content-publish job makes when due, not before; a cancelled one never', async () => {
    const editor = await as('contentEditor');
    const db = t.database.db;
    const slug = 'general';
    const popup = { title: 'Winter is for dining out', body_text: 'Bonus {{currencyPlural}} all season.', cta_text: 'See how', cta_url: '/earn' };
    expect((await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: new Date(Date.now() + 3_600_000).toISOString() } })).statusCode).toBe(409);
    expect((await editor.send({ method: 'PUT', url: `${item(slug, 'popup')}/draft`, payload: { fields: popup } })).statusCode).toBe(200);
    expect((await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: new Date(Date.now() - 60_000).toISOString() } })).statusCode).toBe(400);
    expect((await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: 'tomorrow' } })).statusCode).toBe(400);
    const at = new Date(Date.now() + 3_600_000);
    const res = await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: at.toISOString() } });
    expect(res.statusCode, res.body).toBe(201);
    const scheduleId = res.json<{ id: number }>().id;
    expect(await lastAudit('content.schedule')).toMatchObject({ target: 'content:popup/general', after: { scheduleId, fields: popup } });
    const listed = (await editor.send({ method: 'GET', url: '/api/ops/content/hilton' })).json<OpsContentList>().items.find((i) => i.contentName === 'popup' && i.slug === slug)!;
    expect(listed).toMatchObject({ draft: true, scheduledAt: at.toISOString() });

    const [job] = contentJobs();
    const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
    await job!.run({ db, now: new Date(at.getTime() - 1000), log });
    const publicPopup = async () => (await t.request('hilton', { method: 'GET', url: '/api/cms/pages/popup/' })).json<CmsResponse>().data.find((i) => i.slug === slug);
    expect(await publicPopup()).toBeUndefined();
    expect(await job!.run({ db, now: at, log })).toBe('1 scheduled content publishes');
    expect((await publicPopup())!.fields).toEqual(popup);
    const done = (await editor.send({ method: 'GET', url: item(slug, 'popup') })).json<OpsContentItem>();
    expect(done.draft).toBeNull();
    expect(done.versions).toHaveLength(1);
    expect(done.versions[0]).toMatchObject({ version: 1, kind: 'scheduled', staffEmail: 'editor@ops.example.com' });
    expect(done.schedules[0]).toMatchObject({ id: scheduleId, status: 'published', version: 1 });
    expect(await lastAudit('content.publish.scheduled')).toMatchObject({ staffId: null, target: 'content:popup/general', after: { version: 1, fields: popup } });
    // Run again: nothing more.
    expect(await job!.run({ db, now: new Date(at.getTime() + 60_000), log })).toBe('0 scheduled content publishes');

    // A draft edited after it was scheduled: the scheduled fields are published, the newer draft stays a draft.
    const scheduled = { ...popup, title: 'Autumn is for dining out' };
    const newer = { ...popup, title: 'Autumn, edited after scheduling' };
    await editor.send({ method: 'PUT', url: `${item(slug, 'popup')}/draft`, payload: { fields: scheduled } });
    expect((await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: at.toISOString() } })).statusCode).toBe(201);
    await editor.send({ method: 'PUT', url: `${item(slug, 'popup')}/draft`, payload: { fields: newer } });
    expect(await job!.run({ db, now: new Date(at.getTime() + 90_000), log })).toBe('1 scheduled content publishes');
    expect((await publicPopup())!.fields).toEqual(scheduled);
    const kept = (await editor.send({ method: 'GET', url: item(slug, 'popup') })).json<OpsContentItem>();
    expect(kept.draft!.fields).toEqual(newer);
    expect(kept.versions.map((v) => v.version)).toEqual([2, 1]);
    await editor.send({ method: 'DELETE', url: `${item(slug, 'popup')}/draft` });

    // A second schedule, cancelled: never published.
    const later = { ...popup, title: 'Spring is for dining out' };
    await editor.send({ method: 'PUT', url: `${item(slug, 'popup')}/draft`, payload: { fields: later } });
    const second = (await editor.send({ method: 'POST', url: `${item(slug, 'popup')}/schedule`, payload: { publishAt: at.toISOString() } })).json<{ id: number }>().id;
    expect((await (await as('agent')).send({ method: 'POST', url: `/api/ops/content-schedules/${second}/cancel`, payload: {} })).statusCode).toBe(403);
    expect((await editor.send({ method: 'POST', url: `/api/ops/content-schedules/${second}/cancel`, payload: {} })).statusCode).toBe(200);
    expect((await editor.send({ method: 'POST', url: `/api/ops/content-schedules/${second}/cancel`, payload: {} })).statusCode).toBe(409);
    expect(await job!.run({ db, now: new Date(at.getTime() + 120_000), log })).toBe('0 scheduled content publishes');
    expect((await publicPopup())!.fields).toEqual(scheduled);
    expect((await db.select().from(contentSchedules).where(eq(contentSchedules.id, second)))[0]!.status).toBe('cancelled');
  });

  it('discards a draft (the published content stays); the preview is refused where the partner has no cmsPreview', async () => {
    const editor = await as('contentEditor');
    const published = (await editor.send({ method: 'GET', url: item('footer', 'default') })).json<OpsContentItem>().published!.fields;
    await editor.send({ method: 'PUT', url: `${item('footer', 'default')}/draft`, payload: { fields: { ...published, copyright: '© Draft' } } });
    const res = await editor.send({ method: 'DELETE', url: `${item('footer', 'default')}/draft` });
    expect(res.statusCode).toBe(200);
    expect(res.json<OpsContentItem>()).toMatchObject({ draft: null, published: { fields: published } });
    expect(await lastAudit('content.draft.discard')).toMatchObject({ before: { fields: { copyright: '© Draft' } }, after: null });
    expect((await editor.send({ method: 'DELETE', url: `${item('footer', 'default')}/draft` })).statusCode).toBe(404);
    const admin = await as('administrator');
    const wynd = await admin.send({ method: 'POST', url: '/api/ops/content/wynd/preview', payload: {} });
    const [w] = await t.database.db.select().from(partners).where(eq(partners.code, 'wynd'));
    expect(wynd.statusCode).toBe(w!.cmsPreview ? 201 : 409);
  });

  it('the preview session shows drafts to its window only, and a member signed in elsewhere never', async () => {
    const editor = await as('contentEditor');
    const original = (await editor.send({ method: 'GET', url: item() })).json<OpsContentItem>().published!.fields;
    const draft = { ...original, title: 'Draft title nobody else sees' };
    await editor.send({ method: 'PUT', url: `${item()}/draft`, payload: { fields: draft } });
    const member = new TestBrowser(t, 'hilton');
    const html = { accept: 'text/html' };
    expect((await member.send({ method: 'GET', url: '/?preview=1', headers: html })).body).not.toContain('Draft title nobody else sees');
    const staffWindow = await previewBrowser(t, ops, 'hilton', 'contentEditor');
    expect((await staffWindow.send({ method: 'GET', url: '/?preview=1', headers: html })).body).toContain('Draft title nobody else sees');
    const versions = await t.database.db.select().from(contentVersions).where(eq(contentVersions.partnerId, (await hilton()).id));
    expect(versions.filter((v) => v.fields.title === draft.title)).toEqual([]);
    // Ended sessions and grants never used are swept; the window then sees the published page.
    const unused = await signedInAs(t, ops, 'contentEditor');
    expect((await unused.send({ method: 'POST', url: '/api/ops/content/hilton/preview', payload: {} })).statusCode).toBe(201);
    const later = new Date(Date.now() + 31 * 60_000);
    await sweepStaff(t.database.db, later);
    expect(await t.database.db.select().from(contentPreviewGrants).where(eq(contentPreviewGrants.partnerId, (await hilton()).id))).toHaveLength(0);
    expect((await staffWindow.send({ method: 'GET', url: '/?preview=1', headers: html })).body).not.toContain('Draft title nobody else sees');
  });
});
