import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) against the real
 * server on a fresh embedded database: nothing is downloaded.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://delta.localhost:${PORT}`,
    trace: 'off',
    // An action or navigation that cannot finish fails at its own step, with what it waited for,
    // instead of using up the test's minute silently.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The service worker (/worker.js) answers some requests itself, out of page.route's reach:
    // blocked here so other specs see the network as they expect; e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'rm -rf .tmp/e2e-data && node --import tsx src/server/main.ts',
    url: `http://localhost:${PORT}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The whole suite comes from one address, as a crowd of visitors would: the per-address API limit
    // is lifted (its own tests are integration tests); every other limit stays.
    env: { API_RATE_LIMIT: '1000000', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.tmp/e2e-data', SEED_MERCHANTS: '6000', DEMO_HISTORY: 'before-listen', NODE_ENV: 'test', LOG_LEVEL: 'warn', DEFAULT_PARTNER: 'delta' },
  },
});
