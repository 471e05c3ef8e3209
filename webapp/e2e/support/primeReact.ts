import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

// PrimeReact's select, autocomplete and toast, used as a person uses them.

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
  const open = select.locator('.p-dropdown-trigger');
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  // The list of an earlier pick fades out for a moment and may hold the same option: the option
  // must be this select's, so that list is gone first.
  await expect(page.locator('.p-dropdown-panel')).toHaveCount(0);
  // A click can miss (the select still moving in with its dialog) or land while the options load;
  // a second click on an open list closes it. So: click only while this select is closed, and look
  // again, until the option shows.
  await expect(async () => {
    if ((await open.getAttribute('aria-expanded')) !== 'true') await select.click();
    await choice.waitFor({ state: 'visible', timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
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
