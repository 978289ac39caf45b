import type {
  ContextConfigDefault, FastifyBaseLogger, FastifyInstance, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { successStatuses, type ApiEntry } from '#shared/api';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What the route adds to its table entry's schemas: the OpenAPI words, request headers and its error answers. */
export type RouteSchemaExtras = {
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  headers?: z.ZodType;
  hide?: boolean;
  /** The error answers (4xx, 5xx); the success answer is the entry's. */
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

/** The Fastify schema a route is registered with (the handler's request and reply are typed from it). */
export type RouteSchema<E extends ApiEntry, X extends RouteExtras> = {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  headers: Part<X['schema'], 'headers'>;
  response: SuccessOf<E> & (X['schema'] extends { response: infer R } ? R : unknown);
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
  const { response: errors, ...words } = extras.schema;
  const schema: Record<string, unknown> = { ...words };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  const response: Record<number, z.ZodType> = {};
  for (const status of successStatuses(entry)) response[status] = entry.response;
  schema.response = { ...response, ...errors };
  app.route({ ...extras, method: entry.method, url: entry.path, schema, handler } as never);
}
