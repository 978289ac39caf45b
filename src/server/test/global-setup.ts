import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openMemoryPglite, openPostgres, runMigrations } from '../db/client';
import { seed } from '../demo';
import { EMPTY_TEMPLATE, PG_EMPTY_TEMPLATE, PG_SEEDED_TEMPLATE, SEEDED_TEMPLATE, TEMPLATE_DIR, TEST_MERCHANTS } from './templates';

/**
 * Builds the database templates once per test run: migrated, and migrated + seeded. Each test
 * file then clones one, so every file starts from its own clean database in milliseconds.
 */
export default async function setup() {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const empty = await openMemoryPglite();
  await runMigrations(empty);
  writeFileSync(EMPTY_TEMPLATE, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await seed(empty.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
  writeFileSync(SEEDED_TEMPLATE, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await empty.close();

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of [PG_EMPTY_TEMPLATE, PG_SEEDED_TEMPLATE]) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const db = openPostgres(target.toString(), 2);
      await runMigrations(db);
      if (name === PG_SEEDED_TEMPLATE) await seed(db.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
      await db.close();
    }
    await admin.end();
  }
}
