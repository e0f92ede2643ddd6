import { defineConfig, devices } from '@playwright/test';
import { E2E_METRICS_TOKEN } from './e2e/metrics-token.ts';

const port = Number(process.env.E2E_PORT ?? 8190);
const baseURL = `http://127.0.0.1:${port}`;
/** With E2E_PORT set, data directories carry the port, so two runs on one machine never meet. */
const dataSuffix = process.env.E2E_PORT ? `-${String(port)}` : '';
/**
 * A second server whose sessions go idle after 6 seconds while its access tokens live 30
 * minutes: session.spec.ts shows the server refusing a token whose `exp` has not passed.
 */
const idleServerURL = `http://127.0.0.1:${port + 1}`;
/** A third server offering Google sign-in through a real OpenID Connect provider at port + 3. */
const googleServerURL = `http://127.0.0.1:${port + 2}`;

// Debian's Chromium: no browser is downloaded. These flags keep it off the network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // Once every test has run: the main server's metrics are scraped, and the servers' logs are
  // scanned for personal data and secrets.
  globalTeardown: ['./e2e/metrics-scrape.ts', './e2e/log-scan.ts'],
  outputDir: '.test-output/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A person's walk through a page takes a few seconds; on a busy two-core CI machine, with
  // an axe scan of each state, the longer walks took over 30 s, and on a machine half as fast
  // 46-56 s, the risk calculator's walk over 60 s with both workers busy (41 s alone).
  // Slow tests (test.slow) get 3x.
  timeout: 90_000,
  // The longest report pages (a chart per condition) took over 5 s to draw there too.
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Recording a trace of every test costs about a tenth of the suite's time. CI keeps each
    // failure's screenshot and page snapshot; a local run keeps the trace as well.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
    {
      name: 'phone',
      // One scan of each route is enough; the feature specs walk the phone layouts. The visual
      // comparisons set each width themselves.
      testIgnore: ['routes.spec.ts', 'visual.spec.ts'],
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: [
    {
      command: 'node e2e/serve.mjs',
      env: {
        E2E_PORT: String(port),
        E2E_DATA_NAME: `e2e-data${dataSuffix}`,
        METRICS_TOKEN: E2E_METRICS_TOKEN,
      },
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/serve.mjs',
      env: {
        E2E_PORT: String(port + 1),
        E2E_DATA_NAME: `e2e-idle-data${dataSuffix}`,
        IDLE_TIMEOUT_MINUTES: '0.1',
        ACCESS_TOKEN_MINUTES: '30',
      },
      url: `${idleServerURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/serve.mjs',
      env: {
        E2E_PORT: String(port + 2),
        E2E_DATA_NAME: `e2e-google-data${dataSuffix}`,
        E2E_GOOGLE: '1',
      },
      url: `${googleServerURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
