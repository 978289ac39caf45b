import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { clientErrorHandler, errorsPlugin, frameworkErrors, redactUrl, RequestLog } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { partnerPlugin } from './plugins/partner';
import { csrfPlugin } from './plugins/csrf';
import { compressionPlugin } from './plugins/compression';
import { ERROR_SCHEMA_NAME, errorResponseComponent, OPENAPI_DESCRIPTION, OPENAPI_TAGS, openapiPlugin, openapiTransform, XSRF_SCHEME } from './plugins/openapi';
import { sessionPlugin } from './plugins/session';
import { createPgRateLimitStore } from './plugins/rate-limit-store';
import { limitsPlugin, tooManyRequestsMessage } from './plugins/limits';
import { isRateLimitedRoute } from './plugins/route-rules';
import { csrfRoutes } from './modules/csrf/csrf.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { merchantsRoutes } from './modules/merchants/merchants.routes';
import { MerchantSearch } from './modules/merchants/merchants.service';
import { impressionsRoutes } from './modules/impressions/impressions.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { membersRoutes } from './modules/members/members.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { stgtoolsRoutes } from './modules/stgtools/stgtools.routes';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { captchaRoutes } from './modules/cards/captcha.routes';
import { cardsRoutes } from './modules/cards/cards.routes';

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /** Requests per minute per client address on the API; lower it in tests. */
  rateLimitMax?: number;
  /** Pass a prepared search (benchmarks share one); otherwise one is built and kept current. */
  search?: MerchantSearch;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: { write: (line: string) => void };
};

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger === false || config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      // Request bodies are never logged; headers that carry secrets are redacted.
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'encryptedCardNumber', '*.encryptedCardNumber', 'creditCards[*].encryptedCardNumber', 'body.creditCards[*].encryptedCardNumber', 'req.body.creditCards[*].encryptedCardNumber'],
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Recovery links and sign-in callbacks carry secrets in the query string; keep them out of the logs.
      serializers: {
        req: (req: { method: string; url: string; hostname?: string }) => ({ method: req.method, url: redactUrl(req.url), host: req.hostname }),
      },
    },
    // One concise line per request instead of Fastify's two.
    logController: new RequestLog(),
    // Requests Node or the router refuse answer in the one error shape and quote nothing.
    clientErrorHandler,
    frameworkErrors,
    // Only the configured proxies may set X-Forwarded-*: otherwise any client could choose its own address.
    trustProxy: config.trustProxy as boolean, // a hop count works too; Fastify's types lag behind
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(healthPlugin, { db, timeoutMs: Math.min(config.databaseTimeoutMs, 1000) });
  await app.register(cookie);
  const tileOrigin = config.mapTileUrl ? tileOrigins(config.mapTileUrl) : [];
  const cspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin],
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
  // Pages add a per-response nonce for the partner theme <style> (pages.routes.ts); API answers
  // keep this fixed policy, so no nonce is generated for them.
  app.decorate('cspDirectives', cspDirectives);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives },
    hsts: config.env === 'development' ? false : { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  await app.register(partnerPlugin, { db, config });
  await app.register(sessionPlugin, { db, config });
  await app.register(csrfPlugin, { db, config });

  const rateStore = createPgRateLimitStore(db);
  app.addHook('onClose', async () => rateStore.stop());
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitMax ?? 600,
    timeWindow: 60_000,
    store: rateStore.Store as never,
    allowList: (request) => {
      // The matched route (or, for an unmatched path, the decoded path): '/%61pi/…' counts as '/api/…'.
      const path = request.routeOptions.url ?? safeDecode(request.url);
      return !isRateLimitedRoute(path);
    },
    errorResponseBuilder: (_request, ctx) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: tooManyRequestsMessage(ctx.ttl),
    }),
  });
  // Per-account limits (sign-in, recovery, joining, validation) on the same shared counters.
  await app.register(limitsPlugin, { store: new rateStore.Store('account:') });

  // Before the routes: both act through onRoute hooks. Compression of JSON, pages and generated
  // images per request; the openapi hook documents each route's error answers and security.
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dining rewards API', version: '1.0.0', description: OPENAPI_DESCRIPTION },
      servers: [{ url: '/', description: 'The partner site that served this document (the Host header picks the partner).' }],
      tags: OPENAPI_TAGS,
      components: { securitySchemes: { xsrf: XSRF_SCHEME }, schemas: { [ERROR_SCHEMA_NAME]: errorResponseComponent() } },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const search = opts.search ?? new MerchantSearch(db);
  if (!opts.search) {
    await search.refresh();
    search.watch();
    app.addHook('onClose', async () => search.stop());
  }
  app.decorate('merchantSearch', search);

  await app.register(csrfRoutes);
  await app.register(partnersRoutes, { db });
  await app.register(merchantsRoutes, { db, search });
  await app.register(impressionsRoutes, { db });
  await app.register(imagesRoutes);
  // member modules (one line each)
  await app.register(ssoRoutes, { db, config });
  await app.register(membersRoutes, { db });
  await app.register(authRoutes, { db });
  if (config.stagingTools && config.env !== 'production') await app.register(stgtoolsRoutes, { db });
  await app.register(enrollmentRoutes, { db });
  await app.register(recoveryRoutes, { db, config });
  await app.register(captchaRoutes, { db });
  await app.register(cardsRoutes, { db, config });

  const assetsDir = path.resolve(config.clientDir, 'assets');
  if (existsSync(assetsDir)) await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are to a
    // browser that accepts them, with Vary: Accept-Encoding; the plain file to any other.
    preCompressed: true,
  });
  await app.register(pagesRoutes, { config });
  return app;
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return url;
  }
}

function tileOrigins(url: string): string[] {
  try {
    const u = new URL(url.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0'));
    return [`${u.protocol}//*.${u.hostname.split('.').slice(-2).join('.')}`, u.origin];
  } catch {
    return [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    merchantSearch: MerchantSearch;
    cspDirectives: Record<string, string[] | null>;
  }
}
