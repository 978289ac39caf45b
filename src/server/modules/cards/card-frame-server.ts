import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { clientErrorHandler, RequestLog } from '../../plugins/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { loadCardKeys } from './card-crypto';

/**
 * Partner origins that may embed the card frame. Outside production every partner site of this
 * server (http://<code>.localhost:<port>, the bare localhost of the default partner) plus the
 * configured hosts; in production the configured hosts (PARTNER_HOSTS and partners.hosts) over https.
 */
export function frameAncestors(config: Pick<AppConfig, 'env' | 'port' | 'partnerHosts'>, partnerHosts: readonly string[]): string[] {
  const hosts = [...new Set([...partnerHosts, ...Object.keys(config.partnerHosts)].map((h) => h.trim().toLowerCase()).filter((h) => /^[a-z0-9.-]+$/.test(h)))];
  if (config.env === 'production') return hosts.map((h) => `https://${h}`);
  const port = config.port === 0 ? '*' : String(config.port);
  return [
    `http://*.localhost:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`,
    ...hosts.flatMap((h) => [`http://${h}:${port}`, `https://${h}`]),
  ];
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
    const rows = await db.select({ hosts: partners.hosts }).from(partners);
    csp = cardFrameCsp(frameAncestors(config, rows.flatMap((r) => r.hosts)));
  };
  await reloadHosts();
  // Operators edit partner hosts rarely; the same 30 s as the partner directory of the app.
  const timer = setInterval(() => void reloadHosts().catch(() => undefined), 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onSend', async (_request, reply, payload) => {
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
