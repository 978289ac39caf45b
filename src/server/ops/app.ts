import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createBaseApp } from '../plugins/base-app';
import { recordServerError } from '../modules/client-errors';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { assetsPlugin } from '../plugins/assets';
import { openapiPlugin } from '../plugins/openapi';
import { rateLimitsPlugin } from '../plugins/rate-limits';
import { cardEventRoutes } from './events.routes';
import { redemptionHoldRoutes } from './redemptions.routes';
import { contentRoutes } from './content.routes';
import { opsRoutes } from './ops.routes';
import { reportRoutes } from './reports.routes';
import { settingsRoutes } from './settings.routes';
import { staffSealingKey } from './staff';
import { staffAuthPlugin } from './staff-auth';
import { readsPlugin } from '../plugins/reads';
import { primaryOnly, type ReadRouter } from '../db/replicas';

export type BuildOpsAppOptions = { config: AppConfig; db: Db; reads?: ReadRouter; rateLimitMax?: number; signInPerMinute?: number; logger?: boolean; mailer?: Mailer };

/**
 * The operator console (issue 27, docs/features/console.md): a Fastify app of its own, served on
 * its own origin (config.opsHost; main.ts hands it every request for that host). It shares the
 * database, the error shape, the security headers and the rate limits with the partner sites,
 * and nothing of their sessions: no partner is resolved here, no member session exists here, and
 * its staff session cookie is host-only. Its API is under /api/ops/, documented at /api/docs; any
 * other GET is the console's page (dist/ops/index.html, built by vite.ops.config.ts).
 */
export async function buildOpsApp(opts: BuildOpsAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = await createBaseApp({
    config, db, name: 'ops', bodyLimit: 64 * 1024, logger: opts.logger, openerPolicy: 'same-origin-allow-popups',
    recordServerError: (request, fact) => recordServerError(db, request, fact),
  });
  await app.register(staffAuthPlugin, { db, production: config.env === 'production' });
  // Reports read on a replica (no member session here: any replica within the lag bound).
  await app.register(readsPlugin, { db, reads: opts.reads ?? primaryOnly(db) });
  await app.register(rateLimitsPlugin, { db, max: opts.rateLimitMax ?? config.apiRateLimit });
  await app.register(openapiPlugin, {
    title: 'Operator console API',
    description: 'The operator console of the dining rewards programme (docs/features/console.md): staff sign-in with a second factor, member look-up, the claims queue, card-network events waiting for a person, staff accounts, the audit log, the partners\' reports, settings and content (drafts, preview, versions, schedules). Served on the console\'s own origin only; who may call what is the permission table of src/shared/rules/ops-permissions.ts.',
    server: 'The operator console (its own host, OPS_HOST).',
    tags: [{ name: 'ops', description: 'The operator console.' }],
  });
  const key = await staffSealingKey(db, config.opsSecretKey);
  await app.register(async (scope) => opsRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db, config, key, mailer: opts.mailer, signInPerMinute: opts.signInPerMinute }));
  await app.register(async (scope) => contentRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db, config }));
  await app.register(async (scope) => reportRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db }));
  await app.register(async (scope) => cardEventRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db }));
  await app.register(async (scope) => redemptionHoldRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db }));
  await app.register(async (scope) => settingsRoutes(scope.withTypeProvider<ZodTypeProvider>(), { db, config }));

  // The console's own build (vite.ops.config.ts): dist/ops beside dist/client.
  const consoleDir = path.resolve(config.clientDir, '..', 'ops');
  await app.register(assetsPlugin, { clientDir: consoleDir });
  const pageFile = path.join(consoleDir, 'index.html');
  let page: string | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'There is no such console call.' });
    page ??= await readFile(pageFile, 'utf8').catch(() => undefined);
    if (!page) return reply.status(503).type('text/plain').send('The console is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
  return app;
}
