import type { Locator, Page } from '@playwright/test';
import { staffApi } from './support/api';
import { expectToast } from './support/primeReact';
import { matchType, seatChart, seatedMatch, seatProduct } from './support/seats';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 16's "done when", staff side: on an order a staff user picks a seat at one match, copies
 * it to a second match and moves another seat between them with the order's 'Pladser' dialog;
 * saving the order books them; the event's 'Planoversigt' shows the seats sold and by which order.
 * The chart, the two seated matches and their seat ticket are set up through the back office's
 * calls.
 */

/** Chooses the event in the seating dialog's 'Arrangement' select (its option starts with it). */
async function chooseEvent(page: Page, dialog: Locator, title: string) {
  await dialog
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Arrangement', { exact: true }) })
    .click();
  await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
  await expect(dialog.getByRole('listbox', { name: `Pladser til ${title}` })).toBeVisible();
}

test('staff copy and move seat lines between two matches on an order, and Planoversigt shows them sold', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now());
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const chart = await seatChart(api, `E2E-arena ${stamp}`, 1, 10);
  const productTitle = `E2E-sæde ${stamp}`;
  const product = {
    id: await seatProduct(api, productTitle, chart, 20000),
    title: productTitle,
    price: 20000,
  };
  const typeId = await matchType(api, `Arenakamp ${stamp}`);
  const events: { id: string; title: string }[] = [];
  for (const [days, name] of [
    [20, 'A'],
    [27, 'B'],
  ] as const) {
    const title = `Arenakamp ${name} ${stamp}`;
    const { id } = await seatedMatch(api, { typeId, title, days, chart }, product);
    events.push({ id, title });
  }
  const [first, second] = events;

  // A new order for a customer, its seats picked in the 'Pladser' dialog.
  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Opret kladde' })).toBeVisible();
  await page.getByLabel('Fornavn').fill('E2E');
  await page.getByLabel('Efternavn').fill(`Pladser ${stamp}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`pladser-${stamp}@tribune.test`);
  await page.getByRole('button', { name: 'Pladser', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pladser' });
  const seat = (label: string) =>
    dialog.getByRole('option', { name: new RegExp(`^Plads ${label},`) });
  await chooseEvent(page, dialog, first.title);
  await seat('R1-3').click();
  await seat('R1-6').click();
  await expect(dialog.getByText('Valgte pladser (2)')).toBeVisible();
  // 'Kopier' R1-3 to the second match; 'Flyt' R1-6 there.
  await chooseEvent(page, dialog, second.title);
  await dialog
    .getByRole('button', { name: `Kopier R1-3 fra ${first.title} til det valgte arrangement` })
    .click();
  await dialog
    .getByRole('button', { name: `Flyt R1-6 fra ${first.title} til det valgte arrangement` })
    .click();
  await expect(dialog.getByText('Valgte pladser (3)')).toBeVisible();
  await expect(seat('R1-3')).toHaveAttribute('aria-selected', 'true');
  await expect(seat('R1-6')).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Ordren blev oprettet!');

  // The first match: R1-3 sold by the order, R1-6 free again; the second: both sold.
  type Overview = { states: { label: string; state: string; note?: string }[] };
  const stateOf = async (event: string, label: string) => {
    const { result } = await api.get<Overview>(`/api/seats/events/${event}`);
    return result.states.find((s) => s.label === label)?.state;
  };
  expect(await stateOf(first.id, 'R1-3')).toBe('booked');
  expect(await stateOf(first.id, 'R1-6')).toBe('free');
  expect(await stateOf(second.id, 'R1-3')).toBe('booked');
  expect(await stateOf(second.id, 'R1-6')).toBe('booked');

  // Planoversigt of the second match shows them: the counts, and the seat's order.
  await page.goto(`/events/${second.id}`);
  await page.getByRole('tab', { name: 'Planoversigt' }).click();
  const counts = page.getByRole('table', { name: 'Status pr. sektion' });
  await expect(counts.getByRole('row', { name: /^Tribune/ })).toContainText('2');
  await page.getByRole('option', { name: /^Plads R1-6,/ }).click();
  await expect(page.getByRole('link', { name: 'Åbn ordre' })).toBeVisible();
});
