import type { ApiResponse, EntryOf } from '#shared/api';
import { API_PATHS } from '#shared/api-paths';
import { apiUrl } from './api-base';

/** §9: retries at start, and the placeholder used when no token could be had within 35 s. */
export const CSRF_RETRIES = 5;
export const CSRF_FALLBACK_MS = 35_000;
export const CSRF_PLACEHOLDER = 'csrf-unavailable';

let pending: Promise<string> | undefined;
/** Where the token comes from: the partner site's GET /api/CSRF, or the operator console's own (src/ops/main.tsx). */
let tokenPath: string = API_PATHS.csrf.path;

export function setCsrfPath(path: typeof API_PATHS.csrf.path | typeof API_PATHS.opsCsrf.path) {
  tokenPath = path;
  pending = undefined;
}

async function fetchToken(): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= CSRF_RETRIES; attempt++) {
    try {
      const res = await fetch(apiUrl(tokenPath), { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (res.ok) return ((await res.json()) as ApiResponse<EntryOf<typeof API_PATHS.csrf>>).csrfToken;
      lastError = new Error(res.statusText);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** attempt, 8000)));
  }
  throw lastError;
}

/** The anti-forgery token, fetched once; the placeholder if it cannot be had in time. */
export function getCsrfToken(): Promise<string> {
  pending ??= new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve(CSRF_PLACEHOLDER), CSRF_FALLBACK_MS);
    fetchToken().then(
      (token) => { clearTimeout(timer); resolve(token); },
      () => { /* the timer resolves with the placeholder */ },
    );
  });
  return pending;
}

/** Use a token the server handed back (sign-in, sign-out, joining rotate it with the session). */
export function setCsrfToken(token: string) {
  pending = Promise.resolve(token);
}

/** Window event fired when a call goes out with the placeholder (§8 toast; the layout listens). */
export const CSRF_PLACEHOLDER_EVENT = 'rn:csrf-placeholder';

