import type { Page } from '@playwright/test';
import { expect } from './test';

export const DEMO_PASSWORD = 'tribune-demo';

/** A fresh address per run, so journeys never depend on each other or on earlier runs. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tribune.test`;
}

/**
 * Fills and sends the login form on /login, and waits for the server's answer: a journey that
 * goes on at once (`page.goto`) must not cancel the login in flight and land back on /login.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/login' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Log ind' }).click();
  await answered;
}

/** On the public site: makes `club` the current club when the visitor has none ('Vælg klub'). */
export async function ensurePublicClub(page: Page, club = 'Demo FC') {
  await page.goto('/');
  const chooser = page.getByRole('button', { name: 'Vælg klub' });
  const clubName = page.getByRole('banner').getByRole('link', { name: club });
  await expect(chooser.or(clubName)).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.click();
    await page.getByRole('button', { name: club, exact: true }).click();
    await expect(clubName).toBeVisible();
  }
}

/** Signs up on the public site and follows the confirmation link of the mail. */
export async function signUpAndConfirm(
  page: Page,
  user: { firstname: string; lastname: string; email: string; password: string },
  confirmationLink: () => Promise<string>,
) {
  await ensurePublicClub(page);
  await page.getByRole('banner').getByRole('link', { name: 'Opret bruger' }).click();
  await page.getByLabel('Fornavn').fill(user.firstname);
  await page.getByLabel('Efternavn').fill(user.lastname);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(user.password);
  await page.getByLabel('Gentag adgangskode').fill(user.password);
  await page.getByRole('main').getByRole('button', { name: 'Opret bruger' }).click();
  await expect(
    page.getByText(
      `Din bruger blev oprettet! Før du kan logge ind skal du klikke på det link der er sendt til ${user.email} for at bekræfte din e-mail adresse.`,
    ),
  ).toBeVisible();
  // The link opens a page; its button confirms (a mail scanner opening the link changes nothing).
  await page.goto(await confirmationLink());
  await page.getByRole('button', { name: 'Bekræft e-mail adresse' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('confirmed') === '1',
  );
  await expect(
    page.getByText('Din e-mail adresse er bekræftet. Du kan nu logge ind.'),
  ).toBeVisible();
}
