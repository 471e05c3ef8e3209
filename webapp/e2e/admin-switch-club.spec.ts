import type { Page } from '@playwright/test';
import { logIn } from './support/session';
import { expect, test } from './support/test';

async function switchClub(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Skift klub: ${from}` }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.getByRole('heading', { level: 1, name: to })).toBeVisible();
  await expect(page.getByRole('button', { name: `Skift klub: ${to}` })).toBeVisible();
}

test('the admin switches to Demo Håndbold and back', async ({ page }) => {
  await logIn(page, 'admin@tribune.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo FC' })).toBeVisible();
  const modules = page.getByRole('navigation', { name: 'Moduler' });
  await expect(modules.getByRole('link', { name: 'Arrangementer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Indstillinger' })).toBeVisible();

  await switchClub(page, 'Demo FC', 'Demo Håndbold');
  await expect(modules.getByRole('link')).toHaveText(['Dashboard', 'Virksomheder', 'Kontakter']);

  await switchClub(page, 'Demo Håndbold', 'Demo FC');
  await expect(modules.getByRole('link', { name: 'Arrangementer' })).toBeVisible();
});
