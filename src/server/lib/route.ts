import type {
  ContextConfigDefault, FastifyBaseLogger, FastifyInstance, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { successStatuses, type ApiEntry } from '#shared/api';
import { ZErrorResponse } from '#shared/schemas/common';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What the route adds to its table entry's schemas: the OpenAPI words, request headers and its error answers. */
export type RouteSchemaExtras = {
  tags: string[];
  summary: string;
  description?: string;
  /** Left out: the anti-forgery rule decides it (the OpenAPI hook, plugins/openapi.ts), as the CSRF check does. */
  security?: Array<Record<string, string[]>>;
  headers?: z.ZodType;
  /** The success answer's media types when it is not JSON (e.g. ['text/csv']); error answers stay JSON. */
  produces?: string[];
  hide?: boolean;
  /**
   * The route's own error answers (4xx, 5xx), in the one error shape ZErrorResponse. The standard
   * ones the OpenAPI hook derives from the route (400 on validated input, 413 on a body, 429 on a
   * rate limit, 403 on the anti-forgery token …: plugins/openapi.ts standardErrors) need no listing.
   */
  errors?: readonly number[];
  /** Error answers with a body of their own; the success answer is the entry's. */
  response?: Record<number, z.ZodType>;
};

/** The route's options but its path, method and handler: hooks, config (rate limits, CSRF), body limit. */
export type RouteExtras = Omit<
  RouteShorthandOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, FastifySchema, ZodTypeProvider>,
  'schema'
> & { schema: RouteSchemaExtras };

type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;
type StatusOf<E> = E extends { readonly status: infer S } ? (S extends readonly (infer L)[] ? L : S) : 200;
type SuccessOf<E extends ApiEntry> = { [S in StatusOf<E> & number]: E['response'] };
type ErrorsOf<X extends RouteExtras> = X['schema'] extends { errors: readonly (infer C)[] } ? { [S in C & number]: typeof ZErrorResponse } : unknown;

/** The Fastify schema a route is registered with (the handler's request and reply are typed from it). */
export type RouteSchema<E extends ApiEntry, X extends RouteExtras> = {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  headers: Part<X['schema'], 'headers'>;
  response: SuccessOf<E> & ErrorsOf<X> & (X['schema'] extends { response: infer R } ? R : unknown);
};

export type RouteHandler<E extends ApiEntry, X extends RouteExtras> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, RouteSchema<E, X>, ZodTypeProvider
>;

/**
 * Registers the route of an API table entry (src/shared/api.ts): its method and path, its request
 * schemas (params, querystring, body) and its success answer come from the entry; the route adds
 * the rest. The schema object is new per route (the OpenAPI hook completes it in place).
 */
export function route<const E extends ApiEntry, const X extends RouteExtras>(app: ZodApp, entry: E, extras: X, handler: RouteHandler<E, X>): void {
  const { errors = [], response: own, ...words } = extras.schema;
  const schema: Record<string, unknown> = { ...words };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  const response: Record<number, z.ZodType> = {};
  for (const status of successStatuses(entry)) response[status] = entry.response;
  for (const status of errors) response[status] = ZErrorResponse;
  schema.response = { ...response, ...own };
  app.route({ ...extras, method: entry.method, url: entry.path, schema, handler } as never);
}

/** What all the routes of a module (or a group of its routes) share: tags, error answers they may all give, config, hooks. */
export type RouteDefaults = Pick<RouteExtras, 'config' | 'onRequest' | 'preValidation'> & { tags: string[]; errors?: readonly number[] };

/** A route's extras under routesOf: the tags may be left to the module's. */
type ModuleRouteExtras = Omit<RouteExtras, 'schema'> & { schema: Omit<RouteSchemaExtras, 'tags'> & { tags?: string[] } };

type CodesOf<T> = T extends { errors: readonly (infer C extends number)[] } ? C : never;
/** The extras `route` is given: the route's own with the module's defaults. */
type WithDefaults<X extends ModuleRouteExtras, D extends RouteDefaults> = Omit<X, 'schema'> & {
  schema: Omit<X['schema'], 'errors' | 'tags'> & { tags: string[]; errors: ReadonlyArray<CodesOf<X['schema']> | CodesOf<D>> };
};

/**
 * `route` for one module: each route gets the module's tags (unless it names its own), the
 * module's error answers besides its own, and the module's config and hooks unless it gives its own.
 */
export function routesOf<const D extends RouteDefaults>(app: ZodApp, defaults: D) {
  const { tags, errors: shared = [], ...hooks } = defaults;
  return <const E extends ApiEntry, const X extends ModuleRouteExtras>(entry: E, extras: X, handler: RouteHandler<E, WithDefaults<X, D>>): void => {
    const { errors = [], ...words } = extras.schema;
    route(app, entry, { ...hooks, ...extras, schema: { tags, ...words, errors: [...shared, ...errors] } }, handler as never);
  };
}

/**
 * A report the browser sends on its own (page views, errors it saw; tag tracking): from anonymous
 * visitors too, so with the anti-forgery token (its 403 listed) and no sign-in, a small body and
 * a limit per client address of its own.
 */
export function beaconRoute<const E extends ApiEntry, const X extends { summary: string; description: string; bodyLimit: number; rateLimit: { max: number; timeWindow: number } }>(
  app: ZodApp, entry: E, opts: X,
  handler: RouteHandler<E, { config: { rateLimit: X['rateLimit'] }; bodyLimit: number; schema: { tags: string[]; summary: string; description: string; errors: [403] } }>,
): void {
  route(app, entry, {
    bodyLimit: opts.bodyLimit,
    config: { rateLimit: opts.rateLimit },
    schema: { tags: ['tracking'], summary: opts.summary, description: opts.description, errors: [403] },
  } as never, handler as never);
}
