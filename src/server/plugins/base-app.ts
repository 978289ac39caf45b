import Fastify, { type FastifyServerFactory } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { clientErrorHandler, errorsPlugin, type ErrorsOptions, frameworkErrors, REQUEST_ID_OPTIONS, redactUrl, RequestLog } from './errors';
import { healthPlugin } from './health';
import { MAX_PARAM_LENGTH } from './openapi';
import { securityHeadersPlugin } from './security-headers';

export type BaseAppOptions = {
  config: AppConfig;
  db: Db;
  /** Which application's log lines these are ('ops' for the console; the partner sites name their host). */
  name?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests capture them). */
  logStream?: { write: (line: string) => void };
  serverFactory?: FastifyServerFactory;
  bodyLimit: number;
  /** Extra paths the log redacts (card numbers on the partner sites). */
  redact?: readonly string[];
  openerPolicy?: 'same-origin' | 'same-origin-allow-popups';
  /** Keeps every 500 under its reference code for the console's error look-up (issue 27 item 8; modules/client-errors). */
  recordServerError: NonNullable<ErrorsOptions['record']>;
};

/**
 * What the partner sites' app (app.ts) and the operator console's (ops/app.ts) are both made of:
 * Fastify with zod validation, one concise log line per request with secrets redacted, reference
 * codes as request ids, the one error shape (also for what Node or the router refuse), the health
 * checks, cookies and the security headers, in the order their hooks must run.
 */
export async function createBaseApp(opts: BaseAppOptions) {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger === false || config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      // Request bodies are never logged; headers that carry secrets are redacted.
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', ...(opts.redact ?? [])],
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Recovery links and sign-in callbacks carry secrets in the query string; keep them out of the logs.
      serializers: {
        req: (req: { method: string; url: string; hostname?: string }) => ({ method: req.method, url: redactUrl(req.url), host: opts.name ?? req.hostname }),
      },
    },
    // One concise line per request instead of Fastify's two.
    logController: new RequestLog(),
    // Every request's id is a reference code (issue 25 item 8).
    ...REQUEST_ID_OPTIONS,
    // Requests Node or the router refuse answer in the one error shape and quote nothing.
    clientErrorHandler,
    frameworkErrors,
    // Only the configured proxies may set X-Forwarded-*: otherwise any client could choose its own address.
    trustProxy: config.trustProxy as boolean, // a hop count works too; Fastify's types lag behind
    bodyLimit: opts.bodyLimit,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH },
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin, { record: opts.recordServerError } satisfies ErrorsOptions);
  await app.register(healthPlugin, { db, timeoutMs: Math.min(config.databaseTimeoutMs, 1000) });
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { config, ...(opts.openerPolicy ? { openerPolicy: opts.openerPolicy } : {}) });
  return app;
}
