import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SRC_ALIASES } from './src-aliases.ts';

export default defineConfig({
  resolve: { alias: SRC_ALIASES },
  plugins: [react()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Two server and two worker processes on PostgreSQL: `npm run test:scale` (vitest.scale.config.ts).
    exclude: [...configDefaults.exclude, 'src/server/scale-out.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
