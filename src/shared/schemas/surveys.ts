import { z } from 'zod';
import { isSurveyId, SURVEY_FREE_TEXT_MAX, SURVEY_MAX_QUESTIONS } from '../rules/surveys';
import { noControl, noControlButLines } from '../rules/text';

/**
 * Survey answers (issue 12; docs/api-surveys.md): POST /api/surveys/{surveyId}/responses and the
 * staging tools' list. The body's shape is checked here; the answers against the survey's own
 * questions by the server (checkSurveyAnswers of rules/surveys.ts, in a superRefine).
 */

export const ZSurveyParams = z.object({
  surveyId: z.string().refine(isSurveyId, 'surveyId is a survey id: letters, digits, - and _, up to 100 characters.'),
});

const zUtm = (name: string, max: number) => z.string({ message: `${name} must be text.` }).trim()
  .max(max, `${name} must be ${max} characters or fewer.`)
  .refine(noControl, `${name} must not contain control characters.`)
  .optional();

export const ZSurveyAnswer = z.union([
  z.number({ message: 'An answer is a number (a rating) or text.' }),
  z.string({ message: 'An answer is a number (a rating) or text.' })
    .max(SURVEY_FREE_TEXT_MAX * 2, `An answer must be ${SURVEY_FREE_TEXT_MAX.toLocaleString('en-US')} characters or fewer.`)
    .refine(noControlButLines, 'An answer must not contain control characters.'),
], { message: 'An answer is a number (a rating) or text.' });

/** The §7 embed parameters travel with the answers. */
export const ZSurveyResponseRequest = z.object({
  answers: z.record(z.string().max(40, 'A question id is 40 characters or fewer.'), ZSurveyAnswer, { message: 'answers is an object of question id to answer.' })
    .refine((a) => Object.keys(a).length <= SURVEY_MAX_QUESTIONS, `Answer ${SURVEY_MAX_QUESTIONS} questions or fewer.`),
  utm_campaign: zUtm('utm_campaign', 100),
  utm_medium: zUtm('utm_medium', 40),
  utm_source: zUtm('utm_source', 300),
  public_id: zUtm('public_id', 64),
  partner_code: zUtm('partner_code', 40),
});
export type SurveyResponseRequest = z.input<typeof ZSurveyResponseRequest>;

export const ZSurveyResponseCreated = z.object({
  id: z.number(),
  surveyId: z.string(),
  createdAt: z.string(),
});
export type SurveyResponseCreated = z.infer<typeof ZSurveyResponseCreated>;

/** Staging tools: a stored answer set, with the survey's question labels. */
export const ZStgSurveyResponse = z.object({
  id: z.number(),
  surveyId: z.string(),
  surveyTitle: z.string().nullable().describe('The survey\'s title in the content today; null when the survey is no longer in the content.'),
  who: z.string().describe('The demo member\'s e-mail, or "you" for your own answers.'),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.union([z.string(), z.number()]) })),
  utmSource: z.string().nullable(),
  createdAt: z.string(),
});
export type StgSurveyResponse = z.infer<typeof ZStgSurveyResponse>;
export const ZStgSurveyResponsesResponse = z.object({ responses: z.array(ZStgSurveyResponse) });
export type StgSurveyResponsesResponse = z.infer<typeof ZStgSurveyResponsesResponse>;
