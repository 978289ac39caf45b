import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config';
import { isApiCall } from './route-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Content-Security-Policy directives; pages add a nonce of their own (pages.routes.ts). */
    cspDirectives: Record<string, string[] | null>;
  }
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
 * Security headers (helmet): the Content-Security-Policy, HSTS outside development, the referrer
 * policy; and cache-control no-store on API answers. Register before the routes: the no-store
 * default is attached to each API route as it is added.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const directives = cspDirectivesFor(config);
  // Pages add a per-response nonce for the partner theme <style> (pages.routes.ts); API answers
  // keep this fixed policy, so no nonce is generated for them.
  app.decorate('cspDirectives', directives);
  await app.register(helmet, {
    contentSecurityPolicy: { directives },
    hsts: config.env === 'development' ? false : { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiCall(route.url)) return;
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), noStoreUnlessSet];
  });
}, { name: 'security-headers' });
