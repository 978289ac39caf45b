/**
 * `npm run health`: the figures issue 26 holds the code to, printed in one place. Each is computed
 * from the tree as it is (nothing here is typed in by hand):
 * - the README's length and the Markdown links that do not resolve inside the repository;
 * - folder-level import cycles and the imports between client features and server modules;
 * - duplicate pairs of code against code (with the `duplicates` tool, where this machine has it);
 * - the longest components, hooks and route files;
 * - the weak test patterns of issue 31 (ESLint's own rules, comments that silence them ignored),
 *   next to the counts the audit found;
 * - the last run's suite times (`npm test` writes .tmp/test-times.tsv, `.ci/run` .tmp/ci-times.tsv).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { existsSync, readFileSync } from 'node:fs';
import { brokenLinks, markdownFiles, README_MAX_LINES, readmeLines } from './docs-links';
import { describeCycle, importHealth } from './import-cycles';
import { FUNCTION_LIMIT, measureCodeSize, overLimits, ROUTE_FILE_LIMIT } from './code-size';

type Row = [label: string, value: string, limit?: string];
const rows: Row[] = [];
const section = (title: string) => rows.push([`\n${title}`, '']);
const add = (label: string, value: string | number, limit?: string) => rows.push([label, String(value), limit]);

function docs() {
  section('Documentation');
  add('README.md lines', readmeLines(), `at most ${README_MAX_LINES}`);
  const files = markdownFiles();
  const broken = brokenLinks(files);
  add('Markdown files checked', files.length);
  add('links that do not resolve inside the repository', broken.length, '0');
  for (const b of broken.slice(0, 10)) add(`  ${b.file}:${b.line}`, `${b.target} (${b.reason})`);
}

function imports() {
  section('Imports (scripts/import-cycles.ts)');
  const health = importHealth();
  add('folder-level loops (and file loops in src/shared/rules)', health.cycles.length, '0');
  for (const cycle of health.cycles) add(`  [${cycle.scope}] ${describeCycle(cycle)}`, '');
  add('imports between client features', health.crossFeatureEdges);
  add('imports between server modules', health.crossModuleEdges);
}

function sizes() {
  section('Sizes in src/client (scripts/code-size.ts)');
  const size = measureCodeSize(process.cwd());
  const over = overLimits(size);
  add('components and hooks over the limit', over.functions.length, `${FUNCTION_LIMIT} lines`);
  add('route files over the limit', over.routeFiles.length, `${ROUTE_FILE_LIMIT} lines`);
  for (const f of size.functions.slice(0, 5)) add(`  ${f.name} (${f.file})`, `${f.lines} lines`);
  for (const f of size.routeFiles.slice(0, 3)) add(`  ${f.file}`, `${f.lines} lines`);
}

/** Both sides TypeScript outside the tests, and not marked boilerplate by the tool. */
export function codePairs(report: string): string[] {
  const isCode = (place: string) => /\.tsx?:/.test(place) && !/\.test\.|(^|\/)test\//.test(place);
  return report.split('\n').filter((line) => {
    const m = /^D\d+ (\S+) ~ (\S+)/.exec(line);
    return m !== null && !line.includes('boilerplate') && isCode(m[1]!) && isCode(m[2]!);
  });
}

function duplicates() {
  section('Duplicates in src/ (the `duplicates` tool)');
  let report: string;
  try {
    report = execFileSync('duplicates', ['--repo', 'src', '--most', '200', '--seconds', '120'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    add('not measured', 'the `duplicates` command is not on this machine');
    return;
  }
  add('pairs in all (code, styles, tests)', /^(\d+) pairs/.exec(report)?.[1] ?? '0');
  const pairs = codePairs(report);
  add('code against code, not boilerplate', pairs.length, 'at most 5');
  for (const p of pairs) add(`  ${p}`, '');
}

/** What the audit of issue 31 counted in the tests before the work on it (the issue's text). */
const WEAK_BEFORE = { 'local/no-every-without-length': 55, 'local/no-conditional-expect': 40, 'local/no-fixed-sleep': 45 } as const;
const WEAK_LABELS: Record<keyof typeof WEAK_BEFORE, string> = {
  'local/no-every-without-length': 'every() over a list that may be empty',
  'local/no-conditional-expect': 'expect inside an if with no else',
  'local/no-fixed-sleep': 'fixed sleeps',
};

async function weakPatterns() {
  section('Weak test patterns (issue 31; the lint rules, with any comment that silences them ignored)');
  // The lint config's own list of test files (a JavaScript module: imported by its address).
  const { TEST_FILES } = (await import(pathToFileURL(path.resolve('eslint.config.js')).href)) as { TEST_FILES: string[] };
  const count = async (allowInlineConfig: boolean) => {
    const results = await new ESLint({ allowInlineConfig, ruleFilter: ({ ruleId }) => ruleId in WEAK_BEFORE }).lintFiles(TEST_FILES);
    const counts = new Map<string, number>();
    for (const message of results.flatMap((r) => r.messages)) counts.set(message.ruleId ?? '', (counts.get(message.ruleId ?? '') ?? 0) + 1);
    return { counts, files: results.length };
  };
  const left = await count(true);
  const all = await count(false);
  for (const [rule, before] of Object.entries(WEAK_BEFORE)) {
    const silenced = (all.counts.get(rule) ?? 0) - (left.counts.get(rule) ?? 0);
    add(WEAK_LABELS[rule as keyof typeof WEAK_BEFORE], `${left.counts.get(rule) ?? 0}${silenced ? ` (+${silenced} silenced in place, each with its reason)` : ''}; audit: ${before}`, '0');
  }
  add('test files checked', left.files);
}

function times() {
  for (const [title, file] of [['Last `npm test` (.tmp/test-times.tsv)', '.tmp/test-times.tsv'], ['Last `.ci/run` (.tmp/ci-times.tsv)', '.tmp/ci-times.tsv']] as const) {
    section(title);
    if (!existsSync(file)) {
      add('not run on this checkout yet', '');
      continue;
    }
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const [name, seconds, code] = line.split('\t');
      add(name ?? '', `${seconds} s${code === '0' ? '' : ' (failed)'}`);
    }
  }
}

docs();
imports();
sizes();
duplicates();
await weakPatterns();
times();

const width = Math.max(...rows.filter(([label, value]) => value !== '' && !label.startsWith('\n')).map(([label]) => label.length));
for (const [label, value, limit] of rows) {
  if (label.startsWith('\n') || value === '') console.log(label.startsWith('\n') ? label : `  ${label}`);
  else console.log(`  ${label.padEnd(width)}  ${value}${limit ? `  (${limit})` : ''}`);
}
