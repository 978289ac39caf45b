import { isOpsCall } from '#shared/api-paths';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#shared/schemas/common';
import { csrfTokenRequired, isPartnerlessRoute, isRateLimitedRoute, type CsrfRouteConfig } from './route-rules';

/**
 * The OpenAPI document states what the server does, from the same rules the server enforces:
 * an onRoute hook (registered before the routes) adds to every documented route the standard
 * error answers it can give, all with the one error shape ZErrorResponse, its anti-forgery
 * requirement and an operationId; `openapiTransform` then writes them into the document with a
 * description each. A route's own declarations win: it may declare more (409, 423 …) or narrow
 * its security (e.g. a token needed only when signed in).
 */

export const ERROR_SCHEMA_NAME = 'ErrorResponse';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };
/** ZErrorResponse as an OpenAPI 3.0 component; every error answer in the document points here. */
export function errorResponseComponent(): Record<string, unknown> {
  const json = z.toJSONSchema(ZErrorResponse, { target: 'openapi-3.0', io: 'output' }) as { definitions?: Record<string, Record<string, unknown>> };
  const component = json.definitions?.[ERROR_SCHEMA_NAME];
  if (!component) throw new Error(`ZErrorResponse must carry the registry id ${ERROR_SCHEMA_NAME} (src/shared/schemas/common.ts).`);
  return component;
}

export const XSRF_SCHEME = {
  type: 'apiKey',
  in: 'header',
  name: 'X-XSRF-TOKEN',
  description: 'Anti-forgery token: `csrfToken` from GET /api/CSRF (or from the sign-in answer), sent back with the cookies that call set. It is bound to the partner site and to the session, so sign-in and sign-out issue a new one.',
} as const;

/** Standard error answers, with when each happens. */
type StandardError = 400 | 401 | 403 | 404 | 408 | 413 | 414 | 415 | 429 | 431 | 503;

/**
 * Methods whose request body Fastify reads (its content-type parsers) on every route, whether the
 * route declares a body or not: a body in another media type answers 415, a body over the limit 413.
 */
export const BODY_READING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Largest request head (request line and headers) Node reads; a larger one answers 431 (clientErrorHandler). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Longest path parameter the router takes (app.ts routerOptions); a longer one answers 414. */
export const MAX_PARAM_LENGTH = 200;

type RouteFacts = {
  method: string;
  url: string;
  config?: CsrfRouteConfig & { rateLimit?: unknown };
  schema?: Record<string, unknown>;
  bodyLimit: number;
};

/** The standard error answers a route can give and why, decided from the rules the plugins apply. */
export function standardErrors(route: RouteFacts): Map<StandardError, string> {
  const errors = new Map<StandardError, string>();
  const schema = route.schema ?? {};
  const declares = (code: number) => Boolean((schema.response as Record<string, unknown> | undefined)?.[code]);
  const validates = ['params', 'querystring', 'body', 'headers'].some((k) => schema[k] !== undefined);
  const acceptsBody = schema.body !== undefined;
  const csrfByRule = csrfTokenRequired(route.method, route.url, route.config);
  // Or a route that asks for the token itself (e.g. only when signed in) and declares it.
  const csrf = csrfByRule || (Array.isArray(schema.security) && (schema.security as object[]).some((requirement) => 'xsrf' in requirement));

  // Every route: a request Node cannot parse (bad syntax, a malformed escape in the address) is a 400 too.
  errors.set(400, validates || declares(400)
    ? 'The request is not valid: `message` says what to correct and `fieldErrors` names each field that is wrong.'
    : 'The request could not be read (malformed HTTP or address).');
  // 401 depends on the handler (sign-in required, or credentials checked); routes declare it.
  if (declares(401)) errors.set(401, 'Not signed in (no session, or it has ended), or the credentials given are wrong.');
  if (csrf) {
    errors.set(403, [
      `The anti-forgery token is missing or out of date: send ${XSRF_SCHEME.name} (see the xsrf security scheme).`,
      csrfByRule ? 'Checked before anything else, so a forged call learns nothing about its input.' : '',
      declares(403) && csrfByRule ? 'Also when the action is not allowed on this site or for this account.' : '',
    ].filter(Boolean).join(' '));
  } else if (declares(403)) {
    errors.set(403, 'The action is not allowed on this site or for this account.');
  }
  // The console's calls (its own host) have no partner site; they answer 404 for what is not there or another partner's.
  if (isOpsCall(route.url)) {
    if (declares(404)) errors.set(404, 'The item asked for does not exist, or belongs to a partner you do not work for.');
  } else if (!isPartnerlessRoute(route.url)) {
    errors.set(404, declares(404) ? 'No partner site at this host, or the item asked for does not exist (or is not offered on this site).' : 'No partner site at this host.');
  } else if (declares(404)) {
    errors.set(404, 'The item asked for does not exist.');
  }
  // The router refuses a longer path parameter before any route runs.
  if (route.url.includes(':')) errors.set(414, `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`);
  if (acceptsBody || BODY_READING_METHODS.has(route.method.toUpperCase())) {
    // Read on every route of these methods, so a call that takes no body is refused these too when it sends one.
    const none = acceptsBody ? '' : ' This call takes no body: send none.';
    errors.set(413, `The request body is larger than ${Math.round(route.bodyLimit / 1024)} kB.${none}`);
    errors.set(415, `The request body has a media type the server does not read: send JSON with Content-Type: application/json.${none}`);
  }
  if (isRateLimitedRoute(route.url) || (route.config?.rateLimit !== undefined && route.config.rateLimit !== false)) {
    errors.set(429, 'Too many requests from this address (or for this account): wait the seconds given in Retry-After, then try again.');
  }
  // Answered by Node before any route runs (errors.ts clientErrorHandler), so on every call.
  errors.set(408, 'The request did not arrive in time (headers or body too slow); the connection is closed.');
  errors.set(431, `The request line and headers are larger than ${MAX_HEADER_BYTES / 1024} kB (long cookies or address); the connection is closed.`);
  // The rate-limit counters (and everything else the API reads) live in the database.
  if (isRateLimitedRoute(route.url)) errors.set(503, 'Temporarily unavailable: the database cannot be reached. Try again after the seconds given in Retry-After.');
  return errors;
}

/** Routes under /auth/ are browser navigations: they answer with a redirect, never a page. */
export function redirectsOf(route: Pick<RouteFacts, 'method' | 'url'>): string | undefined {
  if (!route.url.startsWith('/auth/') || route.method !== 'GET') return undefined;
  return 'Redirect: to the identity provider, or on to the page the member came from, or to /login?sso_error=1 when single sign-on fails. The Location header says where.';
}

/** 'GET', '/api/Member/:publicId' → 'getMemberByPublicId'. */
export function operationIdFor(method: string, url: string): string {
  const words = url.split('/').filter((s) => s && s !== 'api')
    .flatMap((segment) => segment.replace(/:([A-Za-z0-9_]+)/g, ' by $1 ').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

type DocumentedRoute = { errors: Map<number, string>; redirect?: string };
/** What the hook decided per route schema (the GET route and its HEAD twin share one). */
const documented = new WeakMap<object, DocumentedRoute>();

/**
 * The API's OpenAPI document at /api/docs/json and its pages at /api/docs. Register before the
 * routes: the hook documents each route as it is added, then @fastify/swagger collects it.
 */
/** What the document says of its API; the partner sites' by default (the operator console passes its own). */
export type OpenapiDocument = { title: string; description: string; server: string; tags: Array<{ name: string; description: string }> };

export const openapiPlugin = fp(async (app: FastifyInstance, opts: Partial<OpenapiDocument>) => {
  app.addHook('onRoute', function onRoute(this: FastifyInstance, route: RouteOptions) {
    const existing = route.schema as Record<string, unknown> | undefined;
    if (existing?.hide) return;
    if (existing && documented.has(existing)) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    if (method === 'HEAD') return;
    const schema: Record<string, unknown> = existing ?? {};
    const errors = standardErrors({
      method, url: route.url, config: route.config as RouteFacts['config'], schema, bodyLimit: route.bodyLimit ?? this.initialConfig.bodyLimit ?? 1024 * 1024,
    });
    // Error answers the route already declared with the error shape get their description too.
    const response = (schema.response ?? {}) as Record<string, unknown>;
    for (const [code, value] of Object.entries(response)) {
      const status = Number(code);
      if (value === ZErrorResponse && status >= 400 && !errors.has(status as StandardError)) errors.set(status as StandardError, describeStatus(status));
    }
    for (const code of errors.keys()) response[code] ??= ZErrorResponse;
    schema.response = response;
    schema.security ??= csrfTokenRequired(method, route.url, route.config as CsrfRouteConfig | undefined) ? [{ xsrf: [] }] : [];
    schema.operationId ??= operationIdFor(method, route.url);
    route.schema = schema;
    documented.set(schema, { errors, redirect: redirectsOf({ method, url: route.url }) });
  });
  await app.register(swagger, {
    openapi: {
      info: { title: opts.title ?? 'Dining rewards API', version: '1.0.0', description: opts.description ?? OPENAPI_DESCRIPTION },
      servers: [{ url: '/', description: opts.server ?? 'The partner site that served this document (the Host header picks the partner).' }],
      tags: opts.tags ?? OPENAPI_TAGS,
      components: { securitySchemes: { xsrf: XSRF_SCHEME }, schemas: { [ERROR_SCHEMA_NAME]: errorResponseComponent() } },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}, { name: 'openapi' });

function describeStatus(status: number): string {
  switch (status) {
    case 409: return 'Conflict with the current state (e.g. the account already exists); `code` names the case.';
    case 423: return 'Locked after too many wrong passwords; try again later or reset the password.';
    default: return STATUS_CODES[status] ?? 'Error';
  }
}

/**
 * jsonSchemaTransform plus what the hook recorded: each error answer becomes a reference to the
 * one ErrorResponse component with its description, and redirects get their 302 and Location.
 */
export const openapiTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  const info = input.schema ? documented.get(input.schema) : undefined;
  if (!info || !schema || schema.hide) return result;
  const declared = (input.schema as { response?: Record<number, unknown> }).response ?? {};
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [code, description] of info.errors) {
    if (declared[code] !== ZErrorResponse) {
      // A route-specific error body (e.g. partial results beside the error) keeps its own schema.
      if (response[code]) response[code] = { ...(response[code] as object), 'x-response-description': description };
      continue;
    }
    response[code] = {
      description,
      content: { 'application/json': { schema: ERROR_REF } },
      ...(code === 429 || code === 503 ? { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' } } } : {}),
    };
  }
  if (info.redirect) {
    response[302] = { type: 'null', description: info.redirect, headers: { location: { type: 'string', description: 'Where the browser goes next.' } } };
  }
  return { ...result, schema: { ...schema, response } as typeof result.schema };
};

export const OPENAPI_DESCRIPTION = [
  'Partner-branded dining rewards. The partner is chosen by the Host header (`<partner>.localhost`, a configured host name, or the default partner on a bare host); any other host answers 404.',
  '',
  'Every error answer has one shape (ErrorResponse). Every state-changing call under /api/ needs the anti-forgery token (security scheme xsrf); it is checked before the input, so a call without it gets 403, never 400. Signed-in calls use the httpOnly session cookie set at sign-in. The API is rate limited per client address (429), and answers 503 while the database cannot be reached.',
].join('\n');

/** Every tag a route uses, with a description (the document lists them in this order). */
export const OPENAPI_TAGS = [
  { name: 'session', description: 'Anti-forgery token, sign-in and sign-out.' },
  { name: 'auth', description: 'Single sign-on (OpenID Connect) for partners that sign members in with their own identity provider; browser navigations that answer with redirects.' },
  { name: 'member', description: 'The signed-in member\'s profile, and known visitors who activate an account.' },
  { name: 'enrollment', description: 'Joining the programme (direct-enrollment partners).' },
  { name: 'recovery', description: 'Password recovery and fixing credentials shared by two accounts.' },
  { name: 'cards', description: 'Payment cards linked to the member\'s account.' },
  { name: 'captcha', description: 'Proof-of-work challenges (ALTCHA) for card submissions.' },
  { name: 'merchants', description: 'Restaurant search and details.' },
  { name: 'favorites', description: 'The signed-in member\'s favourite restaurants (partners with merchant favourites).' },
  { name: 'flex-offers', description: 'The signed-in member\'s flex offers at restaurants (partners with flex offers).' },
  { name: 'rewards', description: 'The signed-in member\'s dines and rewards (Reviews & History), dine summary and statement credits (docs/api-rewards.md).' },
  { name: 'bonuses', description: 'The signed-in member\'s bonus offers and enrolment in them (docs/api-bonuses.md).' },
  { name: 'claims', description: 'Missing-reward claims for a dine that did not show, and their status (docs/api-claims.md).' },
  { name: 'reviews', description: 'Reviews of visits the member dined at, and restaurants\' published reviews (docs/api-reviews.md).' },
  { name: 'redemptions', description: 'Cash-back members take their balance out: statement credits and gift cards, their steps, the automatic credit setting, and the gift-card provider\'s signed webhook (docs/features/redemptions.md).' },
  { name: 'reservations', description: 'Table availability, holds, bookings and their changes (docs/api-reservations.md).' },
  { name: 'card-network', description: 'The card network\'s signed webhook of authorisations, clearings and refunds (docs/api-card-network.md).' },
  { name: 'partner', description: 'The partner site\'s configuration and switches.' },
  { name: 'content', description: 'Content pages of the partner site.' },
  { name: 'tracking', description: 'Anonymous usage events (impressions).' },
  { name: 'site', description: 'Partner logos and the liveness check.' },
  { name: 'surveys', description: 'Answers to the partner site\'s own surveys (docs/api-surveys.md).' },
  { name: 'stgtools', description: 'Staging tools (never in production): demo members, the e-mail outbox, switching the member\'s tier and state.' },
];
