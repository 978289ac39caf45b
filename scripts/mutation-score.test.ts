import { describe, expect, it } from 'vitest';
import { fileScores, MIN_FILE_SCORE } from './mutation-score';

describe('mutation score per file', () => {
  it('counts killed and timed-out mutants over those that count (not compile errors or ignored ones), lowest first', () => {
    const m = (status: string, n: number) => Array.from({ length: n }, () => ({ status }));
    const rows = fileScores({ files: {
      'a.ts': { mutants: [...m('Killed', 8), ...m('Timeout', 1), ...m('Survived', 1), ...m('CompileError', 5), ...m('Ignored', 3)] },
      'b.ts': { mutants: [...m('Killed', 17), ...m('NoCoverage', 3)] },
      'c.ts': { mutants: m('Ignored', 2) },
    } });
    expect(rows).toEqual([
      { file: 'b.ts', detected: 17, counted: 20, score: 85 },
      { file: 'a.ts', detected: 9, counted: 10, score: 90 },
      { file: 'c.ts', detected: 0, counted: 0, score: 100 },
    ]);
    expect(rows.filter((r) => r.score < MIN_FILE_SCORE).map((r) => r.file)).toEqual(['b.ts']);
  });
});
