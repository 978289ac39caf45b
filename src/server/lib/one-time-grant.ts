import { randomBytes } from 'node:crypto';
import { hashToken } from './token-hash';

/**
 * A one-time grant: how the operator console hands a window it opens on a partner site something
 * only that window may use (View as member, a content preview). The secret travels in the link's
 * fragment (never sent to a server, never in a log), only its SHA-256 is stored, and the partner
 * site accepts it once, within GRANT_MINUTES of its making.
 */
export const GRANT_MINUTES = 2;

export type OneTimeGrant = {
  /** The secret, for the link's fragment only. */
  token: string;
  /** Its hash: the stored row's id. */
  id: string;
  createdAt: Date;
  expiresAt: Date;
};

export function newGrant(now: Date = new Date()): OneTimeGrant {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + GRANT_MINUTES * 60_000) };
}

/** The link that opens the grant on a partner site's page (`/emulate`, `/preview`). */
export const grantLink = (origin: string, page: 'emulate' | 'preview', grant: Pick<OneTimeGrant, 'token'>) => `${origin}/${page}#${grant.token}`;
