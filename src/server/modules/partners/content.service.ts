import type { CmsItem, CmsResponse } from '#shared/schemas/cms';
import type { Db } from '../../db/client';
import type { ContentPageRow } from '../../db/schema';
import { findContent, findContentPages } from './content.repo';

/** The stored name of a content page: the API's '*' is the default page. */
const storedName = (contentName: string) => (contentName === '*' ? 'default' : contentName);

type PageOpts = { preview: boolean; page: number; pageSize: number };

/** Rows of one content page (in sort order) as the API's answer. */
function toAnswer(contentName: string, rows: ContentPageRow[], opts: PageOpts): CmsResponse {
  const bySlug = new Map<string, CmsItem>();
  for (const row of rows) {
    if (bySlug.has(row.slug) && row.status !== 'draft') continue;
    bySlug.set(row.slug, { id: row.id, slug: row.slug, status: row.status, updatedAt: row.updatedAt.toISOString(), fields: row.fields });
  }
  const all = [...bySlug.values()];
  const { page, pageSize } = opts;
  return {
    data: all.slice((page - 1) * pageSize, page * pageSize),
    meta: { contentName, preview: opts.preview, pagination: { page, pageSize, pageCount: Math.ceil(all.length / pageSize), total: all.length } },
  };
}

/**
 * One content page of a partner as GET {cmsRoute}/pages/{contentName}/ answers it (§3): published
 * items, or with `preview` drafts too (a draft replaces the published item of the same slug),
 * one page of `pageSize` items. The API route and the page's inlined first-screen data share it.
 */
export async function contentPageAnswer(db: Db, opts: PageOpts & { partnerId: number; contentName: string }): Promise<CmsResponse> {
  const rows = await findContent(db, { partnerId: opts.partnerId, contentName: storedName(opts.contentName), includeDrafts: opts.preview });
  return toAnswer(opts.contentName, rows, opts);
}

/** Several content pages at once (one query), each exactly as contentPageAnswer answers it. */
export async function contentPagesAnswer<N extends string>(db: Db, opts: PageOpts & { partnerId: number; contentNames: readonly N[] }): Promise<Record<N, CmsResponse>> {
  const rows = await findContentPages(db, { partnerId: opts.partnerId, contentNames: [...new Set(opts.contentNames.map(storedName))], includeDrafts: opts.preview });
  const out = {} as Record<N, CmsResponse>;
  for (const name of opts.contentNames) {
    const stored = storedName(name);
    out[name] = toAnswer(name, rows.filter((r) => r.contentName === stored), opts);
  }
  return out;
}
