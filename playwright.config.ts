// Browser tests (tests/e2e/*.spec.ts): Debian's Chromium driven by Playwright against the real
// server and the built PWA (each test file starts its own server, see tests/e2e/fixtures.ts).
// Build first (`node scripts/build.mjs`, or `npm test` does it), then `npx playwright test`.
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/playwright',
  // Two cores, and every file starts a server: one file at a time, its tests in order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A scenario takes up to a minute and a half on a loaded machine; some set their own.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]]
    : [['list']],
  use: {
    // Debian's Chromium (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') with the flags in
    // tests/e2e/support/chromium.ts; never `playwright install`.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
