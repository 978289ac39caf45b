/**
 * A scratch PostgreSQL database for a benchmark: created on the server at BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped by drop(); undefined when no server
 * answers, so the benchmark skips its PostgreSQL figures.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '../src/server/db/client';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** PG_URL with its password hidden, for a "not reachable" line. */
export const pgUrlForDisplay = () => PG_URL.replace(/:[^:@/]*@/, ':***@');

export async function scratchPostgres(): Promise<(Database & { drop: () => Promise<void> }) | undefined> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `rn_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: PG_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
