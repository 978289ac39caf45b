import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import type { ReadRouter } from '../db/replicas';
import { createTestDatabase } from './db';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** A request on a partner's host (delta → delta.localhost). */
  request: (partner: string, opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Cookie + token pair for state-changing calls on a partner's host. */
  csrf: (partner: string) => Promise<{ cookie: string; token: string }>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  seeded?: boolean;
  rateLimitMax?: number;
  config?: Partial<AppConfig>;
  /** Collects the app's log lines (JSON), e.g. with config.logLevel 'info'. */
  logged?: string[];
  /** Where reads run (a recording router in tests of plugins/reads.ts); the primary alone by default. */
  reads?: (db: Database['db']) => ReadRouter;
  /** Adds what a test needs (e.g. a route that fails) before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
};

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: opts.seeded });
  const config = loadConfig({ NODE_ENV: 'test' }, { clientDir: path.resolve('src/server/test/fixtures/client'), ...opts.config });
  const logged = opts.logged;
  const app = await buildApp({ config, db: database.db, ...(opts.reads ? { reads: opts.reads(database.db) } : {}), rateLimitMax: opts.rateLimitMax ?? 10_000, ...(logged ? { logStream: { write: (line) => void logged.push(line) } } : {}) });
  opts.beforeReady?.(app);
  await app.ready();
  const request = (partner: string, o: InjectOptions) =>
    app.inject({ ...o, headers: { host: `${partner}.localhost`, ...(o.headers ?? {}) } });
  return {
    app,
    database,
    config,
    request,
    csrf: async (partner) => {
      const res = await request(partner, { method: 'GET', url: '/api/CSRF' });
      const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      return { cookie, token: res.json<{ csrfToken: string }>().csrfToken };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
