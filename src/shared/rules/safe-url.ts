const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A URL from content made safe to put in an href: http(s), mailto, tel or a relative URL.
 * Anything else (javascript:, data:, vbscript:, unparsable) gives null.
 */
export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = raw.trim().replace(/[\u0000-\u001F\u007F]/g, '');
  if (!url) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (!scheme) {
    // Relative ('/search', 'page', '#x', '?q') or protocol-relative ('//host'): both stay on http(s).
    return url.startsWith('\\') ? null : url;
  }
  return ALLOWED_PROTOCOLS.has(scheme[1]!.toLowerCase() + ':') ? url : null;
}

/** A path inside this app ('/search?x=1'), navigated by the router rather than a page load. */
export function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}
