import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentPreviewGrants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../plugins/session';

/**
 * Draft preview (§6 cmsPreview, issue 27 item 5, docs/features/console.md#content): drafts are
 * shown on a partner site only to a preview session that the operator console started, never to
 * the public with ?preview=1 alone. As for "View as member", the console makes a one-time grant
 * (GRANT_MINUTES, lib/one-time-grant.ts) whose secret travels in the address's fragment (/preview#<grant>); the site's
 * /preview page trades it once for this cookie, which shows the partner's drafts for
 * PREVIEW_MINUTES wherever ?preview=1 asks for them.
 */
export const PREVIEW_COOKIE = 'rn_cms_preview';
export const PREVIEW_MINUTES = 30;
const GRANT_INVALID = 'This preview link has expired or was used already. Choose Preview again in the console.';

/** Whether the request carries a live preview session of this partner. */
export async function hasPreviewSession(db: Db, request: FastifyRequest, partnerId: number, now = new Date()): Promise<boolean> {
  const token = request.cookies[PREVIEW_COOKIE];
  if (!token || token.length > 100) return false;
  const [row] = await db.select({ id: contentPreviewGrants.id }).from(contentPreviewGrants)
    .where(and(eq(contentPreviewGrants.sessionHash, hashToken(token)), eq(contentPreviewGrants.partnerId, partnerId), gt(contentPreviewGrants.endsAt, now)));
  return Boolean(row);
}

/** Drafts for this request: asked for (?preview=1), allowed by the partner (cmsPreview), and a staff preview session. */
export async function draftsShown(db: Db, request: FastifyRequest, partner: { id: number; cmsPreview: boolean }, asked: boolean): Promise<boolean> {
  return asked && partner.cmsPreview && hasPreviewSession(db, request, partner.id);
}

/** Trades a one-time grant of this partner for a preview session (the cookie); where the window goes next. */
export async function startPreviewSession(db: Db, request: FastifyRequest, reply: FastifyReply, partner: { id: number; cmsPreview: boolean }, grantToken: string, secure: boolean) {
  const now = new Date();
  const sessionToken = randomBytes(32).toString('base64url');
  const endsAt = new Date(now.getTime() + PREVIEW_MINUTES * 60_000);
  const [grant] = partner.cmsPreview
    ? await db.update(contentPreviewGrants).set({ usedAt: now, sessionHash: hashToken(sessionToken), endsAt })
      .where(and(eq(contentPreviewGrants.id, hashToken(grantToken)), eq(contentPreviewGrants.partnerId, partner.id), isNull(contentPreviewGrants.usedAt), gt(contentPreviewGrants.expiresAt, now)))
      .returning()
    : [];
  if (!grant) throw AppError.badRequest(GRANT_INVALID, [{ field: 'token', message: GRANT_INVALID }]);
  reply.setCookie(PREVIEW_COOKIE, sessionToken, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: endsAt });
  return { path: grant.path, endsAt: endsAt.toISOString() };
}
