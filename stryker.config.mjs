// @ts-check
/**
 * Mutation testing where money and rules are decided (npm run test:mutation): src/shared/rules
 * (the earning policy, claim matching, bonuses, payouts' breakpoint…) and the rewards engine's
 * pure core (card-network/decisions.ts), functions whose tests run in milliseconds. Reports land
 * in reports/mutation/ (not committed).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/shared/rules/**/*.ts', '!src/shared/rules/**/*.test.ts', 'src/server/modules/card-network/decisions.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  // Inside .tmp/, which git, ESLint and TypeScript already leave alone.
  tempDirName: '.tmp/stryker',
  cleanTempDir: true,
  // The sandbox needs the sources and configs only, not build output, databases or other suites.
  ignorePatterns: ['/.tmp', '/dist', '/data', '/e2e', '/bench', '/docs', '/migrations', '/test-results', '/playwright-report'],
};

export default config;
