import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, successStatuses } from '#shared/api';
import { API_PATHS, isOpsCall } from '#shared/api-paths';
import { createTestApp, type TestApp } from './test/app';

/**
 * The API table (src/shared/api.ts, issue 26) against the running app: every /api route the
 * server registers is an entry of the table, with its method, and every entry is registered; the
 * client's half (api-paths.ts) names the same calls; path parameters and params schemas agree.
 */

/** Routes of the app's /api tree outside the table: the OpenAPI document and its pages (@fastify/swagger-ui). */
const NOT_CALLS = /^\/api\/docs(\/|$)/;

/**
 * The routes of `app.printRoutes({ commonPrefix: false })`, one per method: each line is a tree
 * branch ('├── ', '└── ') after 4 characters per level, then a segment and '(METHODS)' where a
 * route ends; a segment continues its parent's path.
 */
function registeredRoutes(tree: string): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const path = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('API table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every /api route the app registers is in the table, with its method; every entry is registered', () => {
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'HEAD' && !NOT_CALLS.test(r.path));
    // The parse found the tree (a broken parse would find nothing and prove nothing).
    expect(registered.length).toBeGreaterThan(50);
    // The console's calls (/api/ops/) are the console app's: server/ops/permissions.test.ts holds them to the table there.
    const siteEntries = Object.values(API).filter((e) => !isOpsCall(e.path));
    expect(siteEntries.length).toBeLessThan(Object.values(API).length);
    expect(registered.map(key).sort()).toEqual(siteEntries.map(key).sort());
    for (const entry of siteEntries) expect(t.app.hasRoute({ method: entry.method, url: entry.path }), key(entry)).toBe(true);
    for (const entry of Object.values(API).filter((e) => isOpsCall(e.path))) expect(t.app.hasRoute({ method: entry.method, url: entry.path }), key(entry)).toBe(false);
  });

  it('client and server name the same calls: api.ts is api-paths.ts with schemas', () => {
    expect(Object.keys(API).sort()).toEqual(Object.keys(API_PATHS).sort());
    for (const [name, entry] of Object.entries(API)) {
      const path = API_PATHS[name as keyof typeof API_PATHS];
      expect({ method: entry.method, path: entry.path }, name).toEqual(path);
    }
    expect(new Set(Object.values(API_PATHS).map(key)).size).toBe(Object.keys(API_PATHS).length);
  });

  it("each ':name' of a path is a key of the entry's params schema, and the schema has no other", () => {
    for (const [name, entry] of Object.entries(API)) {
      const inPath = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const params = 'params' in entry ? entry.params : undefined;
      const inSchema = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('success statuses are 2xx and a GET sends no body', () => {
    for (const [name, entry] of Object.entries(API)) {
      for (const status of successStatuses(entry)) expect([200, 201, 202], name).toContain(status);
      expect(entry.method === 'GET' && 'body' in entry, `${name}: a GET with a body`).toBe(false);
    }
  });
});
