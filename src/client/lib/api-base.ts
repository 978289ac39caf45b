/**
 * §7 'API base may be overridden by a global setting': the deployment's API_BASE (server config,
 * passed in the partner config as apiBase) is put in front of every /api call. '' = this site.
 * docs/tracking.md ('API base') says how to use it.
 */
let base = '';

/** Set once at start from the injected partner config; anything but a path or an http(s) origin is ignored. */
export function setApiBase(value: string | null | undefined) {
  const v = (value ?? '').trim().replace(/\/+$/, '');
  base = /^(\/(?!\/)[^?#\s]*|https?:\/\/[^?#\s]+)$/i.test(v) ? v : '';
}

export function apiBase(): string {
  return base;
}

/** The address of an API path ('/api/...') under the configured base. */
export function apiUrl(path: string): string {
  return base && path.startsWith('/') ? base + path : path;
}
