/**
 * End-to-end suite: Debian's Chromium against the real built server (global-setup.ts starts
 * `node dist/server/bootstrap.js` with SQLite in a temp dir, the captcha on and the cache on Redis).
 * Run: `npm run build && npx playwright test -c tests/e2e/playwright.config.ts`.
 * Screenshots land in tests/e2e/artifacts/ (gitignored); the user guide's pictures in
 * tests/e2e/artifacts/doc-screens/ (docs/user/screens/ with npm run docs:screens; doc-shots.ts).
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './specs',
  testMatch: /.*\.spec\.ts$/,
  outputDir: './artifacts/test-output',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  // Each worker has a server of its own (global-setup.ts): specs in one file run in order, files side by
  // side. The suite is bound by the browser's CPU: one worker per two cores (on two cores a second
  // worker made the run no shorter, each test twice as long). E2E_WORKERS sets it.
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // With TEST_RESULTS_DIR set (CI), results also go to <dir>/e2e-results.json.
  reporter: process.env.TEST_RESULTS_DIR ? [['list'], ['json', { outputFile: resolve(process.env.TEST_RESULTS_DIR, 'e2e-results.json') }]] : [['list']],
  use: {
    viewport: { width: 1400, height: 860 },
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    acceptDownloads: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--js-flags=--no-opt',
        // Each new context of this Chromium preloads the address bar's popup, a page of its own in a
        // renderer of its own, that a headless test never shows: a tenth of a CPU-second per context.
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
      ],
    },
  },
});
