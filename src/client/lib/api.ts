import type { ApiRequest, ApiResponse, EntryOf } from '#shared/api';
import type { ApiPath } from '#shared/api-paths';
import type { ErrorResponse } from '#shared/schemas/common';
import { REQUEST_ID_HEADER } from '#shared/rules/reference-code';
import { CSRF_PLACEHOLDER, CSRF_PLACEHOLDER_EVENT, getCsrfToken } from './csrf';
import { apiUrl } from './api-base';
import { NetworkError } from './network';

/** A failed call: status, the server's readable message and any field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly statusText: string,
    message: string,
    public readonly fieldErrors: Array<{ field: string; message: string }> = [],
    public readonly body?: unknown,
    /** The server's id of the request (X-Request-Id): the reference code support finds it by. */
    public readonly requestId?: string,
  ) {
    super(message);
    this.name = status === 401 ? 'Unauthorized' : 'ApiError';
  }
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;

/** Query string with undefined, null and empty values omitted and arrays repeated (§7). */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) params.append(key, String(v));
    } else {
      params.append(key, String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send X-XSRF-TOKEN; the default for every method but GET. */
  csrf?: boolean;
  keepalive?: boolean;
  /** Further request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
};

/**
 * Same-origin JSON call with credentials (under the global API base, lib/api-base.ts); non-2xx
 * answers reject with ApiError, no answer at all (offline) with NetworkError. The app's own /api
 * calls go through `call` (below), which takes the address and the types from the API table;
 * this is for the addresses outside it (a partner's configured content route).
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.csrf ?? method !== 'GET') {
    const token = await getCsrfToken();
    headers['x-xsrf-token'] = token;
    // §8: the call will most likely fail; the layout shows the 'refresh the page' toast.
    if (token === CSRF_PLACEHOLDER && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(CSRF_PLACEHOLDER_EVENT, { detail: { token } }));
    }
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + toQueryString(opts.query ?? {}), {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (err) {
    // A call cancelled on purpose stays what it is; anything else never reached the server (offline, connection lost), which is no server error.
    if ((err as { name?: unknown } | null)?.name === 'AbortError') throw err;
    throw new NetworkError({ cause: err });
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const err = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(response.status, response.statusText, err.message ?? response.statusText ?? 'Request failed', err.fieldErrors ?? [], data, response.headers.get(REQUEST_ID_HEADER) ?? undefined);
  }
  return data as T;
}

/** What a call sends besides its params, query and body. */
type CallExtras = Pick<ApiOptions, 'signal' | 'csrf' | 'keepalive' | 'headers'>;
export type CallOptions<P extends ApiPath> = ApiRequest<EntryOf<P>> & CallExtras;

/** The path with its ':name' segments filled in (each value URI-encoded). */
export function pathWith(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A call of the API table (src/shared/api.ts): `call(API_PATHS.memberCards, { signal })`. Its
 * params, query and body are typed from the entry's request schemas and its answer is the entry's
 * success answer, so a path or a shape changed in the table is a compile error here. Errors as
 * `api` (ApiError, NetworkError); non-GET calls send the anti-forgery token.
 */
export async function call<const P extends ApiPath>(
  entry: P,
  ...[opts]: object extends CallOptions<P> ? [opts?: CallOptions<P>] : [opts: CallOptions<P>]
): Promise<ApiResponse<EntryOf<P>>> {
  const { params, query, body, ...rest } = (opts ?? {}) as { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown } & CallExtras;
  return api(pathWith(entry.path, params), { ...rest, method: entry.method, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) });
}
