import path from 'node:path';

/**
 * Where one test run's global setup leaves its migrated (and seeded) templates for the test files
 * to clone. Every run has its own (several runs may share a checkout and a PostgreSQL server), and
 * tells its test files the names through vitest's provide/inject.
 */
export type TestTemplates = { empty: string; seeded: string; pgEmpty: string; pgSeeded: string; dir: string };

export function templatesFor(runId: string): TestTemplates {
  const dir = path.resolve('.tmp/test-templates', runId);
  return {
    dir,
    empty: path.join(dir, 'empty.tar.gz'),
    seeded: path.join(dir, 'seeded.tar.gz'),
    pgEmpty: `rn_template_empty_${runId}`,
    pgSeeded: `rn_template_seeded_${runId}`,
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/** Small enough to seed in seconds, large enough for every metro to have restaurants. */
export const TEST_MERCHANTS = 3000;
