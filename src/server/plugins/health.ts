import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { ErrorCode } from '#shared/schemas/common';
import { isDatabaseUnavailable, MIGRATIONS_DIR, type Db } from '../db/client';
import { RETRY_AFTER_SECONDS, sendError } from './errors';

export type Readiness =
  | { ready: true }
  | { ready: false; code: Extract<ErrorCode, 'databaseUnavailable' | 'migrationsPending'>; message: string };

/** The newest migration of the committed journal (drizzle stores its `when` as created_at). */
export function latestJournalMigration(migrationsDir = MIGRATIONS_DIR): { tag: string; when: number } | undefined {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  return journal.entries.reduce<{ tag: string; when: number } | undefined>((latest, e) => (!latest || e.when > latest.when ? e : latest), undefined);
}

class ReadinessTimeout extends Error {}

/**
 * Whether this instance can serve: the database answers within timeoutMs, and every migration of
 * the journal is applied (the same test drizzle's migrator makes: the newest applied migration is
 * not older than the newest in the journal).
 */
export async function checkReadiness(db: Db, opts: { timeoutMs: number; latest: { tag: string; when: number } | undefined }): Promise<Readiness> {
  const { latest } = opts;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadinessTimeout()), opts.timeoutMs);
  });
  const pending = (tag: string): Readiness => ({ ready: false, code: 'migrationsPending', message: `Not ready: the database lacks migration ${tag}; start the app (it migrates) or apply the migrations.` });
  try {
    const result = await Promise.race([db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`), timeout]);
    const applied = (result as unknown as { rows: Array<{ applied: string | number | bigint | null }> }).rows[0]?.applied;
    if (latest && (applied === null || applied === undefined || Number(applied) < latest.when)) return pending(latest.tag);
    return { ready: true };
  } catch (err) {
    // No migrations table (undefined_table) or schema (invalid_schema_name): never migrated.
    const code = (err as { cause?: { code?: unknown }; code?: unknown }).cause?.code ?? (err as { code?: unknown }).code;
    if (latest && (code === '42P01' || code === '3F000')) return pending(latest.tag);
    if (err instanceof ReadinessTimeout || isDatabaseUnavailable(err)) {
      return { ready: false, code: 'databaseUnavailable', message: 'Not ready: the database does not answer.' };
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /ready: readiness for a load balancer or orchestrator (database reachable within a short
 * timeout, migrations applied), 200 or 503 in the one error shape. Liveness is /health, which
 * never touches the database: a database outage must not get healthy processes restarted.
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { db: Db; timeoutMs: number; migrationsDir?: string }) => {
  // The migrations this code expects: read once, as the code does not change while it runs.
  const latest = latestJournalMigration(opts.migrationsDir);
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const state = await checkReadiness(opts.db, { timeoutMs: opts.timeoutMs, latest });
    // With read replicas: where reads went and how far behind each replica is (db/replicas.ts).
    if (state.ready) return { status: 'ready', database: 'reachable', migrations: 'applied', ...(app.hasDecorator('reads') && app.reads.replicated ? { reads: app.reads.stats() } : {}) };
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return sendError(reply, 503, state.message, undefined, state.code);
  });
});
