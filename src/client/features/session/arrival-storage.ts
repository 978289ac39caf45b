import { LOGIN_REDIRECT_MINUTES } from '#shared/constants/member';
import { safeRedirect, sameOriginPath } from '#shared/rules/safe-redirect';

/**
 * What §4 "query handling" keeps between pages: the known visitor's public id, the referral
 * values of the visit that brought the person here, and where to go back to after signing in.
 * Local storage, each value with its own expiry; nothing here is secret.
 */
export const PUBLIC_ID_KEY = 'RN_PUBLIC_ID';
export const REFERRAL_KEY = 'RN_REFERRAL';
export const LOGIN_REDIRECT_KEY = 'RN_LOGIN_REDIRECT';
export const PUBLIC_ID_COOKIE = 'RN_PUBLIC_ID';

/** §3 referral data. */
export const REFERRAL_PARAMS = ['utm_term', 'utm_medium', 'utm_campaign', 'utm_source', 'utm_content', 'referrer', 'source'] as const;
export type Referral = Partial<Record<(typeof REFERRAL_PARAMS)[number], string>>;
/** §9 'source referral stored 2880' (unit not shown): minutes, two days. */
export const REFERRAL_MINUTES = 2880;
const REFERRAL_VALUE_MAX = 200;

type Stored<T> = { value: T; expiresAt?: number };

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function read<T>(key: string, now = Date.now()): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored<T>;
    if (stored.expiresAt !== undefined && stored.expiresAt <= now) {
      storage()?.removeItem(key);
      return null;
    }
    return stored.value ?? null;
  } catch {
    return null;
  }
}

function write<T>(key: string, value: T, minutes?: number, now = Date.now()) {
  try {
    const stored: Stored<T> = { value, expiresAt: minutes === undefined ? undefined : now + minutes * 60_000 };
    storage()?.setItem(key, JSON.stringify(stored));
  } catch {
    // Storage may be blocked (private mode); the app works without these extras.
  }
}

function remove(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

const PUBLIC_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export function isPublicIdShape(value: string | null | undefined): value is string {
  return typeof value === 'string' && PUBLIC_ID_SHAPE.test(value);
}

// Known visitor public id: a tiny store so the top bar and screens re-render when it changes.
const listeners = new Set<() => void>();

export function readKnownPublicId(): string | null {
  const v = read<string>(PUBLIC_ID_KEY);
  return isPublicIdShape(v) ? v : null;
}

export function saveKnownPublicId(publicId: string) {
  if (!isPublicIdShape(publicId) || readKnownPublicId() === publicId) return;
  write(PUBLIC_ID_KEY, publicId);
  listeners.forEach((l) => l());
}

export function clearKnownPublicId() {
  remove(PUBLIC_ID_KEY);
  listeners.forEach((l) => l());
}

export function subscribeKnownPublicId(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The RN_PUBLIC_ID cookie (§3), if the page can read it. */
export function readPublicIdCookie(cookie: string = typeof document !== 'undefined' ? document.cookie : ''): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === PUBLIC_ID_COOKIE) {
      let value = rest.join('=');
      try {
        value = decodeURIComponent(value);
      } catch {
        return null;
      }
      return isPublicIdShape(value) ? value : null;
    }
  }
  return null;
}

/** The referral values of this visit (to send with a sign-up), or {} when none or expired. */
export function readReferral(): Referral {
  return read<Referral>(REFERRAL_KEY) ?? {};
}

/** Referral values from a query, trimmed and capped; null when the query has none. */
export function referralFromQuery(params: URLSearchParams): Referral | null {
  const found: Referral = {};
  let any = false;
  for (const key of REFERRAL_PARAMS) {
    const v = params.get(key)?.trim();
    if (v) {
      found[key] = v.slice(0, REFERRAL_VALUE_MAX);
      any = true;
    }
  }
  return any ? found : null;
}

/** Saved on arrival, clearing any older values (a new visit, new attribution). */
export function saveReferral(referral: Referral, now = Date.now()) {
  write(REFERRAL_KEY, referral, REFERRAL_MINUTES, now);
}

/** Only same-site paths come back from storage: the one safe-redirect rule (shared/rules/safe-redirect). */
export function isSafeRedirect(value: string | null | undefined): value is string {
  return sameOriginPath(value) !== null;
}

export function saveLoginRedirect(pathAndQuery: string, now = Date.now()) {
  if (isSafeRedirect(pathAndQuery)) write(LOGIN_REDIRECT_KEY, pathAndQuery, LOGIN_REDIRECT_MINUTES, now);
}

/** Where to go after signing in: the saved value if still fresh, else the fallback. */
export function readLoginRedirect(fallback = '/account', now = Date.now()): string {
  return safeRedirect(read<string>(LOGIN_REDIRECT_KEY, now), fallback);
}

export function clearLoginRedirect() {
  remove(LOGIN_REDIRECT_KEY);
}

/**
 * §4: every page but enrollment, server error, sign-in and recovery is a place to come back to
 * after signing in. /SignOut, /fix_credentials and /activate are part of those flows too: coming
 * back to them after signing in would undo or repeat what the person just did.
 */
const NOT_REDIRECT_TARGETS = [/^\/join(\/|$)/, /^\/add_card(\/|$)/, /^\/card_added(\/|$)/, /^\/error(\/|$)/, /^\/login(\/|$)/i,
  /^\/recover(\/|$)/, /^\/fix_credentials(\/|$)/, /^\/SignOut(\/|$)/i, /^\/activate(\/|$)/, /^\/auth\//];

export function isLoginRedirectTarget(pathname: string): boolean {
  return !NOT_REDIRECT_TARGETS.some((re) => re.test(pathname));
}
