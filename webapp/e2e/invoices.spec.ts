import type { Locator, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { waitForMail } from './support/mail';
import { chooseOption, expectToast, pickProposal } from './support/primeReact';
import { readWorkbook, sheetNames } from './support/files';
import { pdfText } from './support/pdf';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 13's "done when": an order with 'Enkelt faktura' is approved and invoiced from its
 * Fakturaer tab → the draft is booked with the club's next number → 'Send faktura' mails the PDF
 * (read back) to the customer → marked paid, 'Send kvittering' mails the receipt → 'Krediter' makes
 * a credit note, booked, which the invoices list shows → a demo contract with a recurring plan
 * shows each due plan date once → the dashboard's finance widgets show the demo year.
 *
 * The product is the demo catalogue's Halstørklæde (api/src/seed/catalogue.rs); Demo FC's prices
 * include VAT, so the order's total is the lines' sum. The demo's year of invoicing
 * (api/src/seed/invoices.rs) gives the contracts their invoices and the dashboard its figures;
 * nothing here depends on how many there are.
 */

const ORDER_URL = /\/orders\/[0-9a-f-]{36}(\?.*)?$/;

/** Today in Copenhagen as the date inputs take it: '2026-11-24'. */
function today(): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** The order's (or contract's) 'Handlinger' menu. */
async function action(page: Page, name: string) {
  await page.getByRole('button', { name: 'Handlinger', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The menu of one row of the Fakturaer tab ('Handlinger for Faktura 12'). */
async function rowAction(page: Page, row: string, name: string) {
  await page.getByRole('button', { name: `Handlinger for ${row}`, exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The row of a table whose first cell reads `text` exactly ('Faktura 12', 'Kladde'). */
function rowNamed(table: Locator, text: string): Locator {
  return table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: text, exact: true }) });
}

/** 'Faktura 12' → 12. */
async function numberIn(cell: Locator): Promise<number> {
  const match = /(\d+)\s*$/.exec((await cell.innerText()).trim());
  if (!match) throw new Error(`no number in "${await cell.innerText()}"`);
  return Number(match[1]);
}

function attachmentNamed(mail: ParsedMail, name: string) {
  return mail.attachments.find((attachment) => attachment.filename === name);
}

test('an order invoiced, booked, mailed, paid with a receipt and credited, on its own page and the finance page; contract invoices, the finance dashboard and the Webshop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const firstname = 'E2E';
  const lastname = `Fakturakunde ${stamp}`;
  const customer = `${firstname} ${lastname}`;
  const email = `faktura-e2e-${stamp}@example.dk`;
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();

  // 1. An order with a line and 'Enkelt faktura', saved and approved.
  await page.goto('/orders/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Opret kladde' })).toBeVisible();
  await page.getByLabel('Fornavn').fill(firstname);
  await page.getByLabel('Efternavn').fill(lastname);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Tilføj produkt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj produkt' });
  await expect(dialog).toBeVisible();
  await pickProposal(page, 'Produkt', 'Halstørklæde', 'Halstørklæde');
  await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue('Halstørklæde');
  await dialog.getByLabel('Antal', { exact: true }).fill('2');
  await dialog.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('table', { name: 'Produkter' })
      .getByRole('row')
      .filter({ hasText: 'Halstørklæde' }),
  ).toBeVisible();
  await chooseOption(page, 'Faktureringsmetode', 'Enkelt faktura');
  await page.getByLabel('Fakturadato', { exact: true }).fill(today());
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Ordren blev oprettet!');
  await expect(page).toHaveURL(ORDER_URL);
  const orderUrl = page.url().replace(/\?.*$/, '');
  await expect(page.getByRole('heading', { level: 1, name: /^Ordre #\d+$/ })).toBeVisible();
  // The server's total ('298,00'): what the invoice, its PDF and the mail say.
  const totalField = page.getByLabel('Total', { exact: true });
  await expect(totalField).toHaveValue(/^\d[\d.]*,\d\d$/);
  const total = await totalField.inputValue();
  await action(page, 'Godkend');
  await expectToast(page, 'Ordren blev godkendt!');
  await expect(page.locator('.tb-order-heading').getByText('Godkendt')).toBeVisible();

  // Its Fakturaer tab: 'Opret faktura' makes a draft; 'Godkend' books it with a number.
  await page.getByRole('tab', { name: 'Fakturaer' }).click();
  const invoices = page.getByRole('table', { name: 'Fakturaer' });
  await expect(invoices).toContainText('Ingen fakturaer endnu.');
  await page.getByRole('button', { name: 'Opret faktura' }).click();
  await expectToast(page, 'Faktura blev oprettet!');
  const draft = rowNamed(invoices, 'Kladde');
  await expect(draft).toHaveCount(1);
  await expect(draft).toContainText(`DKK ${total}`);
  await rowAction(page, 'Kladde', 'Godkend');
  await expectToast(page, 'Fakturaen blev godkendt');
  const bookedCell = invoices.getByRole('cell', { name: /^Faktura \d+$/ });
  await expect(bookedCell).toBeVisible();
  const number = await numberIn(bookedCell);
  const invoiceName = `Faktura ${number}`;
  const invoiceRow = rowNamed(invoices, invoiceName);
  await expect(invoiceRow).toContainText('Ikke sendt, Ikke betalt');

  // The newest number of the club: above every other on the list's first page (Number desc).
  await page.goto('/orders/invoices');
  const list = page.getByRole('table', { name: 'Fakturaer' });
  const firstCells = list.locator('tbody tr td:first-child');
  await expect(firstCells.first()).toHaveText(/^(Faktura|Kreditnota) \d+$/);
  const numbers = (await firstCells.allInnerTexts())
    .map((text) => /^(?:Faktura|Kreditnota) (\d+)$/.exec(text.trim())?.[1])
    .filter((found): found is string => found !== undefined)
    .map(Number);
  expect(numbers).toContain(number);
  expect(numbers.filter((other) => other !== number).every((other) => other < number)).toBe(true);
  expect(numbers[0]).toBe(number);
  // 'Revisionseksport' (issue 37 §4): this year so far as a workbook, read back: the invoice is
  // on 'Fakturaer' with its customer; the other sheets are there for the auditor.
  await page.getByRole('button', { name: 'Revisionseksport' }).click();
  const auditDialog = page.getByRole('dialog', { name: 'Revisionseksport' });
  const auditDownload = page.waitForEvent('download');
  await auditDialog.getByRole('button', { name: 'Hent eksport' }).click();
  const auditFile = await auditDownload;
  expect(auditFile.suggestedFilename()).toMatch(/^Revision-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const auditRows = await readWorkbook(auditFile);
  expect(auditRows[0]?.slice(0, 2)).toEqual(['Nummer', 'Type']);
  expect(
    auditRows.some((cells) => cells[0] === String(number) && cells.includes(customer)),
    `invoice ${number} of ${customer} in the export`,
  ).toBe(true);
  const sheets = await sheetNames(auditFile);
  expect(sheets).toEqual(['Fakturaer', 'Hændelser', 'Betalinger', 'Bestillinger', 'Nummerkontrol']);

  // 2. 'Send faktura': the mail with the PDF, read back.
  await page.goto(`${orderUrl}?tab=30`);
  await expect(invoiceRow).toBeVisible();
  await rowAction(page, invoiceName, 'Send faktura');
  await expectToast(page, 'E-mail med faktura sendt');
  await expect(invoiceRow).toContainText('Sendt, Ikke betalt');
  const pdfName = `Faktura-${number}.pdf`;
  const invoiceMail = await waitForMail(
    email,
    (mail) => attachmentNamed(mail, pdfName) !== undefined,
    60_000,
  );
  expect(invoiceMail.subject ?? '').toContain(`Faktura nr. ${number}`);
  const pdf = attachmentNamed(invoiceMail, pdfName);
  expect(pdf?.contentType).toBe('application/pdf');
  const text = pdfText(pdf?.content ?? Buffer.alloc(0));
  expect(text).toContain('Faktura');
  expect(text).toMatch(new RegExp(`\\b${number}\\b`));
  expect(text).toContain(customer);
  expect(text).toContain(total);

  // 3. Paid, then the receipt.
  await rowAction(page, invoiceName, 'Marker som betalt');
  await expectToast(page, 'Fakturaen blev opdateret');
  await expect(invoiceRow).toContainText('Sendt, Betalt');
  await rowAction(page, invoiceName, 'Send kvittering');
  await expectToast(page, 'E-mail med kvittering sendt');
  const receipt = await waitForMail(
    email,
    (mail) => (mail.subject ?? '').includes('Kvittering'),
    60_000,
  );
  expect(receipt.subject ?? '').toContain(`faktura nr. ${number}`);
  expect(receipt.attachments.map((attachment) => attachment.filename)).toContain(pdfName);

  // 4. Credited: the credit note is a draft in the tab until it is booked.
  await rowAction(page, invoiceName, 'Krediter');
  await expect(
    page.getByText(
      'Er du sikker på at du vil kreditere denne faktura? Der oprettes en kreditnota.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expectToast(page, 'Fakturaen blev krediteret');
  await expect(rowNamed(invoices, 'Kladde')).toHaveCount(1);
  await rowAction(page, 'Kladde', 'Godkend');
  await expectToast(page, 'Fakturaen blev godkendt');
  const creditCell = invoices.getByRole('cell', { name: /^Kreditnota \d+$/ });
  await expect(creditCell).toBeVisible();
  await expect(rowNamed(invoices, 'Kladde')).toHaveCount(0);
  const creditNumber = await numberIn(creditCell);
  expect(creditNumber).toBeGreaterThan(number);
  await expect(invoiceRow).toBeVisible();

  // The invoices list finds both by the customer.
  await page.goto('/orders/invoices');
  await page.getByLabel('Søg').fill(lastname);
  const creditRow = rowNamed(list, `Kreditnota ${creditNumber}`);
  await expect(creditRow).toBeVisible();
  await expect(creditRow).toContainText(customer);
  await expect(rowNamed(list, invoiceName)).toContainText('Betalt');
  await expect(list.locator('tbody tr')).toHaveCount(2);

  // The invoice's own page (issue 37 §5): its lines with amounts, paid and credited, its credit
  // note a link to the credit note's page, and its history.
  await list.getByRole('link', { name: invoiceName }).click();
  await expect(page.getByRole('heading', { level: 1, name: invoiceName })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Linjer' });
  await expect(lines.getByRole('row').filter({ hasText: 'Halstørklæde' })).toContainText(total);
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText(`DKK ${total}`);
  await expect(
    page.locator('.tb-status-tags').getByText('Krediteret', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^Markeret som betalt \d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verificér' })).toBeVisible();
  await page.getByRole('link', { name: `Kreditnota ${creditNumber}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Kreditnota ${creditNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: invoiceName })).toBeVisible();

  // The finance page: a figure opens the list behind it — this month's credit notes hold ours.
  await page
    .getByRole('navigation', { name: 'Moduler' })
    .getByRole('link', { name: 'Ordrer' })
    .click();
  await page.getByRole('link', { name: 'Økonomi', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Økonomi' })).toBeVisible();
  const months = page.getByRole('table', { name: 'Faktureret og betalt pr. måned' });
  await months
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /^Krediteret / })
    .click();
  await expect(page).toHaveURL(/\/orders\/invoices\?type=creditNote&status=booked&from=/);
  await expect(page.getByRole('status').filter({ hasText: 'Kreditnotaer' })).toBeVisible();
  await page.getByLabel('Søg').fill(lastname);
  await expect(rowNamed(list, `Kreditnota ${creditNumber}`)).toBeVisible();
  await expect(list.locator('tbody tr')).toHaveCount(1);

  // 5. A demo contract with a recurring plan ('Løbende'): each due plan date once.
  await page.goto('/orders/contracts');
  await chooseOption(page, 'Status', 'Godkendt');
  const contracts = page.getByRole('table', { name: 'Aftaler' });
  const contractRows = contracts.locator('tbody tr');
  await expect
    .poll(async () => {
      const texts = await contractRows.allInnerTexts();
      return texts.length > 0 && texts.every((row) => row.includes('Godkendt'));
    })
    .toBe(true);
  const links = await contracts
    .getByRole('link', { name: /^Se aftale #\d+$/ })
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  expect(links.length).toBeGreaterThan(0);
  let checked = 0;
  for (const link of links) {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: /^Aftale #\d+$/ })).toBeVisible();
    const method = page
      .locator('.p-dropdown')
      .filter({ has: page.getByLabel('Faktureringsmetode', { exact: true }) });
    if (!(await method.innerText()).includes('Løbende')) continue;
    await page.getByRole('tab', { name: 'Fakturaer' }).click();
    const planned = page.getByRole('table', { name: 'Fakturaer' });
    // The plan's invoices (booked or draft); credit notes are dated when they were made.
    const rows = planned
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: /^(Faktura \d+|Kladde)$/ }) });
    await expect(rows.first()).toBeVisible();
    const dates = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent?.trim() ?? ''),
    );
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => /^\d{2}-\d{2}-\d{4}$/.test(date))).toBe(true);
    expect(new Set(dates).size, `the plan dates of ${link}: ${dates.join(', ')}`).toBe(
      dates.length,
    );
    checked += 1;
    break;
  }
  expect(checked, 'an approved contract with a recurring plan on the list').toBe(1);

  // 6. The dashboard's finance widgets with the demo year.
  const year = new Date().getFullYear();
  await page.goto('/');
  const next = page.getByRole('table', { name: 'Næste faktureringer' });
  await expect(next.getByRole('link').first()).toBeVisible();
  const monthly = page.getByRole('region', { name: 'Faktureret pr. måned' });
  await expect(monthly.getByRole('group', { name: 'År' })).toContainText(String(year));
  const figures = monthly.getByRole('table', { name: 'Faktureret pr. måned' });
  await expect(figures).toBeAttached();
  const amounts = await figures.locator('tbody td').allTextContents();
  expect(amounts.length).toBeGreaterThan(0);
  expect(
    amounts.some((amount) => /[1-9]/.test(amount)),
    `a month of ${year} with an invoiced amount: ${amounts.join(' | ')}`,
  ).toBe(true);
  await expect(
    page.getByRole('region', { name: 'Faktureringsstatus' }).getByText(/faktureret for \d{4}/),
  ).toBeVisible();

  // 7. 'Webshop' in the back office is the shop's administration, not the storefront (§6).
  await page
    .getByRole('navigation', { name: 'Moduler' })
    .getByRole('link', { name: 'Webshop' })
    .click();
  await expect(page).toHaveURL(/\/shop-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webshop' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Åbn webshoppen' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('table', { name: 'Ordrer' })).toBeVisible();
  await page.getByRole('tab', { name: 'Produkter i webshoppen' }).click();
  await expect(
    page.getByRole('table', { name: 'Produkter i webshoppen' }).getByRole('link').first(),
  ).toBeVisible();
});
