import type { Locator, Page } from '@playwright/test';
import { orderTotals } from '../src/shared/orderLines/orderTotals';
import type { VatSettings } from '../src/features/orders/types';
import { readWorkbook } from './support/files';
import { chooseOption, expectToast, pickProposal } from './support/primeReact';
import { tamperEvent } from './support/owner';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 5's "done when": a draft with three lines (merchandise with an add-on, a seat ticket with
 * seat 'A-12', a plain product with a discount) shows the totals of spec 3 §9 before and after the
 * save; approved it is read-only; 'Rediger ordre' opens it again; Ordrer.xlsx has it; its history
 * shows the order as of the second event; cancelled it can be deleted.
 *
 * The products are the demo catalogue's (api/src/seed.rs, seed_demo_catalogue): Hjemmebanetrøje
 * (variants S–XL, XL 649,00, add-on Navnetryk at 99,00), Pladsbillet Tribune (seat ticket, 180,00)
 * and Halstørklæde (149,00).
 */

const UUID_URL = /\/orders\/[0-9a-f-]{36}(\?.*)?$/;

interface LineInput {
  /** All in øre. */
  price: number;
  discount: number;
  amount: number;
  options: number[];
}

/**
 * Spec 3 §9, computed by the webapp's own totals module: the golden cases
 * (domain/golden/order_totals.json) prove it computes what the server computes.
 */
function expectedTotals(lines: LineInput[], vat: VatSettings) {
  return orderTotals(
    lines.map((line) => ({
      ...line,
      options: line.options.map((price) => ({ price, prePayment: false })),
      prePayment: false,
      vatExempt: false,
    })),
    0,
    { type: null, rateFee: null },
    vat,
  );
}

const decimals = new Intl.NumberFormat('da-DK', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 149600 → '1.496,00' */
function decimal(ore: number): string {
  return decimals.format(ore / 100);
}

/** 149600 → 'DKK 1.496,00' (Playwright compares text with whitespace normalised). */
function dkk(ore: number): string {
  return `DKK ${decimal(ore)}`;
}

async function logInAsStaff(page: Page) {
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
}

async function clubVat(page: Page): Promise<VatSettings> {
  const answer = (await (await page.request.get('/api/app/client')).json()) as {
    result: VatSettings;
  };
  return {
    pricesWithVat: answer.result.pricesWithVat,
    vatRate: answer.result.vatRate,
    disableVat: answer.result.disableVat,
  };
}

/** Opens 'Tilføj produkt' and picks `product` in the dialog's product search. */
async function addProduct(page: Page, product: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Tilføj produkt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj produkt' });
  await expect(dialog).toBeVisible();
  await pickProposal(page, 'Produkt', product, product);
  await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue(product);
  return dialog;
}

async function saveLine(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function action(page: Page, name: string) {
  await page.getByRole('button', { name: 'Handlinger' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

async function confirm(page: Page, question: string) {
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
}

async function expectTotals(page: Page, totals: ReturnType<typeof expectedTotals>) {
  const box = page.getByRole('table', { name: 'Beløb' });
  await expect(box.getByRole('row', { name: /Subtotal/ })).toContainText(dkk(totals.subtotal));
  await expect(box.getByRole('row', { name: /Moms/ })).toContainText(dkk(totals.vat));
  await expect(box.getByRole('row', { name: /Gebyr/ })).toHaveCount(0);
}

test('an order from draft to approved, reopened, exported, its history, cancelled and deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const lastname = `Ordre ${stamp}`;
  await logInAsStaff(page);
  const vat = await clubVat(page);

  await page.goto('/orders');
  await expect(page.getByRole('navigation', { name: 'Undermenu' }).getByRole('link')).toHaveText([
    'Pipeline',
    'Aftaler',
    'Ordrer',
    'Abonnementer',
    'Fakturaer',
    'Økonomi',
    'Kategorier',
    'Sæsoner',
    'Felter',
    'Rabatkoder',
  ]);
  await page.getByRole('link', { name: 'Opret ordre' }).click();
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opret kladde' })).toBeVisible();

  await page.getByLabel('Fornavn').fill('E2E');
  await page.getByLabel('Efternavn').fill(lastname);
  await page.getByLabel('E-mail', { exact: true }).fill(`ordre-${stamp}@tribune.test`);

  // 1. Merchandise: the XL variant with the add-on Navnetryk (its overriding price), two of them.
  let dialog = await addProduct(page, 'Hjemmebanetrøje');
  await chooseOption(page, 'Vælg variant', 'XL');
  await expect(dialog.getByLabel('Variant', { exact: true })).toHaveValue('XL');
  await expect(dialog.getByLabel('Pris', { exact: true })).toHaveValue('649,00');
  const addOns = dialog
    .locator('.p-multiselect')
    .filter({ has: page.getByLabel('Tilvalg', { exact: true }) });
  await addOns.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await addOns.click();
  await page.getByRole('listbox').getByRole('option', { name: 'Navnetryk' }).click();
  // The overlay's own close button (Escape would close the dialog; the overlay may cover its title).
  await page.locator('.p-multiselect-panel .p-multiselect-close').click();
  await expect(page.locator('.p-multiselect-panel')).toBeHidden();
  await expect(dialog.getByLabel('Pris for Navnetryk')).toHaveValue('99,00');
  await dialog.getByLabel('Antal', { exact: true }).fill('2');
  await saveLine(dialog);

  // 2. A seat ticket on seat A-12.
  dialog = await addProduct(page, 'Pladsbillet Tribune');
  await expect(dialog.getByLabel('Pris', { exact: true })).toHaveValue('180,00');
  await dialog.getByLabel('Plads', { exact: true }).fill('A12');
  await dialog.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(dialog.getByText('Plads skal være i formatet X-Y')).toBeVisible();
  await dialog.getByLabel('Plads', { exact: true }).fill('A-12');
  await saveLine(dialog);

  // 3. A plain product with 10,00 off.
  dialog = await addProduct(page, 'Halstørklæde');
  await expect(dialog.getByLabel('Pris', { exact: true })).toHaveValue('149,00');
  await dialog.getByLabel('Rabat', { exact: true }).fill('10,00');
  await saveLine(dialog);

  const inputs: LineInput[] = [
    { price: 64_900, discount: 0, amount: 2, options: [9_900] },
    { price: 18_000, discount: 0, amount: 1, options: [] },
    { price: 14_900, discount: 1_000, amount: 1, options: [] },
  ];
  const lines = page.getByRole('table', { name: 'Produkter' });
  await expect(lines.getByRole('row').filter({ hasText: 'Hjemmebanetrøje' })).toContainText(
    dkk((64_900 + 9_900) * 2),
  );
  await expect(lines.getByRole('row').filter({ hasText: 'Pladsbillet Tribune' })).toContainText(
    'A-12',
  );
  await expect(lines.getByRole('row').filter({ hasText: 'Halstørklæde' })).toContainText(
    dkk(14_900 - 1_000),
  );
  const expected = expectedTotals(inputs, vat);
  await expectTotals(page, expected);
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue(decimal(expected.total));

  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Ordren blev oprettet!');
  await expect(page).toHaveURL(UUID_URL);
  const orderUrl = page.url().replace(/\?.*$/, '');
  const heading = page.getByRole('heading', { level: 1, name: /^Ordre #\d+$/ });
  await expect(heading).toBeVisible();
  const orderNumber = ((await heading.textContent()) ?? '').replace('Ordre #', '').trim();
  // The server's own numbers now: the same.
  await expectTotals(page, expected);
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue(decimal(expected.total));

  // Approved: the lines and customer fields are locked.
  await action(page, 'Godkend');
  await expectToast(page, 'Ordren blev godkendt!');
  await expect(page.locator('.tb-order-heading').getByText('Godkendt')).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Rediger Halstørklæde' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tilføj produkt' })).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Beløb' }).getByRole('row', { name: /Total/ }),
  ).toContainText(dkk(expected.total));

  // 'Rediger ordre' makes it a draft again.
  await action(page, 'Rediger ordre');
  await expectToast(page, 'Ordren kan nu redigeres.');
  await expect(page.getByRole('button', { name: 'Rediger Halstørklæde' })).toBeVisible();
  await expect(page.getByLabel('Fornavn')).toBeEnabled();

  // The list finds it, and Ordrer.xlsx has it.
  await page.goto('/orders');
  await page.getByLabel('Søg').fill(lastname);
  const row = page.getByRole('row').filter({ hasText: lastname });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(orderNumber);
  await expect(row).toContainText('Kladde');
  await expect(row).toContainText(dkk(expected.total));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksport' }).click();
  const workbook = await download;
  expect(workbook.suggestedFilename()).toBe('Ordrer.xlsx');
  const sheet = await readWorkbook(workbook);
  expect(sheet.length).toBeGreaterThan(1);
  expect(
    sheet.some((cells) => cells.includes(orderNumber)),
    `a row with order number ${orderNumber}`,
  ).toBe(true);

  // Its history, and the order as it was after the second event.
  await page.getByRole('link', { name: `Se ordre #${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`${orderUrl}(\\?.*)?$`));
  await page.getByRole('tab', { name: 'Historik' }).click();
  const history = page.getByRole('table', { name: 'Historik' });
  // Row 0 is the header; the events follow in order: created, approved, reopened.
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('Ordre oprettet');
  // Issue 37 §3: it reads in Danish, the record's keys and the club's bookkeeping left out.
  await expect(history.getByRole('row').nth(1)).toContainText(`Nummer: 0 → ${orderNumber}`);
  await expect(history.getByRole('row').nth(1)).toContainText('Oprettet: – →');
  await expect(history).not.toContainText(/clientId|createdAt|pricesWithVat|orderNumber/);
  // It fits a 1366 px screen: the page does not scroll sideways, 'Vis som…' is in view.
  await page.setViewportSize({ width: 1366, height: 768 });
  const showAsOf = history.getByRole('button', { name: 'Vis som på dette tidspunkt' }).first();
  const box = await showAsOf.boundingBox();
  expect(box && box.x + box.width, "'Vis som…' within 1366 px").toBeLessThanOrEqual(1366);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await expect(history.getByRole('row').nth(3)).toContainText('Genåbnet');
  await expect(history.getByRole('row').nth(3)).toContainText('Godkendt → Kladde');
  const second = history.getByRole('row').nth(2);
  await expect(second).toContainText('#2');
  await expect(second).toContainText('Kladde → Godkendt');
  await second.getByRole('button', { name: 'Vis som på dette tidspunkt' }).click();
  const asOf = page.getByRole('dialog', { name: 'Ordren efter hændelse #2' });
  await expect(asOf).toBeVisible();
  await expect(asOf).toContainText('Godkendt');
  await expect(asOf.getByRole('table', { name: 'Beløb' })).toBeVisible();
  await asOf.getByRole('button', { name: 'Luk' }).click();
  await expect(asOf).toBeHidden();
  // 'Verificér' (issue 37): the server recomputes the order's hash chain, whole.
  await page.getByRole('button', { name: 'Verificér' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kæden er intakt' })).toHaveText(
    'Kæden er intakt: alle 3 hændelser er uændrede.',
  );
  // Compare two versions (issue 37 §2): the order after #1 against after #2, field by field.
  const compare = page.getByRole('region', { name: 'Sammenlign versioner' });
  await chooseOption(page, 'Fra hændelse', '#1 Ordre oprettet');
  await chooseOption(page, 'Til hændelse', '#2 Godkendt');
  await compare.getByRole('button', { name: 'Sammenlign' }).click();
  const differences = compare.getByRole('table', { name: 'Forskelle mellem hændelse #1 og #2' });
  await expect(differences.getByRole('row').filter({ hasText: 'Kladde' })).toContainText(
    'Godkendt',
  );
  // An event row changed behind the app's back: 'Verificér' names it.
  tamperEvent('order', orderUrl.split('/').pop() ?? '', 2);
  await page.getByRole('button', { name: 'Verificér' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Kæden er brudt' })).toHaveText(
    'Kæden er brudt ved hændelse #2 (Godkendt): hændelsen er ændret, efter den blev gemt.',
  );

  // Approved again, then cancelled, then deleted.
  await page.getByRole('tab', { name: 'Ordre', exact: true }).click();
  await action(page, 'Godkend');
  await expectToast(page, 'Ordren blev godkendt!');
  await action(page, 'Annuller ordre');
  await confirm(page, 'Er du sikker på at du vil annullere denne ordre?');
  await expectToast(page, 'Ordren blev annulleret!');
  await expect(page.locator('.tb-order-heading').getByText('Annulleret')).toBeVisible();
  await expect(page.locator('.tb-order-heading h1 s')).toHaveText(`Ordre #${orderNumber}`);
  await action(page, 'Slet');
  await confirm(page, 'Er du sikker på at du vil slette denne ordre?');
  await expectToast(page, 'Ordren blev slettet!');
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByLabel('Søg').fill(lastname);
  await expect(page.getByRole('table', { name: 'Ordrer' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: lastname })).toHaveCount(0);
});
