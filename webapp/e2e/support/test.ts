import { test as base, expect } from '@playwright/test';

/**
 * The journeys' `test`: like Playwright's, but a page that throws or logs a console error fails the
 * test. The browser's own network notices ("Failed to load resource" for an anonymous visitor's
 * 401) are not errors of the app.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
