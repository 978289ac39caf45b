import type { ErrorResponse } from '#shared/schemas/common';
import { CSRF_PLACEHOLDER, CSRF_PLACEHOLDER_EVENT, getCsrfToken } from './csrf';
import { apiUrl } from './api-base';

/** A failed call: status, the server's readable message and any field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly statusText: string,
    message: string,
    public readonly fieldErrors: Array<{ field: string; message: string }> = [],
    public readonly body?: unknown,
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

/** Same-origin JSON call with credentials (under the global API base, lib/api-base.ts); non-2xx answers reject with ApiError. */
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
  const response = await fetch(apiUrl(path) + toQueryString(opts.query ?? {}), {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    keepalive: opts.keepalive,
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const err = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(response.status, response.statusText, err.message ?? response.statusText ?? 'Request failed', err.fieldErrors ?? [], data);
  }
  return data as T;
}
