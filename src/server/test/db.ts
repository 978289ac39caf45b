import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openMemoryPglite, openPostgres, type Database } from '../db/client';
import { inject } from 'vitest';
import './templates';
import { ensureTemplates } from './template-build';

// A file that needs a database (it imports this module) waits here, at import, not in a timed
// hook, for the run's templates: the first such file builds them. Files that need none never wait.
await ensureTemplates(inject('testTemplates'));

/**
 * A fresh database for one test file: an in-memory PGlite cloned from the template, or, with
 * TEST_DATABASE_URL, a new PostgreSQL database created from the template database and dropped
 * on close.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  const seeded = opts.seeded ?? true;
  const url = process.env.TEST_DATABASE_URL;
  const templates = inject('testTemplates');
  if (!url) {
    const dump = readFileSync(seeded ? templates.seeded : templates.empty);
    return openMemoryPglite(new Blob([dump]));
  }
  const name = `rn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${seeded ? templates.pgSeeded : templates.pgEmpty}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
