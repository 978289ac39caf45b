import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Limit } from '../../plugins/rate-limits';
import { STG_RESPONSES_LIMIT, stagingSurveyResponses, submitSurveyResponse } from './surveys.service';
import { API } from '#shared/api';
import { route } from '../../lib/route';

/** Answer sets one address may send: a person answers a survey or two; an office behind one address a few more. */
export const SURVEY_RESPONSES_PER_ADDRESS: Limit = { max: 10, timeWindow: 10 * 60_000 };

/**
 * Survey answers (issue 12; docs/api-surveys.md). Visitors and members answer the partner's own
 * surveys (the `surveys` content); answers are checked against the survey's questions.
 */
export const surveysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, API.surveyResponse, {
    config: { rateLimit: SURVEY_RESPONSES_PER_ADDRESS },
    schema: {
      tags: ['surveys'],
      summary: "Answer one of this site's surveys (§7 embed parameters with the answers)",
      description: `answers maps the survey's question ids to answers: a rating is a whole number 1-5, a single choice one of its options (exact text), free text up to the question's length (trimmed). Required questions must be answered and at least one answer given; unknown question ids are refused. A signed-in member's answers are stored with the member; a visitor's public_id is kept only when it names a member of this partner. 404 for a survey that is not this site's (another partner's included); ${SURVEY_RESPONSES_PER_ADDRESS.max} answer sets per address per ${SURVEY_RESPONSES_PER_ADDRESS.timeWindow / 60_000} minutes.`,
      errors: [403, 404],
    },
  }, async (request, reply) => {
    const session = await request.currentSession();
    const created = await submitSurveyResponse(db, { partner: request.sitePartner, member: session?.member ?? null, surveyId: request.params.surveyId, body: request.body });
    return reply.status(201).send(created);
  });
};

/** Staging tools (not in production; app.ts registers this with the other staging routes). */
export const surveysStgtoolsRoutes: FastifyPluginAsyncZod<{ db: Db; demoPrefix: string }> = async (app, { db, demoPrefix }) => {
  route(app, API.surveyResponses, {
    schema: {
      tags: ['stgtools'],
      summary: `The latest ${STG_RESPONSES_LIMIT} survey answers on this partner site: the demo accounts' (signed in or as a known visitor) and your own`,
      description: 'Anonymous answers are not listed: on a staging site they may be a real person\'s words.',
    },
  }, async (request) => {
    const viewer = (await request.currentSession())?.member ?? null;
    return { responses: await stagingSurveyResponses(db, { partnerId: request.sitePartner.id, demoPrefix, viewer }) };
  });
};
