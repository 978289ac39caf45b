import { mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { templatesFor } from './templates';

/**
 * Names this run's database templates (by a random run id, so runs side by side in one checkout
 * or on one PostgreSQL server never replace each other's) and removes them at the end. The first
 * test file that needs a database builds them (template-build.ts); each such file then clones one
 * in milliseconds, and files that need no database start at once.
 */
export default function setup(project: TestProject) {
  const templates = templatesFor(`${process.pid}_${randomBytes(3).toString('hex')}`);
  project.provide('testTemplates', templates);
  mkdirSync(templates.dir, { recursive: true });
  return async () => {
    rmSync(templates.dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const name of [templates.pgEmpty, templates.pgSeeded]) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
