import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, lte, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, contentPages, contentSchedules, contentVersions, staff, type ContentPageRow, type PartnerRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { ScheduledJob } from '../lib/scheduled-job';
import {
  CONTENT_FIELD_SCHEMAS, OPS_CONTENT_NAMES, type OpsContentItem, type OpsContentList, type OpsContentName, type OpsContentVersion,
} from '#shared/schemas/ops-content';

/**
 * Content versions (issue 27 item 5, docs/features/console.md#content). An item is one slug of one
 * of a partner's eleven content pages. Its draft is the content_pages row with status 'draft' (the
 * partner site shows it only to a staff preview session); its published content is the row with
 * status 'published', and every publish adds a content_versions row with the fields it published,
 * so any earlier version can be published again (a rollback is a new version, nothing is rewritten).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ItemKey = { partnerId: number; contentName: OpsContentName; slug: string };
type Actor = { staffId: number | null };

const NO_DRAFT = 'This item has no draft to publish: save a draft first.';

const keyWhere = (k: ItemKey) => and(eq(contentPages.partnerId, k.partnerId), eq(contentPages.contentName, k.contentName), eq(contentPages.slug, k.slug));

/** The fields checked against the page's own schema: a 400 naming each wrong field (as `fields.<path>`). */
export function checkFields(contentName: OpsContentName, fields: Record<string, unknown>): Record<string, unknown> {
  const parsed = CONTENT_FIELD_SCHEMAS[contentName].safeParse(fields);
  if (parsed.success) return parsed.data;
  throw AppError.fromIssues(parsed.error.issues.slice(0, 20).map((i) => ({ path: ['fields', ...i.path], message: i.message })));
}

async function rowsOf(db: Db | Tx, k: ItemKey): Promise<{ published: ContentPageRow | null; draft: ContentPageRow | null }> {
  const rows = await db.select().from(contentPages).where(keyWhere(k));
  return { published: rows.find((r) => r.status === 'published') ?? null, draft: rows.find((r) => r.status === 'draft') ?? null };
}

const fieldsAt = (row: ContentPageRow | null) => (row ? { fields: row.fields, sortOrder: row.sortOrder, updatedAt: row.updatedAt.toISOString() } : null);

/** One item as the console shows it: published, draft, every version (newest first) and its schedules. */
export async function contentItem(db: Db, partner: PartnerRow, contentName: OpsContentName, slug: string): Promise<OpsContentItem> {
  const k = { partnerId: partner.id, contentName, slug };
  const { published, draft } = await rowsOf(db, k);
  const versions = await db.select({ v: contentVersions, email: staff.email }).from(contentVersions).leftJoin(staff, eq(staff.id, contentVersions.staffId))
    .where(and(eq(contentVersions.partnerId, k.partnerId), eq(contentVersions.contentName, contentName), eq(contentVersions.slug, slug)))
    .orderBy(desc(contentVersions.version));
  const schedules = await db.select({ s: contentSchedules, email: staff.email }).from(contentSchedules).leftJoin(staff, eq(staff.id, contentSchedules.staffId))
    .where(and(eq(contentSchedules.partnerId, k.partnerId), eq(contentSchedules.contentName, contentName), eq(contentSchedules.slug, slug)))
    .orderBy(desc(contentSchedules.id)).limit(20);
  return {
    partner: { code: partner.code, name: partner.name, cmsPreview: partner.cmsPreview },
    contentName, slug,
    published: fieldsAt(published),
    draft: fieldsAt(draft),
    versions: versions.map(({ v, email }) => ({
      version: v.version, kind: v.kind as OpsContentVersion['kind'], rolledBackFrom: v.rolledBackFrom, fields: v.fields, publishedAt: v.publishedAt.toISOString(), staffEmail: email,
    })),
    schedules: schedules.map(({ s, email }) => ({
      id: s.id, publishAt: s.publishAt.toISOString(), status: s.status as 'pending' | 'published' | 'cancelled', version: s.version, staffEmail: email, createdAt: s.createdAt.toISOString(),
    })),
  };
}

/** Every item of a partner's eleven pages: published or not, with a draft or not, its newest version and next scheduled publish. */
export async function contentList(db: Db, partner: PartnerRow): Promise<OpsContentList> {
  const rows = await db.select({ contentName: contentPages.contentName, slug: contentPages.slug, status: contentPages.status }).from(contentPages)
    .where(eq(contentPages.partnerId, partner.id)).orderBy(asc(contentPages.contentName), asc(contentPages.sortOrder), asc(contentPages.slug));
  const versions = await db.select({ contentName: contentVersions.contentName, slug: contentVersions.slug, version: max(contentVersions.version) }).from(contentVersions)
    .where(eq(contentVersions.partnerId, partner.id)).groupBy(contentVersions.contentName, contentVersions.slug);
  const pending = await db.select().from(contentSchedules).where(and(eq(contentSchedules.partnerId, partner.id), eq(contentSchedules.status, 'pending'))).orderBy(asc(contentSchedules.publishAt));
  const items = new Map<string, OpsContentList['items'][number]>();
  for (const r of rows) {
    if (!(OPS_CONTENT_NAMES as readonly string[]).includes(r.contentName)) continue;
    const key = `${r.contentName}\n${r.slug}`;
    const item = items.get(key) ?? { contentName: r.contentName as OpsContentName, slug: r.slug, published: false, draft: false, version: null, scheduledAt: null };
    if (r.status === 'published') item.published = true;
    else item.draft = true;
    items.set(key, item);
  }
  for (const v of versions) {
    const item = items.get(`${v.contentName}\n${v.slug}`);
    if (item) item.version = v.version;
  }
  for (const s of pending) {
    const item = items.get(`${s.contentName}\n${s.slug}`);
    if (item && !item.scheduledAt) item.scheduledAt = s.publishAt.toISOString();
  }
  const order = (n: string) => OPS_CONTENT_NAMES.indexOf(n as OpsContentName);
  return {
    partner: { code: partner.code, name: partner.name, cmsPreview: partner.cmsPreview },
    items: [...items.values()].sort((a, b) => order(a.contentName) - order(b.contentName)),
  };
}

/** Saves the item's draft (a new item when the slug is new); before and after for the audit log. */
export async function saveDraft(db: Db, k: ItemKey, input: { fields: Record<string, unknown>; sortOrder?: number }): Promise<{ before: unknown; after: unknown }> {
  const fields = checkFields(k.contentName, input.fields);
  return db.transaction(async (tx) => {
    const { published, draft } = await rowsOf(tx, k);
    const sortOrder = input.sortOrder ?? draft?.sortOrder ?? published?.sortOrder ?? 0;
    const now = new Date();
    if (draft) await tx.update(contentPages).set({ fields, sortOrder, updatedAt: now }).where(eq(contentPages.id, draft.id));
    else await tx.insert(contentPages).values({ ...k, status: 'draft', fields, sortOrder, updatedAt: now });
    return { before: draft ? { fields: draft.fields, sortOrder: draft.sortOrder } : null, after: { fields, sortOrder } };
  });
}

/** Removes the item's draft (the published content stays); what it held, for the audit log. */
export async function discardDraft(db: Db, k: ItemKey): Promise<unknown> {
  const [gone] = await db.delete(contentPages).where(and(keyWhere(k), eq(contentPages.status, 'draft'))).returning();
  if (!gone) throw AppError.notFound('This item has no draft.');
  return { fields: gone.fields, sortOrder: gone.sortOrder };
}

/**
 * Publishes fields as the item's next version, in one transaction: the published row takes them;
 * the content published until now is kept as a version (version 1, 'initial', when it had none).
 */
async function publishFields(tx: Tx, k: ItemKey, v: { fields: Record<string, unknown>; sortOrder: number; kind: OpsContentVersion['kind']; rolledBackFrom?: number } & Actor, now: Date) {
  // One publisher of an item at a time: the published row (or, for a new item, the draft) is locked.
  const locked = await tx.select().from(contentPages).where(keyWhere(k)).for('update');
  const published = locked.find((r) => r.status === 'published') ?? null;
  const [{ last } = { last: null }] = await tx.select({ last: max(contentVersions.version) }).from(contentVersions)
    .where(and(eq(contentVersions.partnerId, k.partnerId), eq(contentVersions.contentName, k.contentName), eq(contentVersions.slug, k.slug)));
  let next = (last ?? 0) + 1;
  if (last === null && published) {
    await tx.insert(contentVersions).values({ ...k, version: 1, fields: published.fields, sortOrder: published.sortOrder, kind: 'initial', staffId: null, publishedAt: published.updatedAt });
    next = 2;
  }
  await tx.insert(contentVersions).values({ ...k, version: next, fields: v.fields, sortOrder: v.sortOrder, kind: v.kind, rolledBackFrom: v.rolledBackFrom ?? null, staffId: v.staffId, publishedAt: now });
  if (published) await tx.update(contentPages).set({ fields: v.fields, sortOrder: v.sortOrder, updatedAt: now }).where(eq(contentPages.id, published.id));
  else await tx.insert(contentPages).values({ ...k, status: 'published', fields: v.fields, sortOrder: v.sortOrder, updatedAt: now });
  return { version: next, before: published ? { fields: published.fields, sortOrder: published.sortOrder } : null };
}

/** The draft published as a new version (the draft is then gone: the published content is it). */
export async function publishDraft(db: Db, k: ItemKey, actor: Actor) {
  return db.transaction(async (tx) => {
    const { draft } = await rowsOf(tx, k);
    if (!draft) throw new AppError(409, NO_DRAFT);
    const fields = checkFields(k.contentName, draft.fields);
    const done = await publishFields(tx, k, { fields, sortOrder: draft.sortOrder, kind: 'publish', ...actor }, new Date());
    await tx.delete(contentPages).where(eq(contentPages.id, draft.id));
    return { ...done, after: { version: done.version, fields, sortOrder: draft.sortOrder } };
  });
}

/** An earlier version published again, as a new version (the draft, if any, is left as it is). */
export async function rollBack(db: Db, k: ItemKey, version: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(contentVersions)
      .where(and(eq(contentVersions.partnerId, k.partnerId), eq(contentVersions.contentName, k.contentName), eq(contentVersions.slug, k.slug), eq(contentVersions.version, version)));
    if (!old) throw AppError.notFound(`This item has no version ${version}.`);
    const done = await publishFields(tx, k, { fields: old.fields, sortOrder: old.sortOrder, kind: 'rollback', rolledBackFrom: version, ...actor }, new Date());
    return { ...done, after: { version: done.version, rolledBackFrom: version, fields: old.fields, sortOrder: old.sortOrder } };
  });
}

/** The draft as it is now, set to be published at `publishAt` (in the future, within a year) by the content-publish job. */
export async function schedulePublish(db: Db, k: ItemKey, publishAt: Date, actor: Actor, now = new Date()) {
  if (publishAt.getTime() <= now.getTime()) throw AppError.badRequest('Choose a time in the future.', [{ field: 'publishAt', message: 'Choose a time in the future.' }]);
  if (publishAt.getTime() > now.getTime() + 366 * 86_400_000) throw AppError.badRequest('Choose a time within a year.', [{ field: 'publishAt', message: 'Choose a time within a year.' }]);
  const { draft } = await rowsOf(db, k);
  if (!draft) throw new AppError(409, 'This item has no draft to schedule: save a draft first.');
  const fields = checkFields(k.contentName, draft.fields);
  const [row] = await db.insert(contentSchedules).values({ ...k, fields, sortOrder: draft.sortOrder, publishAt, status: 'pending', staffId: actor.staffId, createdAt: now }).returning();
  return row!;
}

/** Cancels a pending scheduled publish of one of the given partners; the row as it was. */
export async function cancelSchedule(db: Db, scheduleId: number, partnerIds: readonly number[] | 'all') {
  const [row] = await db.select().from(contentSchedules).where(eq(contentSchedules.id, scheduleId));
  if (!row || (partnerIds !== 'all' && !partnerIds.includes(row.partnerId))) throw AppError.notFound('There is no such scheduled publish among your partners.');
  if (row.status !== 'pending') throw new AppError(409, `This publish is ${row.status} already.`);
  const [done] = await db.update(contentSchedules).set({ status: 'cancelled', doneAt: new Date() })
    .where(and(eq(contentSchedules.id, scheduleId), eq(contentSchedules.status, 'pending'))).returning();
  if (!done) throw new AppError(409, 'This publish was published or cancelled meanwhile.');
  return row;
}

/**
 * Publishes every pending schedule that is due, oldest first, each as a new version. The draft
 * goes only when it still holds what was scheduled (an edit made since stays a draft).
 */
export async function publishDueContent(db: Db, now: Date): Promise<Array<{ scheduleId: number; partnerId: number; contentName: string; slug: string; version: number; before: unknown; fields: unknown; staffId: number | null }>> {
  const due = await db.select().from(contentSchedules).where(and(eq(contentSchedules.status, 'pending'), lte(contentSchedules.publishAt, now))).orderBy(asc(contentSchedules.publishAt), asc(contentSchedules.id));
  const out = [];
  for (const s of due) {
    const k: ItemKey = { partnerId: s.partnerId, contentName: s.contentName as OpsContentName, slug: s.slug };
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx.update(contentSchedules).set({ status: 'published', doneAt: now })
        .where(and(eq(contentSchedules.id, s.id), eq(contentSchedules.status, 'pending'))).returning();
      if (!claimed) return null;
      const result = await publishFields(tx, k, { fields: s.fields, sortOrder: s.sortOrder, kind: 'scheduled', staffId: s.staffId }, now);
      await tx.update(contentSchedules).set({ version: result.version }).where(eq(contentSchedules.id, s.id));
      const { draft } = await rowsOf(tx, k);
      if (draft && isDeepStrictEqual(draft.fields, s.fields)) await tx.delete(contentPages).where(eq(contentPages.id, draft.id));
      return result;
    });
    if (done) out.push({ scheduleId: s.id, partnerId: s.partnerId, contentName: s.contentName, slug: s.slug, version: done.version, before: done.before, fields: s.fields, staffId: s.staffId });
  }
  return out;
}

/**
 * `content-publish`, every minute: scheduled publishes that are due. Each is audited as the job's
 * (no staff member acts; the reason names who scheduled it).
 */
export function contentJobs(): ScheduledJob[] {
  return [{
    name: 'content-publish',
    everyMs: 60_000,
    run: async ({ db, now }) => {
      const done = await publishDueContent(db, now);
      for (const d of done) {
        await db.insert(auditLog).values({
          staffId: null, staffEmail: null, role: null, action: 'content.publish.scheduled', partnerId: d.partnerId, target: contentTarget(d),
          reason: `Scheduled publish #${d.scheduleId}${d.staffId ? ` (scheduled by staff #${d.staffId})` : ''}`,
          before: d.before, after: { version: d.version, fields: d.fields }, requestId: null,
        });
      }
      return `${done.length} scheduled content publishes`;
    },
  }];
}

/** How an item is named in the audit log: content:<page>/<slug>. */
export const contentTarget = (k: { contentName: string; slug: string }) => `content:${k.contentName}/${k.slug}`;
