import { sameOriginPath } from '#shared/rules/safe-redirect';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The sign-in attempt in flight, kept in the browser between /auth/sso/start and the callback. */
export type SsoState = {
  /** OAuth state, echoed by the provider. */
  state: string;
  /** OpenID nonce, echoed inside the ID token. */
  nonce: string;
  /** PKCE code verifier; only its S256 challenge ever left this server. */
  verifier: string;
  /** The redirect_uri sent with the authorisation request (the token request must repeat it). */
  redirectUri: string;
  /** Where to send the member afterwards: a same-site path. */
  returnTo: string;
  /** The partner the attempt belongs to: a cookie from one partner's site is useless on another. */
  partner: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
};

export const SSO_STATE_COOKIE = 'rn_sso';
export const SSO_STATE_TTL_MS = 10 * 60_000;
export const DEFAULT_RETURN_TO = '/account';

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`sso-state:${body}`).digest('base64url');

/** `base64url(json).hmac`: readable by nobody but this server's instances, forgeable by none. */
export function sealSsoState(key: Buffer, value: SsoState): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The state when the cookie is genuine, unexpired and for this partner; otherwise null. */
export function openSsoState(key: Buffer, sealed: string | undefined, opts: { partner: string; now?: number }): SsoState | null {
  if (!sealed || sealed.length > 4096) return null;
  const dot = sealed.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = sealed.slice(0, dot);
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(sealed.slice(dot + 1));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isSsoState(value)) return null;
  if (value.partner !== opts.partner || value.expiresAt <= (opts.now ?? Date.now())) return null;
  return value;
}

function isSsoState(v: unknown): v is SsoState {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return ['state', 'nonce', 'verifier', 'redirectUri', 'returnTo', 'partner'].every((k) => typeof o[k] === 'string' && o[k] !== '')
    && typeof o.expiresAt === 'number';
}

/**
 * A path on this site to return to after signing in, through the one safe-redirect rule
 * (src/shared/rules/safe-redirect.ts); anything else falls back to the account centre.
 */
export function safeReturnTo(value: unknown): string {
  const path = typeof value === 'string' && value.length <= 512 ? sameOriginPath(value) : null;
  // Sending the member back into the sign-in itself would loop.
  if (!path || path.toLowerCase().startsWith('/auth/sso/')) return DEFAULT_RETURN_TO;
  return path;
}
