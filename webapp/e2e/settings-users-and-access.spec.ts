import type { Browser, Page } from '@playwright/test';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn, uniqueEmail } from './support/session';
import { expect, test } from './support/test';

async function switchTo(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Skift klub: ${from}` }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.getByRole('button', { name: `Skift klub: ${to}` })).toBeVisible();
}

/** A fresh browser logged in as `email` (another person at another computer). */
async function asUser(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
  return page;
}

test('an admin creates a club user through the e-mail check, impersonates them and returns; a read-only role cannot save', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('holdleder');
  const password = 'kodeord-til-e2e';
  await logIn(page, 'admin@tribune.test');
  await switchTo(page, 'Demo FC', 'Demo Håndbold');

  // Create through the e-mail check: the fields stay locked until the check allows.
  await page.goto('/settings/users/create');
  await expect(page.getByLabel('Fornavn')).toBeDisabled();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Tjek e-mail' }).click();
  await expect(page.getByText('E-mail adressen er ledig')).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toBeEnabled();
  await page.getByLabel('Fornavn').fill('Hanne');
  await page.getByLabel('Efternavn').fill('Holdleder');
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByLabel('E-mail godkendt').check();
  await chooseOption(page, 'Rolle', 'Medarbejder');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Bruger blev oprettet!');
  await expect(page).toHaveURL(/\/settings\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('E-mail', { exact: true })).toBeDisabled();

  // Impersonate and return.
  await page.goto('/settings/admin-users');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('button', { name: 'Log ind som Hanne Holdleder' }).click();
  await expect(page.getByText('Du er logget ind som Hanne Holdleder')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Tilbage til Ada Admin' }).click();
  await expect(page).toHaveURL(/\/settings\/admin-users$/);
  await expect(page.getByText('Du er logget ind som')).toHaveCount(0);

  // The Medarbejder role made read-only for companies in Demo Håndbold.
  await page.goto('/settings/clients');
  await page.getByRole('link', { name: 'Rediger Demo Håndbold' }).click();
  await page.getByRole('tab', { name: 'Modules' }).click();
  await page.getByRole('button', { name: 'Rediger Virksomheder' }).click();
  const dialog = page.getByRole('dialog');
  await chooseOption(page, 'Regel', 'Læse');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Gem' }).first().click();
  await expectToast(page, 'Indstillinger blev gemt!');

  const hanne = await asUser(browser, email, password);
  await hanne.goto('/companies');
  await expect(hanne.getByRole('table', { name: 'Virksomheder' })).toBeVisible();
  await hanne.goto('/companies/create');
  await hanne.getByLabel('Navn').first().fill('Læsernes Sponsor ApS');
  await hanne.getByLabel('CVR', { exact: true }).fill('12345678');
  await hanne.getByRole('button', { name: 'Gem' }).click();
  await expectToast(hanne, 'Du har ikke adgang til dette');
  await hanne.context().close();
});
