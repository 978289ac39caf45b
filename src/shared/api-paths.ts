import * as API_PATHS from './api-calls';

/**
 * The API table's addresses (issue 26): every /api call's name, method and path (Fastify syntax,
 * ':name' is one segment). Plain data, free of zod: the client imports it to make its calls
 * (lib/api.ts `call`), the server never directly. The entries are the exports of ./api-calls.ts
 * (one per call, so a bundle keeps only the calls its code makes), read here as one namespace.
 * The request and response schemas of each call are in ./api.ts, which is keyed by these names
 * and built from these entries, so a path is written once, and the two tables cannot drift
 * (api.ts does not compile without an entry for every name, and nothing else). To add a call: a
 * line in ./api-calls.ts, its schemas in api.ts, then
 * `route(app, API.<name>, …)` on the server and `call(API_PATHS.<name>, …)` on the client.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiPath = { readonly method: ApiMethod; readonly path: `/api/${string}` };

/** Every call of the API table by name (./api-calls.ts, one export per call). */
export { API_PATHS };

/** Each entry an address: a call added in another shape does not compile. */
type Addresses<T extends Record<string, ApiPath>> = T;
export type ApiName = keyof Addresses<typeof API_PATHS>;

/** The console's calls are served on its own origin (server/ops/app.ts), the others on the partner sites. */
export const OPS_API_PREFIX = '/api/ops/';
export const isOpsCall = (path: string) => path.startsWith(OPS_API_PREFIX);
