import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { clientErrorHandler, RequestLog } from '../../plugins/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { hstsHeader } from '../../plugins/security-headers';
import { loadCardKeys } from './card-crypto';

/** A partner as the card frame sees it: its code and its own hosts (partners.hosts). */
export type FramingPartner = { code: string; hosts: readonly string[] };

/**
 * Partner origins that may embed the card frame (docs/decisions/0009-card-frame-parents-from-site-origin.md):
 * every partner's site by the SITE_ORIGIN template (https://{partner}.dining.example.com →
 * https://delta.dining.example.com, …, one per partner in the database) and the partners' own
 * hosts (PARTNER_HOSTS and partners.hosts), over https in production. Outside production also every
 * partner site of this server (http://<code>.localhost:<port>, the bare localhost of the default
 * partner). Never the frame's own origin.
 */
export function frameAncestors(config: Pick<AppConfig, 'env' | 'port' | 'partnerHosts' | 'siteOrigin' | 'cardFrameOrigin'>, partners: readonly FramingPartner[]): string[] {
  const hosts = [...new Set([...partners.flatMap((p) => p.hosts), ...Object.keys(config.partnerHosts)].map((h) => h.trim().toLowerCase()).filter((h) => /^[a-z0-9.-]+$/.test(h)))];
  const sites = partners.map((p) => p.code.toLowerCase()).filter((code) => /^[a-z0-9-]+$/.test(code)).map((code) => config.siteOrigin.replace(/\{partner\}/gi, code));
  const port = config.port === 0 ? '*' : String(config.port);
  const all = config.env === 'production'
    ? [...sites, ...hosts.map((h) => `https://${h}`)]
    : [
      `http://*.localhost:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`,
      // The default SITE_ORIGIN (http://{partner}.localhost:PORT) is the wildcard's already.
      ...sites.filter((o) => !(/^http:\/\/[^/]+\.localhost(:\d+)?$/.test(o) && (config.port === 0 || o.endsWith(`:${port}`)))),
      ...hosts.flatMap((h) => [`http://${h}:${port}`, `https://${h}`]),
    ];
  return [...new Set(all)].filter((origin) => origin !== config.cardFrameOrigin);
}

/**
 * Why the card frame could not be used from any partner site, or null: said at start (main.ts) so
 * an operator learns it before a member does.
 */
export function cardFrameProblem(config: Pick<AppConfig, 'env' | 'port' | 'partnerHosts' | 'siteOrigin' | 'cardFrameOrigin'>, partners: readonly FramingPartner[]): string | null {
  const parents = frameAncestors(config, partners);
  const own = partners.find((p) => config.siteOrigin.replace(/\{partner\}/gi, p.code.toLowerCase()) === config.cardFrameOrigin || p.hosts.some((h) => `https://${h.toLowerCase()}` === config.cardFrameOrigin));
  if (own) return `CARD_FRAME_ORIGIN ${config.cardFrameOrigin} is the site of partner ${own.code}: the frame needs an origin of its own, or the partner page's scripts could read the card numbers typed in it.`;
  if (!parents.length) return `The card frame at ${config.cardFrameOrigin} may be framed by no partner site (no partners in the database, and no PARTNER_HOSTS): members could not link a card.`;
  return null;
}

export function cardFrameCsp(ancestors: readonly string[]): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data:",
    "base-uri 'none'", "form-action 'none'",
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/**
 * The secure card-entry frame's own origin (config.cardFrameOrigin; in development the second port
 * config.cardFramePort): the built frame page (dist/client/card-frame/index.html) and its assets,
 * and the RSA public key the page encrypts with. Framing is allowed for partner origins only
 * (CSP frame-ancestors; no X-Frame-Options). No cookies, no sessions, no card numbers here.
 */
/** The partners of the database, for frameAncestors. */
export async function framingPartners(db: Db): Promise<FramingPartner[]> {
  return db.select({ code: partners.code, hosts: partners.hosts }).from(partners);
}

export async function buildCardFrameServer({ config, db }: { config: AppConfig; db: Db }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One line per request, and refused requests in the one error shape, as on the app's port.
    logController: new RequestLog(),
    clientErrorHandler,
    trustProxy: config.env === 'production',
    bodyLimit: 1024,
  });
  const keys = await loadCardKeys({ config, db });

  let csp = cardFrameCsp(frameAncestors(config, []));
  const reloadHosts = async () => {
    csp = cardFrameCsp(frameAncestors(config, await framingPartners(db)));
  };
  await reloadHosts();
  // Operators edit partner hosts rarely; the same 30 s as the partner directory of the app.
  const timer = setInterval(() => void reloadHosts().catch(() => undefined), 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const hsts = hstsHeader(config.env);
  app.addHook('onSend', async (_request, reply, payload) => {
    // HSTS as on the app's port: a member's browser never asks for the frame over http again.
    if (hsts) reply.header('strict-transport-security', hsts);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });

  const pagePath = path.resolve(config.clientDir, 'card-frame', 'index.html');
  let page: string | undefined;
  const loadPage = async () => {
    if (page && config.env === 'production') return page;
    try {
      page = await readFile(pagePath, 'utf8');
      return page;
    } catch {
      return undefined;
    }
  };

  app.get('/card-frame/', async (_request, reply) => {
    const html = await loadPage();
    if (!html) {
      return reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store')
        .send('The card frame has not been built yet. Run "npm run build".');
    }
    return reply.type('text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .send(html);
  });

  app.get('/card-frame', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/card-frame/${query}`, 301);
  });

  app.get('/card-frame/public-key', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { key: keys.publicKeySpki };
  });

  app.get('/health', async () => ({ ok: true }));

  const assetsDir = path.resolve(config.clientDir, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', immutable: true, maxAge: '365d', index: false, wildcard: true });
  }

  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Nothing is found at this address.' }));
  return app;
}
