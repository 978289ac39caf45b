import { readFileSync } from 'node:fs';

/**
 * The mutation score of each file StrykerJS mutated (npm run test:mutation, after `stryker run`):
 * killed (and timed out) over the mutants that count (survived and not covered too), from its JSON
 * report. Fails when any file is below MIN_FILE_SCORE: a file where money or rules are decided is
 * held to its own tests, not carried by the others' average (issue 31 item 1).
 */
export const MIN_FILE_SCORE = 90;
const REPORT = 'reports/mutation/mutation.json';

type Mutant = { status: string };
type Report = { files: Record<string, { mutants: Mutant[] }> };

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export function fileScores(report: Report): Array<{ file: string; detected: number; counted: number; score: number }> {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const counted = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    return { file, detected, counted, score: counted === 0 ? 100 : (100 * detected) / counted };
  }).sort((a, b) => a.score - b.score || a.file.localeCompare(b.file));
}

function main() {
  const rows = fileScores(JSON.parse(readFileSync(REPORT, 'utf8')) as Report);
  const below = rows.filter((r) => r.score < MIN_FILE_SCORE);
  const total = rows.reduce((t, r) => ({ detected: t.detected + r.detected, counted: t.counted + r.counted }), { detected: 0, counted: 0 });
  for (const r of rows) console.log(`${r.score.toFixed(1).padStart(6)} %  ${String(r.detected).padStart(4)} of ${String(r.counted).padEnd(4)}  ${r.file}${r.score < MIN_FILE_SCORE ? '  (below the floor)' : ''}`);
  console.log(`All files: ${(100 * total.detected / Math.max(1, total.counted)).toFixed(1)} % (${total.detected} of ${total.counted}); floor per file ${MIN_FILE_SCORE} %: ${below.length === 0 ? 'every file meets it' : `${below.length} below`}.`);
  if (below.length) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('mutation-score.ts')) main();
