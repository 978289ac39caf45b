import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { creditBalance, creditRecordsPage, dineSummary, requireStatementCredits, transactionsPage } from './rewards.service';
import { API } from '#shared/api';
import { routesOf } from '../../lib/route';

/**
 * The signed-in member's rewards (§7, docs/api-rewards.md). Own member only: the session names
 * the member, and a session exists only on its partner's host, so visitors and other partners'
 * hosts get 401. Statement-credit calls are offered by cash-back partners only (404 elsewhere).
 */
/** Every call here only reads: on a replica that has replayed the member's own last change (plugins/reads.ts). */
export const rewardsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app) => {
  const route = routesOf(app, { tags: ['rewards'] });
  const who = async (request: Parameters<typeof app.sessions.require>[0]) => {
    const { member } = await app.sessions.require(request);
    return { partner: request.sitePartner, member };
  };

  route(API.dineSummary, {
    schema: {
      summary: "This calendar year's rewards (in the partner's unit; dollars for cash-back partners) and qualified dines",
      errors: [401],
    },
  }, async (request) => {
    const owner = await who(request);
    return request.read((reader) => dineSummary(reader, owner));
  });

  route(API.transactions, {
    schema: {
      summary: 'Reviews & History: the member\'s dines, adjustments and bonuses, newest first (10 a page from page 1 by default)',
      errors: [401],
    },
  }, async (request) => {
    const owner = await who(request);
    return request.read((reader) => transactionsPage(reader, owner, request.query));
  });

  route(API.creditBalance, {
    schema: {
      summary: 'Cash-back partners: rewards not yet paid out, and the payout breakpoint, in dollars (404 on other partners)',
      errors: [401, 404],
    },
  }, async (request) => {
    requireStatementCredits(request.sitePartner);
    const owner = await who(request);
    return request.read((reader) => creditBalance(reader, owner));
  });

  route(API.creditRecords, {
    schema: {
      summary: 'Cash-back partners: the member\'s statement credits (credit records), newest first (404 on other partners)',
      errors: [401, 404],
    },
  }, async (request) => {
    requireStatementCredits(request.sitePartner);
    const owner = await who(request);
    return request.read((reader) => creditRecordsPage(reader, owner, request.query));
  });
};
