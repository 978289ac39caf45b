import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(`The data folder ${dir} is in use by another process. Stop that process, or set DATA_DIR to another folder.`);
  }
}

/**
 * Opens the embedded database in dataDir, holding a lock so that a second process cannot open the
 * same folder (PGlite is single-process; two writers would corrupt it).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { lockfilePath: path.join(dir, '.lock'), stale: 15000, update: 5000 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
  const client = new PGlite(path.join(dir, 'pgdata'));
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/** In-memory PGlite, optionally loaded from a dump made by dumpDataDir (tests). */
export async function openMemoryPglite(loadDataDir?: Blob | File): Promise<Database & { client: PGlite }> {
  const client = new PGlite(loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  return { db: drizzlePglite(client, { schema }) as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}

export function openPostgres(url: string, max = 10): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** Applies committed migrations; on PostgreSQL under an advisory lock so parallel instances take turns. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await database.db.execute(sql`select pg_advisory_lock(727274)`);
  try {
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274)`);
  }
}
