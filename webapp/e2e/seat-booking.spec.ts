import type { Browser, Page } from '@playwright/test';
import { staffApi, todayInCopenhagen } from './support/api';
import { pdfText } from './support/pdf';
import { checkOutAndPay, matchType, seatChart, seatedMatch, seatProduct } from './support/seats';
import { ensurePublicClub, logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 16's "done when", public side: a season-ticket holder releases their seat for one match
 * on the public page; a guest picks that seat in the wizard (an orphan-making pick is refused
 * with a clear message), pays by card, and the PDF ticket shows the seat; the club sees the
 * seat sold and who released it. Staff set up a chart, a season on it, a seated match and the
 * holder's season ticket through the back office's calls.
 */

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await ensurePublicClub(page);
  return page;
}

function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

test('a holder releases a season seat for one match and a guest buys it with its seat on the ticket', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);

  // A chart of two rows of ten, a season on it, a seat ticket and a seated match.
  const chart = await seatChart(api, `E2E-stadion ${stamp}`, 2, 10);
  const today = todayInCopenhagen();
  const { result: seasonId } = await api.post<{ result: string }>('/api/orders/seasons/update', {
    title: `E2E-sæson ${stamp}`,
    startDate: addDays(today, -1),
    endDate: addDays(today, 60),
    seats: [{ chartId: chart, name: 'Stadion' }],
  });
  const productTitle = `E2E-pladsbillet ${stamp}`;
  const productId = await seatProduct(api, productTitle, chart, 15000);
  const typeId = await matchType(api, `Sæsonkamp ${stamp}`);
  const title = `Sæsonkamp ${stamp}`;
  const { id: eventId, url } = await seatedMatch(
    api,
    { typeId, title, days: 10, chart },
    { id: productId, title: productTitle, price: 15000 },
  );
  // Karen Kunde holds R1-5 for the season.
  await api.post(`/api/seats/seasons/${seasonId}/tickets`, {
    seat: 'R1-5',
    name: 'Karen Kunde',
    email: 'kunde@tribune.test',
  });

  // Karen cannot come to this match: she releases her seat for it.
  const karen = await visitor(browser);
  await logIn(karen, 'kunde@tribune.test');
  await karen.goto(`/events/${url}`);
  const panel = karen.getByRole('region', { name: 'Dine sæsonbilletter' });
  const ticket = panel.getByRole('listitem').filter({ hasText: 'R1' });
  await expect(ticket).toContainText('5');
  await ticket.getByRole('button', { name: 'Jeg kommer ikke' }).click();
  await karen.getByRole('button', { name: 'Bekræft' }).click();
  await expect(
    ticket.getByText('Du har frigivet pladsen, og den er sat til salg til denne kamp.'),
  ).toBeVisible();

  // A guest picks two seats: one that would leave a single seat alone is refused.
  const guest = await visitor(browser);
  await guest.goto(`/events/${url}`);
  const amount = guest.getByRole('group', { name: productTitle }).getByLabel('Antal');
  await amount.fill('2');
  await amount.blur();
  await guest.getByRole('button', { name: 'Vælg pladser' }).click();
  const picker = guest.getByRole('dialog');
  const seat = (label: string) =>
    picker.getByRole('option', { name: new RegExp(`^Plads ${label},`) });
  await seat('R2-3').click();
  await expect(seat('R2-3')).toHaveAttribute('aria-selected', 'true');
  await seat('R2-5').click();
  await expect(
    picker.getByText(
      'Valget efterlader en enkelt tom plads. Vælg pladser, der ikke efterlader en enkelt plads alene.',
    ),
  ).toBeVisible();
  // Karen's released seat is for sale.
  await seat('R1-5').click();
  await expect(seat('R1-5')).toHaveAttribute('aria-selected', 'true');
  await expect(picker.getByText('Alle 2 pladser er valgt')).toBeVisible();
  await picker.getByRole('button', { name: 'Bekræft pladser' }).click();
  await expect(guest.getByText('R1-5 (Tribune)', { exact: true })).toBeVisible();
  await checkOutAndPay(
    guest,
    { firstname: 'Gitte', lastname: 'Gæst', email: `plads-e2e-${stamp}@example.dk` },
    '300,00',
  );

  // Two tickets, each with its seat; the PDF prints it.
  await expect(guest.getByText('Tak for din bestilling!')).toBeVisible({ timeout: 30_000 });
  const downloads = guest.getByRole('link', { name: /Hent billet/ });
  await expect(downloads).toHaveCount(2);
  const texts: string[] = [];
  for (const link of await downloads.all()) {
    const pdf = await guest.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.ok()).toBe(true);
    texts.push(pdfText(await pdf.body()));
  }
  expect(texts.join('\n')).toContain('R1');
  expect(texts.join('\n')).toContain('R2');

  // The club sees the seat sold, and who released it.
  const { result: overview } = await api.get<{
    states: { label: string; state: string; note?: string }[];
  }>(`/api/seats/events/${eventId}`);
  const sold = overview.states.find((s) => s.label === 'R1-5');
  expect(sold?.state).toBe('booked');
  expect(sold?.note).toContain('frigivet af Karen Kunde');
});
