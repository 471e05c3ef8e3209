import { staffApi, todayInCopenhagen } from './support/api';
import { chooseOption, expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 16's designer: staff design a small seat chart of two sections (rows named by the section's
 * initial, one row bent), see the server's layout in the preview, mark a seat not for sale, save,
 * and find the chart in the list with its seats; then attach it to a season and to an event,
 * whose 'Planoversigt' draws it. Then the chart in use is edited (a row gets two more seats) and
 * cannot be deleted.
 */

const UUID_URL = (base: string) => new RegExp(`${base}/[0-9a-f-]{36}(\\?.*)?$`);

test('staff design a seat chart of two sections, mark a seat not for sale, list it and attach it to a season and an event', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const name = `Sal ${stamp}`;
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();

  await page.goto('/events/seat-charts');
  await expect(page.getByRole('navigation', { name: 'Undermenu' }).getByRole('link')).toHaveText([
    'Arrangementer',
    'Typer',
    'Pladskort',
  ]);
  await page.getByRole('link', { name: 'Opret pladskort' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opret pladskort' })).toBeVisible();
  await page.getByLabel('Navn', { exact: true }).fill(name);

  await page.getByRole('button', { name: 'Tilføj kategori' }).click();
  const category = page.getByRole('group', { name: 'Kategori 1' });
  await category.getByLabel('Nøgle').fill('parket');
  await category.getByLabel('Betegnelse').fill('Parket');
  await category.getByLabel('Farve').fill('#c62828');

  // Nord: two rows of six from 'Tilføj rækker', named N1 and N2.
  await page.getByRole('button', { name: 'Tilføj sektion' }).click();
  const north = page.getByRole('group', { name: 'Sektion 1' });
  await north.getByLabel('Sektionens navn').fill('Nord');
  await chooseOption(page, 'Sektionens kategori', 'Parket');
  const addRows = north.getByRole('group', { name: 'Tilføj flere rækker til Sektion 1' });
  await addRows.getByLabel('Antal rækker').fill('2');
  await addRows.getByLabel('Pladser pr. række').fill('6');
  await addRows.getByRole('button', { name: 'Tilføj rækker' }).click();
  await expect(
    north.getByRole('group', { name: 'Række 2' }).getByLabel('Række', { exact: true }),
  ).toHaveValue('N2');

  // Syd: one bent row of four.
  await page.getByRole('button', { name: 'Tilføj sektion' }).click();
  const south = page.getByRole('group', { name: 'Sektion 2' });
  await south.getByLabel('Sektionens navn').fill('Syd');
  await south.getByRole('button', { name: 'Tilføj række til Sektion 2' }).click();
  const southRow = south.getByRole('group', { name: 'Række 1' });
  await expect(southRow.getByLabel('Række', { exact: true })).toHaveValue('S1');
  await southRow.getByLabel('Pladser', { exact: true }).fill('4');
  await southRow.getByLabel('Bue').fill('1,5');

  // The server's layout: 16 seats; one is chosen and marked not for sale.
  const preview = page.getByRole('listbox', { name: 'Forhåndsvisning af pladserne' });
  await expect(preview.getByRole('option', { name: 'Plads S1-4, Syd, ledig' })).toBeAttached();
  await expect(preview.getByRole('option')).toHaveCount(16);
  await preview.getByRole('option', { name: 'Plads N1-3, Nord, ledig' }).click();
  const chosen = page.getByRole('group', { name: 'Valgte pladser' });
  await expect(chosen).toContainText('Valgt plads: N1-3');
  await chosen.getByLabel('Ikke til salg').check();
  await chosen.getByRole('button', { name: 'Fravælg pladser' }).click();
  await expect(
    preview.getByRole('option', { name: 'Plads N1-3, Nord, ikke til salg' }),
  ).toBeAttached();
  await expect(
    page.getByRole('table', { name: 'Markerede pladser' }).getByRole('row', { name: /N1-3/ }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Pladskortet blev oprettet!');
  await expect(page).toHaveURL(UUID_URL('/events/seat-charts'));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const saved = page.getByRole('listbox', { name });
  await expect(saved.getByRole('option')).toHaveCount(16);
  await expect(
    saved.getByRole('option', { name: 'Plads N1-3, Nord, ikke til salg' }),
  ).toBeAttached();

  await page.getByRole('link', { name: 'Tilbage' }).click();
  await expect(page).toHaveURL(/\/events\/seat-charts$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('16');
  await expect(row.getByRole('link', { name: `Vis ${name}` })).toBeVisible();

  // Attached to a season: a seat row of the season names the chart.
  await page.goto('/orders/seasons/create');
  await page.getByLabel('Titel', { exact: true }).fill(`Sæson ${stamp}`);
  await page.getByLabel('Start dato').fill(todayInCopenhagen());
  await page.getByLabel('Slut dato').fill(`${new Date().getFullYear() + 1}-06-30`);
  await page.getByRole('button', { name: 'Tilføj kanal' }).click();
  await page.getByLabel('Navn', { exact: true }).last().fill('Stadion');
  await chooseOption(page, 'Salsplan', name);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Sæsonen blev oprettet!');
  // The saved season on a chart offers its season tickets and channels.
  await expect(page.getByRole('button', { name: 'Opret sæsonkort' })).toBeVisible();

  // Attached to an event: 'Pladser' on, the chart chosen; then Planoversigt draws it.
  const api = await staffApi(page);
  const { result: typeId } = await api.postForm<{ result: string }>('/api/events/types/update', {
    data: JSON.stringify({ title: `Kortkamp ${stamp}` }),
  });
  const start = new Date(Date.now() + 14 * 86_400_000);
  const iso = (t: Date) => t.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const { result: eventId } = await api.postForm<{ result: string }>('/api/events/update', {
    data: JSON.stringify({
      typeId,
      title: `Kortkamp ${stamp}`,
      startDate: iso(start),
      endDate: iso(new Date(start.getTime() + 7_200_000)),
      signUpStart: iso(new Date(Date.now() - 86_400_000)),
      signUpDeadline: iso(new Date(start.getTime() - 3_600_000)),
      sender: { name: 'Demo FC', email: 'kontakt@demofc.dk' },
    }),
  });
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('tab', { name: 'Planoversigt' })).toHaveCount(0);
  await page.getByLabel('Pladser', { exact: true }).check();
  await chooseOption(page, 'Pladskort', name);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Arrangement blev gemt!');
  await page.getByRole('tab', { name: 'Planoversigt' }).click();
  const plan = page.getByRole('listbox', { name });
  await expect(plan.getByRole('option')).toHaveCount(16);
  await expect(
    page.getByRole('table', { name: 'Status pr. sektion' }).getByRole('row', { name: /^I alt/ }),
  ).toContainText('16');

  // Edited while in use: the designer says what uses it; Syd's row gets two more seats.
  await page.goto('/events/seat-charts');
  await page.getByRole('link', { name: `Vis ${name}` }).click();
  await page.getByRole('link', { name: 'Rediger' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rediger pladskort' })).toBeVisible();
  await expect(page.getByText(/^Kortet bruges af: /)).toContainText(`Kortkamp ${stamp}`);
  await expect(page.getByText(/^Kortet bruges af: /)).toContainText(`Sæson ${stamp}`);
  const southAgain = page.getByRole('group', { name: 'Sektion 2' });
  await expect(southAgain.getByLabel('Sektionens navn')).toHaveValue('Syd');
  await southAgain
    .getByRole('group', { name: 'Række 1' })
    .getByLabel('Pladser', { exact: true })
    .fill('6');
  await expect(
    page.getByRole('listbox', { name: 'Forhåndsvisning af pladserne' }).getByRole('option'),
  ).toHaveCount(18);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Pladskortet er gemt');
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Planoversigt' }).click();
  await expect(page.getByRole('listbox', { name }).getByRole('option')).toHaveCount(18);

  // In use, it is not deleted: the server says why.
  await page.goto('/events/seat-charts');
  await page.getByRole('link', { name: `Vis ${name}` }).click();
  await page.getByRole('button', { name: 'Slet' }).click();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expect(page.locator('.p-toast').getByText(/^Kortet bruges af /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
