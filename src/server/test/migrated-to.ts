import type { SQL } from 'drizzle-orm';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, openMemoryPglite, openPostgres, type Database } from '../db/client';

/**
 * Databases migrated up to one migration (`tag`, its journal name) and no further, for tests of a
 * later migration on a database that already has data: load rows the old way, then
 * `runMigrations` the rest. An in-memory PGlite, or a new PostgreSQL database beside `url`'s,
 * dropped by `close()` with the copy of the migrations.
 */
export function migratedTo(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-${tag.slice(0, 4)}-`));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  const cleanups: Array<() => Promise<void>> = [];

  return {
    async pglite(): Promise<Database> {
      const database = await openMemoryPglite();
      await migratePglite(database.db as never, { migrationsFolder: folder });
      cleanups.push(() => database.close());
      return database;
    },
    async postgres(url: string): Promise<Database> {
      const name = `rn_test_mig_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      await migratePg(drizzlePg(client) as never, { migrationsFolder: folder });
      await client.end();
      const database = openPostgres(target.toString(), 2);
      cleanups.push(async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      });
      return { ...database, url: target.toString() };
    },
    async close(): Promise<void> {
      for (const c of cleanups) await c();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A raw statement's rows. */
export const rowsOf = async <T>(database: Database, q: SQL) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The error code and constraint a statement fails with (PostgreSQL's and PGlite's shapes alike), or undefined. */
export async function errorOf(database: Database, q: SQL): Promise<{ code?: string; constraint?: string } | undefined> {
  try {
    await database.db.execute(q);
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
    return { code: e.code ?? e.cause?.code, constraint: e.constraint ?? e.cause?.constraint };
  }
  return undefined;
}
