import type { Page } from '@playwright/test';
import { expectToast, pickProposal } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 14, the staff's side of a subscription: a draft for a contact person with one line
 * (Fitness at 299,00 a month, six months' binding) → saved → approved → 'Aktiv' in the list → the
 * payment link mailed to the customer, who gives a card on the public page (the payments journey).
 *
 * The contact is one of the demo CRM's contact persons (api/src/seed/crm.rs), who all have an
 * e-mail. Demo FC's prices include 25 % VAT.
 */

const SUBSCRIPTION_URL = /\/orders\/subscriptions\/([0-9a-f-]{36})(\?.*)?$/;

async function action(page: Page, name: string) {
  await page.getByRole('button', { name: 'Handlinger' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

test('staff create a subscription, approve it, find it active and send the payment link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A description no other run has: the list's search finds this subscription by it.
  const description = `Fitness e2e ${Date.now()}`;
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();

  // The list, from the orders module's side menu.
  await page.goto('/orders');
  await page
    .getByRole('navigation', { name: 'Undermenu' })
    .getByRole('link', { name: 'Abonnementer' })
    .click();
  await expect(page).toHaveURL(/\/orders\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnementer' })).toBeVisible();

  // A new draft: the contact person, the dates, the months and one line.
  await page.getByRole('link', { name: 'Opret abonnement' }).click();
  await expect(page).toHaveURL(/\/orders\/subscriptions\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opret kladde' })).toBeVisible();
  await expect(page.getByLabel('Gentag hver (måneder)', { exact: true })).toHaveValue('1');

  // Saving without the required fields names them.
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Kontaktperson skal vælges')).toBeVisible();
  await expect(page.getByText('Binding skal udfyldes')).toBeVisible();

  await pickProposal(page, 'Kontaktperson', 'Mette', 'Mette');
  await expect(page.getByRole('group', { name: 'Kontaktperson' })).toContainText('Mette');
  await page.getByLabel('Startdato', { exact: true }).fill('2027-01-01');
  await page.getByLabel('Binding (måneder)', { exact: true }).fill('6');
  await page.getByLabel('Beskrivelse', { exact: true }).fill(description);

  await page.getByRole('button', { name: 'Tilføj produkt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj produkt' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Titel', { exact: true }).fill('Fitness');
  await dialog.getByLabel('Pris', { exact: true }).fill('299,00');
  await expect(dialog.getByLabel('Antal', { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(dialog).toBeHidden();
  const lines = page.getByRole('table', { name: 'Produkter' });
  await expect(lines.getByRole('row').filter({ hasText: 'Fitness' })).toContainText('299,00');
  const totals = page.getByRole('table', { name: 'Beløb' });
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('299,00');
  await expect(totals.getByRole('row', { name: /Moms/ })).toContainText('59,80');

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Abonnement blev oprettet!');
  await expect(page).toHaveURL(SUBSCRIPTION_URL);
  const heading = page.getByRole('heading', { level: 1, name: /^Abonnement #\d+$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Abonnement #', '').trim();
  // The server's own figures after the save: the same.
  await expect(totals.getByRole('row', { name: /Moms/ })).toContainText('59,80');
  await expect(page.getByRole('region', { name: 'Betaling' })).toContainText(
    'Intet betalingskort endnu',
  );

  // Approve: the draft becomes active and read-only.
  await action(page, 'Godkend');
  await expectToast(page, 'Abonnement blev godkendt!');
  await expect(page.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Binding (måneder)', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Gem', exact: true })).toHaveCount(0);

  // The list shows it active.
  await page.goto('/orders/subscriptions');
  await page.getByRole('searchbox', { name: 'Søg' }).fill(description);
  const list = page.getByRole('table', { name: 'Abonnementer' });
  const show = list.getByRole('link', { name: `Se abonnement #${number}` });
  await expect(show).toBeVisible();
  // `has` looks inside each row: a page-rooted locator, not one inside the table.
  const row = list
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Se abonnement #${number}` }) });
  await expect(row).toContainText('Aktiv');
  await expect(row).toContainText('Mette');
  await expect(row).toContainText('299,00');

  // Its page mails the payment link.
  await show.click();
  await expect(page).toHaveURL(SUBSCRIPTION_URL);
  await expect(
    page.getByRole('heading', { level: 1, name: `Abonnement #${number}` }),
  ).toBeVisible();
  await action(page, 'Send betalingslink');
  await expectToast(page, 'Betalingslink blev sendt.');
});
