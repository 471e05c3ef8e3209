import type { Page } from '@playwright/test';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

async function openHandbold(page: Page) {
  await page.goto('/settings/clients');
  await page.getByRole('link', { name: 'Rediger Demo Håndbold' }).click();
  await page.getByRole('tab', { name: 'Modules' }).click();
}

test('an admin adds a module to a club, reorders it and the sidebar follows', async ({ page }) => {
  await logIn(page, 'admin@tribune.test');
  await page.getByRole('button', { name: 'Skift klub: Demo FC' }).click();
  await page.getByRole('menuitem', { name: 'Demo Håndbold' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Moduler' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Virksomheder', 'Kontakter']);

  await openHandbold(page);
  await chooseOption(page, 'Tilføj modul', 'Produkter');
  const cards = page.getByRole('list', { name: 'Modules' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  // The picker is empty again shortly after the choice.
  await expect(page.locator('.p-dropdown-label', { hasText: 'Tilføj modul' })).toBeVisible();
  await page.getByRole('button', { name: 'Flyt Produkter op' }).click();
  await page.getByRole('button', { name: 'Flyt Produkter op' }).click();
  await page.getByRole('button', { name: 'Gem' }).first().click();
  await expectToast(page, 'Indstillinger blev gemt!');
  await expect(sidebar.getByRole('link')).toHaveText([
    'Dashboard',
    'Produkter',
    'Virksomheder',
    'Kontakter',
  ]);

  // Switched off: gone from the sidebar.
  await page.getByRole('switch', { name: 'Produkter aktiv' }).click();
  await page.getByRole('button', { name: 'Gem' }).first().click();
  await expectToast(page, 'Indstillinger blev gemt!');
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Virksomheder', 'Kontakter']);

  // Leave the club as it was.
  await page.getByRole('button', { name: 'Fjern Produkter' }).click();
  await page.getByRole('button', { name: 'Gem' }).first().click();
  await expectToast(page, 'Indstillinger blev gemt!');
});
