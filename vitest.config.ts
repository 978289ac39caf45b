import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SRC_ALIASES } from './src-aliases.ts';

export default defineConfig({
  resolve: { alias: SRC_ALIASES },
  plugins: [react()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
