import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openMemoryPglite, openPostgres, runMigrations } from '../db/client';
import { seed } from '../demo';
import { TEST_MERCHANTS, type TestTemplates } from './templates';

/** How long a test file waits for another file to finish building the templates. */
const BUILD_WAIT_MS = 10 * 60_000;
const POLL_MS = 100;

/** Builds the templates: migrated, and migrated + seeded (PGlite dumps, and PostgreSQL databases with TEST_DATABASE_URL). */
async function buildTemplates(templates: TestTemplates): Promise<void> {
  const empty = await openMemoryPglite();
  await runMigrations(empty);
  writeFileSync(templates.empty, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await seed(empty.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
  writeFileSync(templates.seeded, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await empty.close();

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const name of [templates.pgEmpty, templates.pgSeeded]) {
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const db = openPostgres(target.toString(), 2);
      await runMigrations(db);
      if (name === templates.pgSeeded) await seed(db.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
      await db.close();
    }
  } finally {
    await admin.end();
  }
}

/**
 * Makes sure this run's templates exist: the first test file to ask builds them (it takes the
 * lock, a folder made atomically); the others wait for its `ready` (or `failed`) word, up to
 * BUILD_WAIT_MS. Test files that need no database never call this and never wait.
 */
export async function ensureTemplates(templates: TestTemplates): Promise<void> {
  if (existsSync(templates.ready)) return;
  mkdirSync(templates.dir, { recursive: true });
  let builder = true;
  try {
    mkdirSync(templates.lock);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    builder = false;
  }
  if (builder) {
    try {
      await buildTemplates(templates);
      writeFileSync(templates.ready, new Date().toISOString());
    } catch (err) {
      writeFileSync(templates.failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
    return;
  }
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(templates.ready)) {
    if (existsSync(templates.failed)) throw new Error(`Another test file could not build the test database templates:\n${readFileSync(templates.failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The test database templates were not ready after ${BUILD_WAIT_MS / 60_000} minutes (${templates.dir}).`);
    // Polling for another process's file: the wait is for the condition above, bounded by the deadline.
    // eslint-disable-next-line local/no-fixed-sleep
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
