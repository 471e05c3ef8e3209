import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from './test';

/** A phone as most buyers hold one: 390 × 844 CSS pixels, touch, a mobile browser. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  hasTouch: true,
  isMobile: true,
};

/** A new phone visitor with its own cookies. */
export async function phoneVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

/** The document is no wider than the screen: nothing to scroll sideways, nothing off screen. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { document: width, screen } = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(
    width,
    `${where}: the page is ${width} px wide on a ${screen} px screen`,
  ).toBeLessThanOrEqual(screen);
}

/**
 * axe finds no critical and no serious violation on the page (or in `within`, e.g. an open
 * dialog; without `exclude`, e.g. a document's pages drawn by pdf.js). The message names each rule and the elements it found, so a failure says what to fix.
 */
export async function expectAccessible(
  page: Page,
  where: string,
  within?: string,
  exclude?: string,
) {
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const grave = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.html.slice(0, 120)})`).join(', ')}`,
    );
  expect(grave, `${where}: axe violations`).toEqual([]);
}

/** What every page a phone journey visits must pass: it fits the screen and axe finds it usable. */
export async function expectPhoneReady(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where);
  await expectAccessible(page, where);
}

/** Every table on the page shows all its columns: none is clipped or wider than its box. */
export async function expectTablesFit(page: Page, where: string) {
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll('table'))
      .filter((table) => {
        const box = (table.parentElement ?? table).getBoundingClientRect();
        const drawn = table.getBoundingClientRect();
        return drawn.width > box.width + 1 || drawn.right > window.innerWidth + 1;
      })
      .map((table) => table.getAttribute('aria-label') ?? table.className),
  );
  expect(clipped, `${where}: tables wider than their box`).toEqual([]);
}

/** With TRIBUNE_SHOTS_DIR set, a screenshot of the screen as the buyer sees it (for the issue's note). */
export async function shotForTheNote(page: Page, name: string) {
  const dir = process.env.TRIBUNE_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}
