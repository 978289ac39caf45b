import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { contentPreviewGrants, partners, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { PREVIEW_MINUTES } from '../modules/partners';
import { partnerOrigin } from '../plugins/partner';
import { GRANT_MINUTES, grantLink, newGrant } from '../lib/one-time-grant';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';
import type { OpsContentName } from '#shared/schemas/ops-content';
import { audit } from './audit';
import { cancelSchedule, contentItem, contentList, contentTarget, discardDraft, publishDraft, rollBack, saveDraft, schedulePublish, type ItemKey } from './content';
import { opsRoute, type OpsApp } from './ops-route';
import { requireStaff } from './staff-auth';

const NO_SUCH_PARTNER = 'There is no such partner among yours.';

/**
 * The console's content (issue 27 item 5, docs/features/console.md#content): a partner's items,
 * drafts checked against their page's fields, publish, roll back, schedule, and the one-time
 * preview link that shows the drafts on the partner site to this staff member's window only.
 * Every change is audited with the record before and after. Another partner answers 404.
 */
export async function contentRoutes(app: OpsApp, opts: { db: Db; config: AppConfig }) {
  const { db, config } = opts;

  const partnerByCode = async (scope: PartnerScope, code: string): Promise<PartnerRow> => {
    const found = (await db.select().from(partners)).find((p) => p.code.toLowerCase() === code.trim().toLowerCase() && inScope(scope, p.id));
    if (!found) throw AppError.notFound(NO_SUCH_PARTNER);
    return found;
  };
  const itemOf = async (scope: PartnerScope, params: { partner: string; contentName: OpsContentName; slug: string }) => {
    const partner = await partnerByCode(scope, params.partner);
    const key: ItemKey = { partnerId: partner.id, contentName: params.contentName, slug: params.slug };
    return { partner, key };
  };

  opsRoute(app, 'opsContentList', { schema: { summary: "A partner's content items (the eleven pages): published, draft, newest version, next scheduled publish" } }, async (request) => {
    const partner = await partnerByCode(requireStaff(request).scope, request.params.partner);
    return contentList(db, partner);
  });

  opsRoute(app, 'opsContentItem', { schema: { summary: 'One content item: published fields, draft, every version and its schedules' } }, async (request) => {
    const { partner, key } = await itemOf(requireStaff(request).scope, request.params);
    const item = await contentItem(db, partner, key.contentName, key.slug);
    if (!item.published && !item.draft && !item.versions.length) throw AppError.notFound('This partner has no such content item.');
    return item;
  });

  opsRoute(app, 'opsContentDraft', {
    schema: { summary: "Save an item's draft (a new slug makes a new item); the fields must fit the page's schema (400 naming each wrong field)" },
  }, async (request) => {
    const { partner, key } = await itemOf(requireStaff(request).scope, request.params);
    const change = await saveDraft(db, key, request.body);
    await audit(db, request, { action: 'content.draft.save', partnerId: partner.id, target: contentTarget(key), ...change });
    return contentItem(db, partner, key.contentName, key.slug);
  });

  opsRoute(app, 'opsContentDraftDiscard', { schema: { summary: "Throw an item's draft away (the published content stays)" } }, async (request) => {
    const { partner, key } = await itemOf(requireStaff(request).scope, request.params);
    const before = await discardDraft(db, key);
    await audit(db, request, { action: 'content.draft.discard', partnerId: partner.id, target: contentTarget(key), before, after: null });
    return contentItem(db, partner, key.contentName, key.slug);
  });

  opsRoute(app, 'opsContentPublish', { schema: { summary: 'Publish the draft as a new version (the content published until now stays as an earlier version); 409 without a draft' } }, async (request) => {
    const session = requireStaff(request);
    const { partner, key } = await itemOf(session.scope, request.params);
    const done = await publishDraft(db, key, { staffId: session.row.id });
    await audit(db, request, { action: 'content.publish', partnerId: partner.id, target: contentTarget(key), before: done.before, after: done.after });
    return contentItem(db, partner, key.contentName, key.slug);
  });

  opsRoute(app, 'opsContentRollback', { schema: { summary: 'Publish an earlier version again, as a new version (the draft is left as it is)' } }, async (request) => {
    const session = requireStaff(request);
    const { partner, key } = await itemOf(session.scope, request.params);
    const done = await rollBack(db, key, request.body.version, { staffId: session.row.id });
    await audit(db, request, { action: 'content.rollback', partnerId: partner.id, target: contentTarget(key), before: done.before, after: done.after });
    return contentItem(db, partner, key.contentName, key.slug);
  });

  opsRoute(app, 'opsContentSchedule', {
    schema: { summary: 'Publish the draft as it is now at a time (future, within a year); the content-publish job publishes it when due; 409 without a draft' },
  }, async (request, reply) => {
    const session = requireStaff(request);
    const { partner, key } = await itemOf(session.scope, request.params);
    const row = await schedulePublish(db, key, new Date(request.body.publishAt), { staffId: session.row.id });
    await audit(db, request, { action: 'content.schedule', partnerId: partner.id, target: contentTarget(key), before: null, after: { scheduleId: row.id, publishAt: row.publishAt.toISOString(), fields: row.fields } });
    return reply.status(201).send({ id: row.id, publishAt: row.publishAt.toISOString(), status: 'pending' as const, version: null, staffEmail: session.row.email, createdAt: row.createdAt.toISOString() });
  });

  opsRoute(app, 'opsContentScheduleCancel', { schema: { summary: 'Cancel a scheduled publish that has not happened yet' } }, async (request) => {
    const session = requireStaff(request);
    const scope = session.scope;
    const all = await db.select({ id: partners.id }).from(partners);
    const row = await cancelSchedule(db, request.params.scheduleId, scope.allPartners ? 'all' : all.map((p) => p.id).filter((id) => inScope(scope, id)));
    await audit(db, request, { action: 'content.schedule.cancel', partnerId: row.partnerId, target: contentTarget(row), before: { scheduleId: row.id, publishAt: row.publishAt.toISOString(), status: 'pending' }, after: { status: 'cancelled' } });
    const [partner] = await db.select().from(partners).where(eq(partners.id, row.partnerId));
    return contentItem(db, partner!, row.contentName as OpsContentName, row.slug);
  });

  opsRoute(app, 'opsContentPreview', {
    schema: { summary: `Preview: a one-time link (${GRANT_MINUTES} minutes) that opens the partner site showing its drafts, to this window only, for ${PREVIEW_MINUTES} minutes; 409 where the partner has no cmsPreview` },
  }, async (request, reply) => {
    const session = requireStaff(request);
    const partner = await partnerByCode(session.scope, request.params.partner);
    if (!partner.cmsPreview) throw new AppError(409, `${partner.name} does not allow draft preview (cmsPreview is off in its settings).`);
    const grant = newGrant();
    const path = request.body.path ?? '/';
    await db.insert(contentPreviewGrants).values({ id: grant.id, staffId: session.row.id, partnerId: partner.id, path, createdAt: grant.createdAt, expiresAt: grant.expiresAt });
    await audit(db, request, { action: 'content.preview', partnerId: partner.id, target: `preview:${path}` });
    const origin = partnerOrigin(partner, config);
    return reply.status(201).send({ url: grantLink(origin, 'preview', grant), origin, endsAt: new Date(grant.expiresAt.getTime() + PREVIEW_MINUTES * 60_000).toISOString() });
  });
}
