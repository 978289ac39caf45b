import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localNow } from '#shared/rules/local-now';
import { type MerchantVisits } from '#shared/schemas/merchant';
import type { Db } from '../../db/client';
import { dines, merchants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { merchantTimeZone } from '#shared/rules/rewards/local-time';
import { API } from '#shared/api';
import { route } from '../../lib/route';

export const VISITS_MERCHANT_NOT_FOUND = 'We could not find that restaurant. It may have left the program.';

/**
 * The member's rewarded visits at a restaurant this month against its monthly visit limit (issue
 * 11 §2 merchant detail; docs/api-favorites.md "Visits this month"). Counted as the engine counts
 * them for the limit: the member's qualified dines there in the restaurant's current local month.
 */
export async function memberVisits(db: Db, memberId: number, merchantId: number, now = new Date()): Promise<MerchantVisits> {
  const [merchant] = await db.select({ state: merchants.state, limit: merchants.monthlyVisitLimit }).from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw AppError.notFound(VISITS_MERCHANT_NOT_FOUND);
  const month = localNow(now, merchantTimeZone(merchant.state)).date.slice(0, 7);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dines).where(and(
    eq(dines.memberId, memberId), eq(dines.merchantId, merchantId), eq(dines.qualified, true), sql`substr(${dines.localDate}, 1, 7) = ${month}`,
  ));
  return { merchantId, month, used: row?.n ?? 0, limit: merchant.limit };
}

/** Own member only: the session names the member (visitors and another partner's session get 401, before the input is read). */
export const merchantVisitsRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  route(app, API.merchantVisits, {
    schema: {
      tags: ['merchants'],
      summary: "The member's rewarded visits at a restaurant this month, against its monthly visit limit",
      description: "used counts the member's qualified dines at the restaurant in its current local month (what its monthly visit limit counts); limit is null where the restaurant has none. 404 for an unknown restaurant; 401 for a visitor.",
      errors: [401, 404],
    },
    preValidation: async (request) => { await app.sessions.require(request); },
  }, async (request, reply) => {
    const { member } = await app.sessions.require(request);
    reply.header('cache-control', 'no-store');
    return memberVisits(db, member.id, request.params.merchantId, now());
  });
};
