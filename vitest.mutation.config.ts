import { defineConfig } from 'vitest/config';
import { SRC_ALIASES } from './src-aliases.ts';

/**
 * Vitest for mutation testing (stryker.config.mjs): the pure tests of the rules and of the
 * engine's decisions only, no database templates (no global setup), so each mutant run stays in
 * milliseconds.
 */
export default defineConfig({
  resolve: { alias: SRC_ALIASES },
  test: {
    include: ['src/shared/rules/**/*.test.ts', 'src/server/modules/card-network/decisions*.test.ts'],
    environment: 'node',
    pool: 'threads',
  },
});
