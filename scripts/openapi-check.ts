/**
 * CI check of the OpenAPI documents (npm run test:openapi): builds the app and the operator
 * console's app (server/ops/app.ts) on a fresh in-memory database, writes each document served at
 * /api/docs/json to a temporary file, validates it
 * against the OpenAPI 3 schema (@apidevtools/swagger-parser) and lints it with Redocly's
 * recommended rules (redocly.yaml names every exception and its reason). Exits 1 on any problem.
 *
 * The development build is checked: it documents every route (staging tools included), so the
 * production document (the same minus the staging tools) is covered too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { buildApp } from '../src/server/app';
import { buildOpsApp } from '../src/server/ops/app';
import { loadConfig } from '../src/server/config';
import { openMemoryPglite, runMigrations } from '../src/server/db/client';

type LintReport = {
  totals: { errors: number; warnings: number };
  version: string;
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Documents = { app: string; console: string };

async function fetchDocuments(): Promise<Documents> {
  const database = await openMemoryPglite();
  try {
    await runMigrations(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { clientDir: path.join(root, 'src/server/test/fixtures/client') });
    const documents: Partial<Documents> = {};
    for (const [name, build, host] of [['app', buildApp, 'localhost'], ['console', buildOpsApp, 'ops.localhost']] as const) {
      const app = await build({ config, db: database.db, logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { host } });
        if (res.statusCode !== 200) throw new Error(`GET /api/docs/json (${name}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        documents[name] = res.body;
      } finally {
        await app.close();
      }
    }
    return documents as Documents;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  let failed = 0;
  for (const [name, body] of Object.entries(await fetchDocuments())) {
    console.log(`— the ${name}'s document`);
    failed += await check(body);
  }
  return failed > 0 ? 1 : 0;
}

async function check(document: string): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-check-'));
  try {
    const file = path.join(dir, 'openapi.json');
    // Pretty-printed, so a problem's line number points somewhere readable.
    writeFileSync(file, `${JSON.stringify(JSON.parse(document), null, 2)}\n`);
    console.log(`OpenAPI document written to ${file}`);

    try {
      const api = await SwaggerParser.validate(file);
      console.log(`swagger-parser: valid OpenAPI ${'openapi' in api ? api.openapi : '?'} (${Object.keys(api.paths ?? {}).length} paths)`);
    } catch (err) {
      console.error(`swagger-parser: the document is not valid OpenAPI:\n${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }

    // JSON output, so warnings fail the check too (redocly itself exits 0 on warnings).
    const lint = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // No telemetry or update check from CI.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let report: LintReport;
    try {
      report = JSON.parse(lint.stdout) as LintReport;
    } catch {
      console.error(`redocly lint did not run (exit ${lint.status ?? lint.signal}):\n${lint.stderr}${lint.stdout}`);
      return 1;
    }
    for (const p of report.problems) {
      console.error(`  ${p.severity.padEnd(7)} ${p.ruleId}  ${p.location[0]?.pointer ?? ''}\n          ${p.message}`);
    }
    const { errors, warnings } = report.totals;
    console.log(`redocly lint (${report.version}, redocly.yaml): ${errors} errors, ${warnings} warnings`);
    if (errors + warnings > 0) return 1;
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
