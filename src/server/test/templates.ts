import path from 'node:path';

/**
 * Where one test run keeps its migrated (and seeded) templates for the test files to clone. Every
 * run has its own (several runs may share a checkout and a PostgreSQL server); the global setup
 * names them and tells the test files through vitest's provide/inject, and the first test file that
 * needs a database builds them (template-build.ts), so files that need none never wait.
 */
export type TestTemplates = {
  empty: string; seeded: string; pgEmpty: string; pgSeeded: string; dir: string;
  /** Made (atomically, a folder) by the one test file that builds the templates. */
  lock: string;
  /** Written once the templates are complete; `failed` holds the builder's error instead. */
  ready: string;
  failed: string;
};

export function templatesFor(runId: string): TestTemplates {
  const dir = path.resolve('.tmp/test-templates', runId);
  return {
    dir,
    empty: path.join(dir, 'empty.tar.gz'),
    seeded: path.join(dir, 'seeded.tar.gz'),
    lock: path.join(dir, 'build.lock'),
    ready: path.join(dir, 'ready'),
    failed: path.join(dir, 'failed'),
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
