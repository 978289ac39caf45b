import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentPages, type ContentPageRow } from '../../db/schema';

export async function findContent(db: Db, opts: { partnerId: number; contentName: string; includeDrafts: boolean }): Promise<ContentPageRow[]> {
  return db.select().from(contentPages)
    .where(and(
      eq(contentPages.partnerId, opts.partnerId),
      eq(contentPages.contentName, opts.contentName),
      inArray(contentPages.status, opts.includeDrafts ? ['published', 'draft'] : ['published']),
    ))
    .orderBy(asc(contentPages.sortOrder), asc(contentPages.slug), asc(contentPages.id));
}

/** Several content pages of a partner in one query (the page's first-screen data asks for all eleven). */
export async function findContentPages(db: Db, opts: { partnerId: number; contentNames: string[]; includeDrafts: boolean }): Promise<ContentPageRow[]> {
  if (!opts.contentNames.length) return [];
  return db.select().from(contentPages)
    .where(and(
      eq(contentPages.partnerId, opts.partnerId),
      inArray(contentPages.contentName, opts.contentNames),
      inArray(contentPages.status, opts.includeDrafts ? ['published', 'draft'] : ['published']),
    ))
    .orderBy(asc(contentPages.sortOrder), asc(contentPages.slug), asc(contentPages.id));
}
