import type { Locator, Page } from '@playwright/test';
import { pdfText } from './support/pdf';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The customer's profile (spec 3 §2 'Customer profile'): kunde@tribune.test saves two cards
 * through the fake Stripe() in front of localstripe, makes the second the default, deletes the
 * first, and changes the phone number on 'Profil'. Demo FC takes cards through Stripe. Her booking
 * shows under 'Ordrer' and its ticket under 'Billetter', from where it downloads again.
 */

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Kortnummer').fill(number);
  await page.getByLabel('Udløbsdato').fill('12 / 30');
  await page.getByLabel('Kontrolcifre').fill('123');
}

/** The row of the card ending in `last4`. */
function cardRow(table: Locator, last4: string): Locator {
  return table.getByRole('row').filter({ hasText: `•••• ${last4}` });
}

async function addCard(page: Page, table: Locator, number: string, last4: string) {
  await page.getByRole('button', { name: 'Tilføj kort', exact: true }).click();
  await enterCard(page, number);
  await page.getByRole('button', { name: 'Gem kort', exact: true }).click();
  await expectToast(page, 'Kortet blev gemt!');
  await expect(cardRow(table, last4)).toHaveCount(1);
  await expect(page.getByLabel('Kortnummer')).toHaveCount(0);
}

async function deleteCard(page: Page, row: Locator) {
  await row.getByRole('button', { name: 'Slet', exact: true }).click();
  await expect(page.getByText('Er du sikker på at du vil slette dette kort?')).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft', exact: true }).click();
  await expect(page.getByText('Er du sikker på at du vil slette dette kort?')).toHaveCount(0);
}

test('a customer saves cards, changes the default, deletes one and edits the profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'kunde@tribune.test');
  await expect(page.getByRole('group', { name: 'Din bruger' })).toContainText('kunde@tribune.test');

  await page.goto('/profile#cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Betalingskort' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Min profil' });
  await expect(menu.getByRole('link', { name: 'Betalingskort' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Betalingskort' });
  await expect(table).toBeVisible();

  // A clean start: cards an earlier run left behind are deleted first.
  const deleteButton = page.getByRole('button', { name: 'Slet', exact: true });
  const leftovers = table.getByRole('row').filter({ has: deleteButton });
  for (let count = await leftovers.count(); count > 0; count -= 1) {
    await deleteCard(page, leftovers.first());
    await expect(leftovers).toHaveCount(count - 1);
  }
  await expect(table.getByText('Du har ingen gemte betalingskort.')).toBeVisible();

  // The first card saved is the default.
  await addCard(page, table, '4242 4242 4242 4242', '4242');
  const visa = cardRow(table, '4242');
  await expect(visa.getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(visa).toContainText('12/30');
  await expect(visa.getByText('Standard', { exact: true })).toBeVisible();

  // A second one is not, until it is made the default.
  await addCard(page, table, '5555 5555 5555 4444', '4444');
  // (localstripe calls every card a visa: the brand's mark is not checked here.)
  const mastercard = cardRow(table, '4444');
  await expect(mastercard.getByText('Standard', { exact: true })).toHaveCount(0);
  await mastercard.getByRole('button', { name: 'Gør til standard', exact: true }).click();
  await expectToast(page, 'Standardkortet blev ændret!');
  await expect(mastercard.getByText('Standard', { exact: true })).toBeVisible();
  await expect(visa.getByText('Standard', { exact: true })).toHaveCount(0);

  // The first card deleted; the default stays.
  await deleteCard(page, visa);
  await expectToast(page, 'Kortet blev slettet!');
  await expect(visa).toHaveCount(0);
  await expect(mastercard.getByText('Standard', { exact: true })).toBeVisible();

  // What the provider holds, after a reload.
  await page.reload();
  await expect(cardRow(table, '4444').getByText('Standard', { exact: true })).toBeVisible();
  await expect(cardRow(table, '4242')).toHaveCount(0);

  // Profil: the e-mail is read-only; a new phone number is saved.
  await menu.getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/profile' && url.hash === '');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await expect(page.getByLabel('E-mail')).toHaveValue('kunde@tribune.test');
  const phone = `2${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Telefon').fill(phone);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Profil blev gemt!');
  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue(phone);
});

test('a subscription inside its commitment cannot be cancelled, and the page says from when it can', async ({
  page,
}) => {
  await logIn(page, 'kunde@tribune.test');
  // The demo's active subscription of kunde@tribune.test (api/src/seed/subscriptions.rs): six
  // months' commitment from next month.
  await page.goto('/profile#subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnementer' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Aktiv' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Kan opsiges fra \d{2}-\d{2}-\d{4}/);
  await expect(page.getByRole('button', { name: 'Opsig abonnement' })).toHaveCount(0);
});

test("a customer's booking shows in the profile with its ticket, which downloads again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'kunde@tribune.test');
  // The demo's members' meeting is free: booked at once, as Gæst.
  await page.goto('/events/generalforsamling-2026');
  const orderAs = page.locator('.p-dropdown').filter({ has: page.getByLabel('Bestil som') });
  if ((await orderAs.count()) > 0) await chooseOption(page, 'Bestil som', 'Gæst');
  const amount = page.getByRole('group', { name: 'Deltager' }).getByLabel('Antal');
  await amount.fill('1');
  await amount.blur();
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('kunde@tribune.test');
  const phone = page.getByLabel('Telefon');
  if (!(await phone.inputValue())) await phone.fill('40 12 34 56');
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('checkbox', { name: /Jeg accepterer/ }).check();
  await page.getByRole('button', { name: 'Bekræft tilmelding' }).click();
  await expect(page.getByText('Tak for din bestilling!')).toBeVisible();
  const number = /#(\d+)/.exec(await page.getByText(/^Ordrenummer #/).innerText())?.[1] ?? '';
  expect(number).not.toBe('');

  // 'Ordrer': the booking, its event and status.
  await page.goto('/profile#orders');
  const orders = page.getByRole('table', { name: 'Ordrer' });
  const order = orders
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: number, exact: true }) });
  await expect(order).toContainText('Generalforsamling 2026');
  await expect(order).toContainText('Bekræftet');

  // 'Billetter': its ticket, whose PDF downloads again.
  const menu = page.getByRole('navigation', { name: 'Min profil' });
  await menu.getByRole('link', { name: 'Billetter' }).click();
  const tickets = page.getByRole('table', { name: 'Billetter' });
  const ticket = tickets.getByRole('row').filter({ hasText: `ordre ${number}` });
  await expect(ticket).toHaveCount(1);
  await expect(ticket).toContainText('Generalforsamling 2026');
  const download = ticket.getByRole('link', { name: /^Hent billet \d+ som PDF$/ });
  const href = (await download.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/public\/events\/ticket\/[0-9A-Z]+$/);
  const pdf = await page.request.get(href);
  expect(pdf.ok()).toBe(true);
  expect(pdfText(await pdf.body())).toContain('Generalforsamling 2026');
});
