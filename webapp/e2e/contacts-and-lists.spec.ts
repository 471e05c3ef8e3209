import { expectToast, pickProposal } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

test('staff keeps contacts and a contact list, then deletes them', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now());
  const lastname = `Kontakt ${stamp}`;
  const listTitle = `VIP ${stamp}`;

  await logIn(page, 'staff@tribune.test');
  await page
    .getByRole('navigation', { name: 'Moduler' })
    .getByRole('link', { name: 'Kontakter' })
    .click();
  const menu = page.getByRole('navigation', { name: 'Undermenu' });
  await expect(menu.getByRole('link')).toHaveText(['Kontakter', 'Kontaktlister']);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakter' })).toBeVisible();

  // A contact: required fields first, then saved and found by search.
  await page.getByRole('link', { name: 'Opret kontakt' }).click();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Fornavn skal udfyldes')).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toBeFocused();
  await page.getByLabel('Fornavn').fill('Lise');
  await page.getByLabel('Efternavn').fill(lastname);
  await page.getByLabel('E-mail').fill(`lise-${stamp}@tribune.test`);
  await page.getByLabel('Mobil').fill('20304050');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktpersonen blev oprettet!');
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Lise ${lastname}` })).toBeVisible();
  await page.getByLabel('Om', { exact: true }).fill('Sponsoransvarlig');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktpersonen blev gemt!');
  await expect(
    page.getByRole('table', { name: 'Betalingskort' }).getByText('Ingen elementer blev fundet.'),
  ).toBeVisible();

  await menu.getByRole('link', { name: 'Kontakter' }).click();
  // The list page's own search box, not the one of the page left (both are named 'Søg').
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakter' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søg' }).fill(stamp);
  const contacts = page.getByRole('table', { name: 'Kontakter' });
  await expect(contacts.getByRole('row')).toHaveCount(2);
  await expect(contacts.getByRole('row').nth(1)).toContainText('20304050');

  // A contact list with that contact.
  await menu.getByRole('link', { name: 'Kontaktlister' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontaktlister' })).toBeVisible();
  await page.getByRole('link', { name: 'Opret kontaktliste' }).click();
  await page.getByLabel('Navn').fill(listTitle);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktliste blev oprettet!');
  await expect(page).toHaveURL(/\/contacts\/contact-lists\/[0-9a-f-]{36}$/);
  await pickProposal(page, 'Tilføj kontakt', stamp, `Lise ${lastname}`);
  const members = page.getByRole('table', { name: 'Kontakter' });
  await expect(members.getByRole('link', { name: `Lise ${lastname}` })).toBeVisible();
  await expect(page.getByLabel('Tilføj kontakt')).toHaveValue('');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktliste blev gemt!');
  await page.reload();
  await expect(members.getByRole('link', { name: `Lise ${lastname}` })).toBeVisible();
  await members.getByRole('button', { name: `Fjern Lise ${lastname}` }).click();
  await expect(members.getByText('Ingen elementer blev fundet.')).toBeVisible();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktliste blev gemt!');

  // Delete the list and the contact, each after confirmation.
  await menu.getByRole('link', { name: 'Kontaktlister' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontaktlister' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søg' }).fill(stamp);
  const lists = page.getByRole('table', { name: 'Kontaktlister' });
  await lists.getByRole('button', { name: `Slet ${listTitle}` }).click();
  await expect(
    page.getByText('Er du sikker på at du vil slette denne kontaktliste?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(lists.getByText('Ingen elementer blev fundet.')).toBeVisible();

  await menu.getByRole('link', { name: 'Kontakter' }).click();
  // The list page's own search box, not the one of the page left (both are named 'Søg').
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakter' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søg' }).fill(stamp);
  await contacts.getByRole('button', { name: `Slet Lise ${lastname}` }).click();
  await expect(page.getByText('Er du sikker på at du vil slette denne kontakt?')).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(contacts.getByText('Ingen elementer blev fundet.')).toBeVisible();
});
