import { fileURLToPath } from 'node:url';
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect } from './test';

/** A file of e2e/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/**
 * PrimeReact closes an open overlay when the page scrolls, and Playwright scrolls an option into
 * view before clicking it: so the field goes to the middle of the screen first.
 */
async function centre(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

/** Picks `option` in the select (PrimeReact Dropdown) labelled `label`. */
export async function chooseOption(page: Page, label: string, option: string) {
  const select = page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel(label, { exact: true }) });
  await centre(select);
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types into an autocomplete and picks the proposal whose text contains `option` with the keyboard
 * (arrow down to it, Enter), as a person at the keyboard would: a pointer click can miss while the
 * page is still settling (e.g. a logo preview loading above it moves the field).
 */
export async function pickProposal(page: Page, label: string, text: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  await centre(input);
  await input.fill(text);
  const proposals = page.getByRole('listbox').getByRole('option');
  await expect(proposals.filter({ hasText: option }).first()).toBeVisible();
  const index = (await proposals.allInnerTexts()).findIndex((proposal) =>
    proposal.includes(option),
  );
  for (let step = 0; step <= index; step += 1) await input.press('ArrowDown');
  await input.press('Enter');
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.p-toast').getByText(text, { exact: true }).first()).toBeVisible();
}

/** The cell texts of the first worksheet of a downloaded workbook, row by row. */
export async function readWorkbook(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}
