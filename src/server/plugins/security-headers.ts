import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';
import { isApiCall } from './route-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Content-Security-Policy directives; pages add a nonce of their own (pages.routes.ts). */
    cspDirectives: Record<string, string[] | null>;
  }
}

/** HSTS of the app's pages and API and of the card frame: one year, subdomains too; none in development (http://*.localhost). */
const HSTS = { maxAge: 31536000, includeSubDomains: true } as const;

/** The Strict-Transport-Security value for an environment, or null where none is sent. */
export function hstsHeader(env: AppConfig['env']): string | null {
  return env === 'development' ? null : `max-age=${HSTS.maxAge}${HSTS.includeSubDomains ? '; includeSubDomains' : ''}`;
}

/** The app's Content-Security-Policy: our own origin, the map tiles' and the card frame's. */
export function cspDirectivesFor(config: Pick<AppConfig, 'mapTileUrl' | 'cardFrameOrigin' | 'env'>): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTileUrl ? tileOrigins(config.mapTileUrl) : [])],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    workerSrc: ["'self'"],
    // Only the secure card-entry frame may be embedded (docs/api-cards.md).
    frameSrc: [config.cardFrameOrigin],
    manifestSrc: ["'self'"],
    upgradeInsecureRequests: config.env === 'production' ? [] : null,
  };
}

/** Origins of a tile URL template ('https://{s}.tile.example.org/{z}/{x}/{y}.png'): its host and its siblings. */
function tileOrigins(url: string): string[] {
  try {
    const u = new URL(url.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0'));
    return [`${u.protocol}//*.${u.hostname.split('.').slice(-2).join('.')}`, u.origin];
  } catch {
    return [];
  }
}

/**
 * An API answer is someone's data (a member, a token, a session's state): never stored by a
 * browser or a proxy unless its route says otherwise by setting a cache-control of its own.
 */
const noStoreUnlessSet: onSendHookHandler = (_request: FastifyRequest, reply: FastifyReply, payload, done) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * The headers helmet sets for these options, worked out once: helmet is a middleware that writes
 * the same headers on every response, and the Fastify wrapper built the middleware again (parsing
 * every CSP directive) on each request, a measurable share of a small API answer's cost (bench/
 * card-events-profile.ts). Running it once against a recording response gives the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers.set(name.toLowerCase(), String(value)); },
    removeHeader: (name: string) => { headers.delete(name.toLowerCase()); },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => { failed = err; });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers];
}

/**
 * The headers of an API answer (JSON for a script, never a document): the set OWASP's REST Security
 * Cheat Sheet gives for API responses (docs/decisions/0008-api-security-headers.md). The CSP lets
 * nothing load or frame it, so it is stricter than the pages'; HSTS as on the pages; the
 * resource policy keeps other origins from reading it with a no-cors request. Helmet's other
 * headers only change how a browser treats a document (opener, prefetching, legacy XSS filters,
 * Flash and old IE downloads) and cost each answer a few hundred bytes and their setting.
 */
export function apiHeadersFrom(pageHeaders: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...pageHeaders.filter(([name]) => name === 'strict-transport-security').map(([n, v]): [string, string] => [n, v]),
  ];
}

/**
 * Security headers: on pages, files and everything else helmet's set (the Content-Security-Policy,
 * HSTS outside development, the referrer policy and helmet's other defaults); on API answers the
 * API set above; and cache-control no-store on API answers. Register before the routes: the no-store default is attached to each API route as it
 * is added. Pages replace the CSP with one carrying their nonce (pages.routes.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig; openerPolicy?: 'same-origin' | 'same-origin-allow-popups' }) => {
  const { config } = opts;
  const directives = cspDirectivesFor(config);
  // Pages add a per-response nonce for the partner theme <style> (pages.routes.ts); API answers
  // keep this fixed policy, so no nonce is generated for them.
  app.decorate('cspDirectives', directives);
  const headers = helmetHeaders({
    contentSecurityPolicy: { directives },
    hsts: config.env === 'development' ? false : HSTS,
    crossOriginEmbedderPolicy: false,
    // same-origin; the operator console opens the member's site for "View as member" and keeps a handle to it (same-origin-allow-popups).
    crossOriginOpenerPolicy: { policy: opts.openerPolicy ?? 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const apiHeaders = apiHeadersFrom(headers);
  // On the raw response, as helmet did: every answer carries them, also those written past Fastify
  // (the development identity provider), and a route's own header (a page's CSP) still wins. The
  // set follows the path asked for: a path that only routes to the API once decoded ('/%61pi/…')
  // gets the pages' set, which is as safe for it.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiCall(request.url) ? apiHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiCall(route.url)) return;
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), noStoreUnlessSet];
  });
}, { name: 'security-headers' });
