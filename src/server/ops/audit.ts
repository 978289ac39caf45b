import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog, partners } from '../db/schema';
import type { PartnerScope } from '#shared/rules/ops-permissions';
import type { AuditEntry } from '#shared/schemas/ops';

/**
 * The audit log (issue 27 item 9): every staff action, who (and in which role), when, for which
 * partner and member, what, why, and the record before and after. The table is append-only in
 * the database itself (migration 0031: a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export type AuditFact = {
  action: string;
  partnerId?: number | null;
  memberId?: number | null;
  target?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Records one action of the request's staff member (or of nobody yet: a failed sign-in names the e-mail tried). */
export async function audit(db: Db, request: FastifyRequest, fact: AuditFact & { staffEmail?: string }): Promise<void> {
  const who = request.staff?.row;
  await db.insert(auditLog).values({
    staffId: who?.id ?? null, staffEmail: who?.email ?? fact.staffEmail ?? null, role: who?.role ?? null,
    action: fact.action, partnerId: fact.partnerId ?? null, memberId: fact.memberId ?? null, target: fact.target ?? null, reason: fact.reason ?? null,
    before: fact.before ?? null, after: fact.after ?? null, requestId: request.id,
  });
}

/** Newest first, `limit` at a time (before: the last id of the page before); only the staff member's partners' entries unless all. */
export async function searchAudit(db: Db, scope: PartnerScope, q: { q?: string; partnerId?: number; limit: number; before?: number }): Promise<{ entries: AuditEntry[]; more: boolean }> {
  const where: SQL[] = [];
  if (!scope.allPartners) where.push(inArray(auditLog.partnerId, scope.partnerIds.length ? [...scope.partnerIds] : [-1]));
  if (q.partnerId !== undefined) where.push(eq(auditLog.partnerId, q.partnerId));
  if (q.before !== undefined) where.push(lt(auditLog.id, q.before));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text = or(ilike(auditLog.action, like), ilike(auditLog.staffEmail, like), ilike(auditLog.target, like), ilike(auditLog.reason, like),
      ...(/^\d+$/.test(q.q) ? [eq(auditLog.memberId, Number(q.q))] : []));
    if (text) where.push(text);
  }
  const rows = await db.select({ log: auditLog, partnerCode: partners.code }).from(auditLog)
    .leftJoin(partners, eq(partners.id, auditLog.partnerId))
    .where(where.length ? and(...where) : sql`true`)
    .orderBy(desc(auditLog.id)).limit(q.limit + 1);
  return {
    more: rows.length > q.limit,
    entries: rows.slice(0, q.limit).map(({ log, partnerCode }) => ({
      id: log.id, at: log.at.toISOString(), staffEmail: log.staffEmail, role: log.role, action: log.action, partnerCode: partnerCode ?? null,
      memberId: log.memberId, target: log.target, reason: log.reason, before: log.before, after: log.after,
    })),
  };
}
