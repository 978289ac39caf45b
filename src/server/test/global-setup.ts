import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openMemoryPglite, openPostgres, runMigrations } from '../db/client';
import { seed } from '../demo';
import { TEST_MERCHANTS, templatesFor } from './templates';

/**
 * Builds the database templates once per test run: migrated, and migrated + seeded. Each test
 * file then clones one, so every file starts from its own clean database in milliseconds. The
 * templates belong to this run (named by a random run id, removed at the end), so runs side by
 * side in one checkout or on one PostgreSQL server never replace each other's.
 */
export default async function setup(project: TestProject) {
  const templates = templatesFor(`${process.pid}_${randomBytes(3).toString('hex')}`);
  project.provide('testTemplates', templates);
  mkdirSync(templates.dir, { recursive: true });
  const empty = await openMemoryPglite();
  await runMigrations(empty);
  writeFileSync(templates.empty, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await seed(empty.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
  writeFileSync(templates.seeded, Buffer.from(await (await empty.client.dumpDataDir('gzip')).arrayBuffer()));
  await empty.close();

  const url = process.env.TEST_DATABASE_URL;
  const dropTemplates = async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const name of [templates.pgEmpty, templates.pgSeeded]) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  };
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of [templates.pgEmpty, templates.pgSeeded]) {
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const db = openPostgres(target.toString(), 2);
      await runMigrations(db);
      if (name === templates.pgSeeded) await seed(db.db, { merchantCount: TEST_MERCHANTS, demoMembers: true });
      await db.close();
    }
    await admin.end();
  }
  return async () => {
    rmSync(templates.dir, { recursive: true, force: true });
    await dropTemplates();
  };
}
