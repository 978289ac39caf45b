import { defineConfig } from 'vitest/config';
import { SRC_ALIASES } from './src-aliases.ts';

/**
 * `npm run test:scale`: the scale-out test (src/server/scale-out.test.ts) alone. It starts its own
 * server and worker processes on a PostgreSQL database of its own, so it needs none of the default
 * run's database templates, and it stays out of `npm test` (vitest.config.ts excludes it).
 */
export default defineConfig({
  resolve: { alias: SRC_ALIASES },
  test: {
    include: ['src/server/scale-out.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
