import type { Page } from '@playwright/test';
import { staffApi } from './support/api';
import { pdfText } from './support/pdf';
import { checkOutAndPay, matchType, seatedMatch, seatProduct } from './support/seats';
import { ensurePublicClub, logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 16, standing areas: a chart with numbered seats and a standing area of four places; a
 * guest asks for two places in the area in the wizard's picker (the server picks them), pays,
 * and the tickets name the area; the club's map shows the two places sold.
 */
test('a guest buys two places in a standing area and the tickets name the area', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const { result: chartId } = await api.post<{ result: string }>('/api/seats/charts', {
    name: `E2E-arena ${stamp}`,
    categories: [{ key: 'std', label: 'Tribune', color: '#1e88e5' }],
    sections: [
      { name: 'Tribune', categoryKey: 'std', rows: [{ label: 'R1', seats: 6 }] },
      {
        name: 'Ståpladser',
        categoryKey: 'std',
        generalAdmission: true,
        position: { x: 3, y: 6, rotation: 0 },
        rows: [{ label: 'ST', seats: 4 }],
      },
    ],
  });
  const { result: chart } = await api.get<{ key: string }>(`/api/seats/charts/${chartId}`);
  const productTitle = `E2E-ståplads ${stamp}`;
  const productId = await seatProduct(api, productTitle, chart.key, 8000);
  const typeId = await matchType(api, `Stådag ${stamp}`);
  const { id: eventId, url } = await seatedMatch(
    api,
    { typeId, title: `Stådag ${stamp}`, days: 12, chart: chart.key },
    { id: productId, title: productTitle, price: 8000 },
  );

  const context = await browser.newContext();
  const guest: Page = await context.newPage();
  await ensurePublicClub(guest);
  await guest.goto(`/events/${url}`);
  const amount = guest.getByRole('group', { name: productTitle }).getByLabel('Antal');
  await amount.fill('2');
  await amount.blur();
  await guest.getByRole('button', { name: 'Vælg pladser' }).click();
  const picker = guest.getByRole('dialog');
  // The area is one block, not four seats: two more places in it.
  await expect(picker.getByRole('option', { name: /^Plads ST-/ })).toHaveCount(0);
  await picker.getByRole('option', { name: /^Ståpladser, ståområde/ }).click();
  const more = picker.getByRole('button', { name: 'Flere pladser i Ståpladser' });
  await more.click();
  await expect(picker.getByText('Du har 1 plads her')).toBeVisible();
  await more.click();
  await expect(picker.getByText('Alle 2 pladser er valgt')).toBeVisible();
  await expect(more).toBeDisabled();
  await picker.getByRole('button', { name: 'Bekræft pladser' }).click();
  await checkOutAndPay(
    guest,
    { firstname: 'Stine', lastname: 'Stå', email: `staa-e2e-${stamp}@example.dk` },
    '160,00',
  );

  await expect(guest.getByText('Tak for din bestilling!')).toBeVisible({ timeout: 30_000 });
  const downloads = guest.getByRole('link', { name: /Hent billet/ });
  await expect(downloads).toHaveCount(2);
  for (const link of await downloads.all()) {
    const pdf = await guest.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.ok()).toBe(true);
    expect(pdfText(await pdf.body())).toContain('Ståpladser');
  }
  await context.close();

  const { result: overview } = await api.get<{ states: { label: string; state: string }[] }>(
    `/api/seats/events/${eventId}`,
  );
  const sold = overview.states.filter((s) => s.label.startsWith('ST-') && s.state === 'booked');
  expect(sold).toHaveLength(2);
});
