import type { z } from 'zod';
import { checkSurveyAnswers, readSurveys, type Survey } from '#shared/rules/surveys';
import { ZSurveyResponseRequest, type StgSurveyResponse, type SurveyResponseCreated } from '#shared/schemas/surveys';
import type { Db } from '../../db/client';
import type { MemberRow, PartnerRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findMemberByPublicId } from '../members';
import { findContent } from '../partners';
import { insertSurveyResponse, visibleSurveyResponses } from './surveys.repo';

export const SURVEY_NOT_FOUND = 'There is no survey with this id on this site. It may have ended.';
export const OTHER_PARTNER_CODE = 'partner_code names another site: answer the survey on the site that showed it.';
export const STG_RESPONSES_LIMIT = 50;

/** The partner's published surveys, as the prompt and /surveys read them. */
export async function partnerSurveys(db: Db, partnerId: number): Promise<Survey[]> {
  const rows = await findContent(db, { partnerId, contentName: 'surveys', includeDrafts: false });
  return readSurveys(rows.map((r) => ({ slug: r.slug, fields: r.fields })));
}

/**
 * The body checked against this survey's questions: the shared schema for its shape, then
 * checkSurveyAnswers (the rule the form uses) as zod issues under answers.<questionId>.
 */
function requestFor(survey: Survey) {
  return ZSurveyResponseRequest.superRefine((body, ctx) => {
    const { errors } = checkSurveyAnswers(survey.questions, body.answers);
    for (const [questionId, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: questionId ? ['answers', questionId] : ['answers'], message });
  });
}

/**
 * Stores one answer set. The survey must be one of this partner's (another partner's id is
 * unknown here: 404). A signed-in member's answers carry the member and their public id; a
 * visitor's carry the embed's public id only when it names a member of this partner (a known
 * visitor), never anyone else's.
 */
export async function submitSurveyResponse(db: Db, opts: { partner: PartnerRow; member: MemberRow | null; surveyId: string; body: z.input<typeof ZSurveyResponseRequest> }): Promise<SurveyResponseCreated> {
  const { partner, member, surveyId } = opts;
  const survey = (await partnerSurveys(db, partner.id)).find((s) => s.id === surveyId);
  if (!survey) throw AppError.notFound(SURVEY_NOT_FOUND);
  if (opts.body.partner_code !== undefined && opts.body.partner_code.trim() !== '' && opts.body.partner_code.trim() !== partner.code) {
    throw AppError.badRequest(OTHER_PARTNER_CODE, [{ field: 'partner_code', message: OTHER_PARTNER_CODE }]);
  }
  const parsed = requestFor(survey).safeParse(opts.body);
  if (!parsed.success) throw AppError.fromIssues(parsed.error.issues);
  const body = parsed.data;
  const { answers } = checkSurveyAnswers(survey.questions, body.answers);
  let publicId: string | null = member?.publicId ?? null;
  if (!member && body.public_id) publicId = (await findMemberByPublicId(db, partner.id, body.public_id)) ? body.public_id : null;
  const row = await insertSurveyResponse(db, {
    partnerId: partner.id, surveyId: survey.id, memberId: member?.id ?? null, publicId, answers,
    utmCampaign: body.utm_campaign || null, utmMedium: body.utm_medium || null, utmSource: body.utm_source || null,
  });
  return { id: row.id, surveyId: row.surveyId, createdAt: row.createdAt.toISOString() };
}

const order = (survey: Survey | undefined, questionId: string) => {
  const i = survey ? survey.questions.findIndex((q) => q.id === questionId) : -1;
  return i === -1 ? Number.MAX_SAFE_INTEGER : i;
};

/** Staging tools: the newest answers of demo accounts and the viewer's own, with the questions' labels. */
export async function stagingSurveyResponses(db: Db, opts: { partnerId: number; demoPrefix: string; viewer: MemberRow | null }): Promise<StgSurveyResponse[]> {
  const [surveys, rows] = await Promise.all([
    partnerSurveys(db, opts.partnerId),
    visibleSurveyResponses(db, { partnerId: opts.partnerId, demoPrefix: opts.demoPrefix, viewerMemberId: opts.viewer?.id ?? null, limit: STG_RESPONSES_LIMIT }),
  ]);
  return rows.map(({ response: r, email }) => {
    const survey = surveys.find((s) => s.id === r.surveyId);
    const own = opts.viewer !== null && r.memberId === opts.viewer.id;
    return {
      id: r.id,
      surveyId: r.surveyId,
      surveyTitle: survey?.title ?? null,
      who: email ? (own ? `${email} (you)` : email) : `visitor ${r.publicId ?? ''}`.trim(),
      // In the survey's question order (jsonb keeps its own key order).
      answers: Object.entries(r.answers)
        .map(([questionId, answer]) => ({ questionId, question: survey?.questions.find((q) => q.id === questionId)?.label ?? questionId, answer }))
        .sort((a, b) => order(survey, a.questionId) - order(survey, b.questionId)),
      utmSource: r.utmSource,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
