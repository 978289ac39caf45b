import { and, desc, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, surveyResponses, type SurveyResponseRow } from '../../db/schema';

export type NewSurveyResponse = Omit<typeof surveyResponses.$inferInsert, 'id' | 'createdAt'>;

export async function insertSurveyResponse(db: Db, row: NewSurveyResponse): Promise<SurveyResponseRow> {
  const [inserted] = await db.insert(surveyResponses).values(row).returning();
  return inserted!;
}

/**
 * The newest answers of this partner that the staging tools may show: those of demo accounts
 * (signed in, or a known visitor whose public id is a demo account's) and the viewer's own.
 * Anonymous answers never: on a staging site they may be a real person's words.
 */
export async function visibleSurveyResponses(db: Db, opts: { partnerId: number; demoPrefix: string; viewerMemberId: number | null; limit: number }) {
  const demo = `${opts.demoPrefix}%`;
  const visible = or(
    like(members.publicId, demo),
    and(isNull(surveyResponses.memberId), like(surveyResponses.publicId, demo)),
    opts.viewerMemberId !== null ? eq(surveyResponses.memberId, opts.viewerMemberId) : undefined,
  );
  return db.select({ response: surveyResponses, email: members.email })
    .from(surveyResponses).leftJoin(members, eq(members.id, surveyResponses.memberId))
    .where(and(eq(surveyResponses.partnerId, opts.partnerId), visible))
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(opts.limit);
}
