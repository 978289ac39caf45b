import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ClientErrorRequest } from '#shared/schemas/client-errors';
import type { Db } from '../../db/client';
import { clientErrors } from '../../db/schema';
import { CLIENT_ERRORS_PER_ADDRESS } from '../../plugins/rate-limits';
import { API } from '#shared/api';
import { beaconRoute } from '../../lib/route';
import { keptMessage, maskPersonal } from './error-records';

/** A report is a few hundred bytes of JSON. */
const BODY_LIMIT = 4 * 1024;

/**
 * What of a report is kept: the path without a query or fragment, and no e-mail address or long
 * number (a card, phone or member number an error message might quote).
 */
export function scrubReport(report: ClientErrorRequest): ClientErrorRequest {
  return {
    ...report,
    route: report.route.split(/[?#]/)[0]!,
    name: maskPersonal(report.name),
    message: keptMessage(report.message),
  };
}

/**
 * POST /api/client-errors (issue 25 item 8): an error the browser alone saw, with the reference
 * code the server-error page shows, so support can find it (docs/support.md). Kept in
 * client_errors (source 'browser', with the signed-in member if any) and logged ('client error',
 * with the reference), from anonymous visitors too; the operator console finds it by its code.
 * A state-changing call like any other: anti-forgery token, the API's limit and its own per
 * address, a small body.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  beaconRoute(app, API.clientErrors, {
    bodyLimit: BODY_LIMIT,
    rateLimit: CLIENT_ERRORS_PER_ADDRESS,
    summary: 'Report an error the browser saw, with the reference code shown to the visitor',
    description: `At most ${CLIENT_ERRORS_PER_ADDRESS.max} calls a minute per client address (429 past that). The route is kept without its query; e-mail addresses and long numbers in the name and message are masked.`,
  }, async (request, reply) => {
    const report = scrubReport(request.body);
    request.log.warn({ reference: report.reference, route: report.route, name: report.name, message: report.message, status: report.status }, 'client error');
    const signedIn = await request.currentSession();
    await db.insert(clientErrors).values({
      reference: report.reference,
      source: 'browser',
      partnerId: request.sitePartner.id,
      memberId: signedIn?.member.id ?? null,
      route: report.route,
      name: report.name,
      message: report.message,
      status: report.status ?? null,
      requestId: request.id,
    });
    return reply.status(202).send({ reference: report.reference });
  });
};
