// End-to-end journeys in Debian's Chromium against the built app: the server is built and started
// on port 3100 with a fresh data directory, so every run starts from an empty database and outbox.
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT as PORT } from './tests/e2e/support/env';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey of several pages took 33 to 37 s on a slow 2-core machine (decision 102).
  timeout: 60_000,
  // Generous for a busy 2-core machine: a first visit loads each screen's code cold.
  expect: { timeout: 12_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace (a screencast and a DOM snapshot per action) cost every test about a quarter
    // of its time; a failing test is traced on its retry instead.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" "${E2E_DATA_DIR}" && npm run build && node dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/docs`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Only errors are logged, and they show in the run's output: a 500 in a journey comes with its cause.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'error',
      VITE_LOG_LEVEL: 'warn',
      // Every journey shares 127.0.0.1; the analytics limit is for the open internet.
      ANALYTICS_PER_MINUTE: '100000',
      PER_IP_LIMIT_SCALE: '100',
      SEED_DEMO: 'false',
      APP_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123',
    },
  },
});
