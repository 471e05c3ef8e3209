import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against a running Tribune server (the built SPA is served by the API).
 * TRIBUNE_BASE_URL: the server; TRIBUNE_MAILDIR: the SMTP sink's Maildir; TRIBUNE_CHROMIUM: the
 * browser (Debian's chromium; Playwright's own browsers are never downloaded).
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  // A long journey (the contract one takes 46 s on a busy 2-core machine) gets room on a slower CI
  // runner; each step still waits at most `expect.timeout`.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'e2e-results.json' }]],
  outputDir: 'test-results',
  use: {
    // A click or fill whose element never comes fails at its own step, naming it, instead of
    // waiting out the whole journey's timeout.
    actionTimeout: 30_000,
    baseURL: process.env.TRIBUNE_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    locale: 'da-DK',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.TRIBUNE_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
