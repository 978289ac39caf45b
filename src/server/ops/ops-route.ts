import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '#shared/api';
import { OPS_CALL_ACCESS, type OpsCallName } from '#shared/rules/ops-permissions';
import { ZErrorResponse } from '#shared/schemas/common';
import { route, type RouteExtras, type RouteHandler } from '../lib/route';

export type OpsApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Extras = Omit<RouteExtras, 'schema'> & { schema: Omit<RouteExtras['schema'], 'tags'> };

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/**
 * A console route from its API table entry: who may call it comes from OPS_CALL_ACCESS (one
 * table; the guard in staff-auth.ts enforces it), its tag is 'ops', and its error answers are the
 * console's (401 not signed in, 403 role or anti-forgery, 404 not found or another partner's).
 */
export function opsRoute<const N extends OpsCallName, const X extends Extras>(app: OpsApp, name: N, extras: X, handler: RouteHandler<(typeof API)[N], X & { schema: { tags: string[] } }>): void {
  route(app, API[name], {
    ...extras,
    config: { ...extras.config, opsAccess: OPS_CALL_ACCESS[name] },
    schema: { tags: ['ops'], response: errors, ...extras.schema },
  } as never, handler as never);
}
