import { fixture, readWorkbook } from './support/files';
import { chooseOption, expectToast, pickProposal } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The "done when": create a company via CVR lookup → add a new contact through the modal
 * and an existing one through the picker → save → comment with a picture, reply, mark read as
 * another user → upload and preview a file → filter and export (the workbook holds exactly the
 * filtered rows) → delete with confirmation.
 */
test('a company from CVR lookup to deletion', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  const companyName = `Bager Jensen ${stamp}`;
  const leadName = `Lead ${stamp}`;
  const existing = { firstname: 'Eksisterende', lastname: `Kontakt ${stamp}` };

  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();

  // An existing contact person to pick later.
  await page.goto('/contacts/create');
  await page.getByLabel('Fornavn').fill(existing.firstname);
  await page.getByLabel('Efternavn').fill(existing.lastname);
  await page.getByLabel('E-mail').fill(`eksisterende-${stamp}@tribune.test`);
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Kontaktpersonen blev oprettet!');
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);

  // Create the company from the CVR lookup.
  await page
    .getByRole('navigation', { name: 'Moduler' })
    .getByRole('link', { name: 'Virksomheder' })
    .click();
  await page.getByRole('link', { name: 'Opret virksomhed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opret virksomhed' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Filer' })).toHaveCount(0);
  await pickProposal(page, 'CVR-opslag', 'bager', 'Bager Jensen I/S');
  await expect(page.getByLabel('Navn', { exact: true })).toHaveValue('Bager Jensen I/S');
  await expect(page.getByLabel('CVR', { exact: true })).toHaveValue('18273645');
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('Silkeborg');
  await page.getByLabel('Navn', { exact: true }).fill(companyName);
  await chooseOption(page, 'Status', 'Kunde');
  await chooseOption(page, 'Ansvarlig', 'Søren Sælger');
  await page.getByLabel('Logo (web)').setInputFiles(fixture('logo.png'));

  // An existing contact through the picker, a new one through the modal.
  await pickProposal(
    page,
    'Tilføj kontaktperson',
    stamp,
    `${existing.firstname} ${existing.lastname}`,
  );
  const contacts = page.getByRole('table', { name: 'Kontaktpersoner' });
  await expect(
    contacts.getByRole('link', { name: `${existing.firstname} ${existing.lastname}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Opret kontaktperson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opret kontaktperson' });
  await dialog.getByLabel('Fornavn').fill('Ny');
  await dialog.getByLabel('Efternavn').fill(`Person ${stamp}`);
  await dialog.getByLabel('E-mail').fill(`ny-${stamp}@tribune.test`);
  await dialog.getByRole('button', { name: 'Opret' }).click();
  await expectToast(page, 'Kontaktpersonen blev oprettet!');
  await expect(dialog).toBeHidden();
  await expect(contacts.getByRole('link', { name: `Ny Person ${stamp}` })).toBeVisible();

  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Virksomheden blev oprettet!');
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
  const companyUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(contacts.getByRole('link')).toHaveText([
    `${existing.firstname} ${existing.lastname}`,
    `Ny Person ${stamp}`,
  ]);
  await expect(page.getByRole('img', { name: 'Billede: Logo (web)' })).toBeVisible();
  await expect(page.getByText('Salg år til dato')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Filer' })).toBeVisible();

  // A comment with a picture, and a reply.
  await page.getByRole('textbox', { name: 'Ny kommentar' }).fill(`Første møde ${stamp}`);
  await page.getByLabel('Vedhæft billeder').setInputFiles(fixture('logo.png'));
  await page.getByRole('button', { name: 'Tilføj kommentar' }).click();
  await expectToast(page, 'Kommentar tilføjet');
  const comment = page.getByRole('article').filter({ hasText: `Første møde ${stamp}` });
  await expect(comment).toBeVisible();
  await expect(comment.getByText('Søren Sælger')).toBeVisible();
  await expect(comment.getByRole('img', { name: 'Billede 1' })).toBeVisible();
  await comment.getByRole('button', { name: 'Svar' }).click();
  await page.getByRole('textbox', { name: 'Svar til Søren Sælger' }).fill(`Svar ${stamp}`);
  await page.getByRole('button', { name: 'Send svar' }).click();
  await expectToast(page, 'Kommentar tilføjet');
  const replies = page.getByRole('list', { name: 'Svar' });
  await expect(replies.getByRole('article').filter({ hasText: `Svar ${stamp}` })).toBeVisible();

  // Another user reads it: unread for the admin until marked read.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin@tribune.test');
  await expect(admin.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
  await admin.goto(companyUrl);
  const unread = admin.getByRole('article').filter({ hasText: `Første møde ${stamp}` });
  await expect(unread.getByText('Ulæst')).toBeVisible();
  // Only the author may delete.
  await expect(unread.getByRole('button', { name: 'Slet' })).toHaveCount(0);
  await unread.getByRole('button', { name: 'Markér som læst' }).click();
  await expect(unread.getByText('Ulæst')).toHaveCount(0);
  await expect(unread.getByRole('button', { name: 'Markér som læst' })).toHaveCount(0);
  await adminContext.close();

  // Files: upload a picture and a text file, preview the picture.
  await page.getByRole('tab', { name: 'Filer' }).click();
  const files = page.getByRole('list', { name: 'Filer' });
  // The server may already list files of the company (e.g. the comment's picture).
  await expect(
    files.getByRole('listitem').first().or(page.getByText('Ingen elementer blev fundet.')).first(),
  ).toBeVisible();
  const before = await files.getByRole('listitem').count();
  await page.getByLabel('Upload filer').setInputFiles([fixture('logo.png'), fixture('notes.txt')]);
  await expect(files.getByRole('listitem')).toHaveCount(before + 2);
  await expect(files.getByRole('link', { name: 'Download notes.txt' })).toBeVisible();
  await files.getByRole('button', { name: 'Vis logo.png' }).last().click();
  const preview = page.getByRole('dialog', { name: 'logo.png' });
  const previewImage = preview.getByRole('img', { name: 'logo.png' });
  await expect(previewImage).toBeVisible();
  await expect
    .poll(() => previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(16);
  await preview.getByRole('button', { name: 'Luk' }).click();
  await expect(preview).toBeHidden();

  // A second company of the same run, a lead, that the filter must leave out.
  await page.goto('/companies/create');
  await page.getByLabel('Navn', { exact: true }).fill(leadName);
  await page.getByLabel('Telefon', { exact: true }).fill('12345678');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Virksomheden blev oprettet!');
  await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);

  // Filter and export: the workbook holds exactly the rows of the table.
  await page.goto('/companies');
  const table = page.getByRole('table', { name: 'Virksomheder' });
  await page.getByRole('searchbox', { name: 'Søg' }).fill(stamp);
  await expect(table.getByRole('link', { name: leadName, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: companyName, exact: true })).toBeVisible();
  await chooseOption(page, 'Status', 'Kunde');
  await expect(table.getByRole('link', { name: leadName, exact: true })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('18273645');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksport' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Virksomheder.xlsx');
  const rows = await readWorkbook(download);
  expect(rows[0]).toEqual([
    'Navn',
    'CVR',
    'Adresse',
    'Postnr',
    'By',
    'E-mail',
    'Telefon',
    'Opfølgning',
    'Udnyttelsesgrad',
    'Status',
  ]);
  expect(rows.slice(1).map((cells) => cells.slice(0, 2))).toEqual([[companyName, '18273645']]);

  // Delete with confirmation; the lead goes too, so the run leaves its search empty.
  for (const name of [companyName, leadName]) {
    await chooseOption(page, 'Status', name === companyName ? 'Kunde' : 'Lead');
    await table.getByRole('button', { name: `Slet ${name}` }).click();
    await expect(
      page.getByText('Er du sikker på at du vil slette denne virksomhed?'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Bekræft' }).click();
    await expect(table.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await chooseOption(page, 'Status', 'Alle');
  await expect(table.getByText('Ingen elementer blev fundet.')).toBeVisible();
});
