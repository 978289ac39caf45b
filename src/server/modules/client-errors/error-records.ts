import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { clientErrors, partners, type PartnerRow } from '../../db/schema';
import { CLIENT_ERROR_LIMITS } from '#shared/constants/client-errors';
import { inScope, type PartnerScope } from '#shared/rules/ops-permissions';

/** No e-mail address or long number (a card, phone or member number an error message might quote). */
export function maskPersonal(text: string): string {
  return text
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g, '[email]')
    .replace(/\d[\d -]{4,}\d/g, '[number]');
}

/** The first line of a message, masked, within the report's limit. */
export const keptMessage = (message: string) => maskPersonal(String(message ?? '').split('\n')[0]!).slice(0, CLIENT_ERROR_LIMITS.message);

/** The signed-in member of a partner site's request, if one is known; never a reason to fail. */
async function memberOf(request: FastifyRequest): Promise<number | null> {
  if (typeof request.currentSession !== 'function') return null;
  try {
    return (await request.currentSession())?.member.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Keeps a server error whose answer gave the visitor a reference code (issue 27 item 8), so the
 * operator console finds it by that code: the request's id, its method and route pattern (never
 * the address with its query), the status, the error's name and first message line masked (the
 * errors plugin has already cut a database error's parameters), the partner and the signed-in
 * member where known. Never the body, a cookie or a header. A failure to keep it is logged, never
 * thrown: the visitor's answer does not depend on it.
 */
export async function recordServerError(db: Db, request: FastifyRequest, error: { status: number; name: string; message: string }): Promise<void> {
  try {
    // The console's app has no partner (its errors are of no partner); a partner site's request has its own.
    const partnerId = request.partner?.id ?? null;
    await db.insert(clientErrors).values({
      reference: request.id,
      source: 'server',
      partnerId,
      memberId: partnerId === null ? null : await memberOf(request),
      route: (request.routeOptions.url ?? request.url.split('?')[0]!).slice(0, CLIENT_ERROR_LIMITS.route),
      method: request.method,
      name: maskPersonal(error.name || 'Error').slice(0, CLIENT_ERROR_LIMITS.name),
      message: keptMessage(error.message),
      status: error.status,
      requestId: request.id,
    });
  } catch (err) {
    request.log.warn({ message: err instanceof Error ? err.message.split(/\nparams:|params:/)[0] : String(err) }, 'server error not kept');
  }
}

export type ErrorRecord = typeof clientErrors.$inferSelect & { partner: Pick<PartnerRow, 'id' | 'code' | 'name'> | null };

/**
 * The error with this reference code among the staff member's partners, newest first; one of
 * another partner (or of no partner, for a staff member with a partner list) is not found.
 */
export async function findErrorByReference(db: Db, reference: string, scope: PartnerScope): Promise<ErrorRecord | null> {
  const rows = await db.select({ error: clientErrors, partner: { id: partners.id, code: partners.code, name: partners.name } })
    .from(clientErrors).leftJoin(partners, eq(partners.id, clientErrors.partnerId))
    .where(eq(clientErrors.reference, reference)).orderBy(desc(clientErrors.id)).limit(20);
  const found = rows.find((r) => (r.error.partnerId === null ? scope.allPartners : inScope(scope, r.error.partnerId)));
  return found ? { ...found.error, partner: found.partner } : null;
}
