import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { hasLink, linksIn, waitForMail } from './support/mail';
import { chooseOption, expectToast, pickProposal } from './support/primeReact';
import { pdfText } from './support/pdf';
import { logIn } from './support/session';
import { expect, test } from './support/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/phone';

/**
 * Issue 12's "done when": a contract with simple lines of every setup type → totals right →
 * approve → send for signing → open the link from the mail in the SMTP sink → sign → the signed
 * PDF (read back) holds the signature page and its hash verifies → the pipeline shows the card
 * under Godkendt and the column total moved → renew → the new contract appears → cancel and
 * reactivate the old one → its history shows each step.
 *
 * The products are the demo catalogue's sponsor products (api/src/seed/catalogue.rs): Bandereklame
 * (checkbox, pre-selected, 40.000,00), VIP-billetter (number of stk, 1.500,00), Speakeromtale
 * (number by price), Logo på trøje (text, 250.000,00), Skilt ved indgang (meters with a text,
 * 5.000,00 per meter) and Hospitality-pakke (variants Guld 50.000,00 and Sølv 35.000,00).
 * Demo FC's prices include VAT.
 */

const CONTRACT_URL = /\/orders\/contracts\/([0-9a-f-]{36})(\?.*)?$/;

async function action(page: Page, name: string) {
  await page.getByRole('button', { name: 'Handlinger' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The Godkendt column's total as the board shows it. */
async function approvedTotal(page: Page): Promise<string> {
  await page.goto('/orders/pipeline');
  const column = page.getByRole('region', { name: 'Kolonne Godkendt' });
  await expect(column).toBeVisible();
  return (await column.locator('.tb-pipeline-column-total').innerText()).trim();
}

test('a contract from its simple lines to a verified signature, the pipeline, renewal and its history', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await logIn(page, 'staff@tribune.test');
  await expect(page.getByRole('navigation', { name: 'Moduler' })).toBeVisible();
  const totalBefore = await approvedTotal(page);

  // Create: category, company and its contact, dates.
  await page.goto('/orders/contracts');
  await page.getByRole('link', { name: 'Opret aftale' }).first().click();
  await expect(page).toHaveURL(/\/orders\/contracts\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opret aftale' })).toBeVisible();
  await chooseOption(page, 'Kategori', 'Sponsoraftale');
  await pickProposal(page, 'Virksomhed', 'Bager Jensen', 'Bager Jensen');
  await pickProposal(page, 'Kontaktperson', 'Mette', 'Mette Rasmussen');
  await page.getByLabel('Startdato', { exact: true }).fill('2027-01-01');
  await page.getByLabel('Slutdato', { exact: true }).fill('2027-12-31');
  await page.getByLabel('Genforhandlingsdato', { exact: true }).fill('2027-10-01');

  // The simple lines of every setup type.
  await page.getByRole('button', { name: 'Vælg produkter' }).click();
  const modal = page.getByRole('dialog', { name: 'Aftalelinjer' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Bandereklame')).toBeChecked();
  await modal.getByLabel('VIP-billetter', { exact: true }).fill('4');
  await modal.getByLabel('Speakeromtale', { exact: true }).fill('2.000,00');
  await modal.getByLabel('Logo på trøje', { exact: true }).fill('Logo på ryggen');
  await modal.getByLabel('Skilt ved indgang', { exact: true }).fill('10');
  await modal.getByLabel('Tekst til Skilt ved indgang').fill('Langsiden');
  await chooseOption(page, 'Hospitality-pakke', 'Guld (DKK 50.000,00)');
  await modal.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(modal).toBeHidden();
  const lines = page.getByRole('table', { name: 'Produkter' });
  for (const title of [
    'Bandereklame',
    'VIP-billetter',
    'Speakeromtale',
    'Logo på trøje',
    'Skilt ved indgang',
    'Hospitality-pakke',
  ]) {
    await expect(lines.getByRole('row').filter({ hasText: title })).toBeVisible();
  }
  // 40.000 + 4 × 1.500 + 2.000 + 250.000 + 10 × 5.000 + 50.000, VAT included.
  const totals = page.getByRole('table', { name: 'Beløb' });
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('398.000,00');
  await expect(totals.getByRole('row', { name: /Moms/ })).toContainText('79.600,00');

  await chooseOption(page, 'Faktureringsmetode', 'Enkelt faktura');
  await page.getByLabel('Fakturadato', { exact: true }).fill('2027-01-15');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(page, 'Aftalen blev oprettet!');
  await expect(page).toHaveURL(CONTRACT_URL);
  const id = CONTRACT_URL.exec(page.url())?.[1] ?? '';
  const heading = page.getByRole('heading', { level: 1, name: /^Aftale #\d+$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Aftale #', '').trim();
  // The server's own figures after the save: the same.
  await expect(totals.getByRole('row', { name: /Moms/ })).toContainText('79.600,00');
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('398.000,00');

  // Approve, then send for signing.
  await action(page, 'Godkend');
  await expectToast(page, 'Aftalen blev godkendt!');
  await action(page, 'Send til underskrift');
  await expectToast(page, 'Aftalen blev sendt til underskrift.');

  // The contact opens the link from the mail and signs.
  const mail = await waitForMail(
    await contactEmailOf(page, id),
    hasLink(`/contracts/esign/${id}`),
    30_000,
  );
  const link = linksIn(mail).find((url) => url.pathname === `/contracts/esign/${id}`);
  expect(link).toBeDefined();
  const signer = await browser.newContext({ locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const signing = await signer.newPage();
  await signing.goto(`${link?.pathname ?? ''}${link?.search ?? ''}`);
  await expect(signing.getByRole('heading', { name: `Aftale #${number}` })).toBeVisible();
  await expect(signing.getByText(/^1 \/ \d+$/)).toBeVisible();
  // The club's own header (issue 37 §6): no club chooser or login for someone from a mail.
  await expect(signing.locator('.tb-esign-club')).toContainText('Demo FC');
  await expect(signing.getByRole('button', { name: 'Vælg klub' })).toHaveCount(0);
  await expect(signing.getByRole('link', { name: 'Log ind' })).toHaveCount(0);
  // The signer's page is usable: axe finds nothing grave, and on a phone's width it fits.
  // The contract's own pages are left out: pdf.js draws the PDF's structure tree as ARIA tables
  // without rows (axe: aria-required-children), the document's tagging and not the page's.
  await expectAccessible(signing, 'the e-sign page', undefined, '.react-pdf__Page');
  const desk = signing.viewportSize();
  await signing.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(signing, 'the e-sign page on a phone');
  if (desk) await signing.setViewportSize(desk);
  await signing.getByRole('button', { name: 'Underskriv aftalen' }).click();
  const dialog = signing.getByRole('dialog', { name: 'Underskriv aftalen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(signing, 'the signing dialog', '.p-dialog');
  await dialog.getByRole('button', { name: 'Underskriv', exact: true }).click();
  await expect(dialog.getByText('Underskrift er påkrævet!')).toBeVisible();
  const pad = dialog.getByLabel('Underskriftsfelt');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await signing.mouse.move(box.x + 20, box.y + box.height / 2);
  await signing.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await signing.mouse.move(
      box.x + 20 + step * ((box.width - 40) / 20),
      box.y + box.height / 2 + (step % 2 === 0 ? 15 : -15),
    );
  }
  await signing.mouse.up();
  await dialog.getByRole('button', { name: 'Underskriv', exact: true }).click();
  await expect(signing.locator('.p-toast').getByText('Aftale underskrevet!')).toBeVisible();
  await expect(signing.getByRole('button', { name: 'Underskriv aftalen' })).toHaveCount(0);
  await expect(signing.getByText(/Aftalen er underskrevet/)).toBeVisible();
  // The signer keeps the signed copy: the download is it, certificate and all.
  const keep = signing.waitForEvent('download');
  await signing.getByRole('link', { name: 'Hent underskrevet PDF' }).click();
  const kept = await keep;
  expect(kept.suggestedFilename()).toBe(`Aftale-${number}-underskrevet.pdf`);
  expect(pdfText(await readFile(await kept.path()))).toContain('Underskriftscertifikat');

  // The page now holds the new token: it opens the signed copy, which holds the certificate,
  // and the copy verifies against the server; a changed byte does not.
  const token = new URL(signing.url()).searchParams.get('token') ?? '';
  expect(token).not.toBe(new URL(link?.href ?? 'http://x').searchParams.get('token'));
  const signed = await signing.request.get(`/api/contracts/${id}/esign?token=${token}`);
  expect(signed.ok()).toBe(true);
  const bytes = Buffer.from(await signed.body());
  const text = pdfText(bytes);
  expect(text).toContain('Underskriftscertifikat');
  expect(text).toContain(`Aftale nr. ${number}`);
  const verdict = await signing.request.post('/api/public/contracts/verify', {
    multipart: { file: { name: 'kopi.pdf', mimeType: 'application/pdf', buffer: bytes } },
  });
  expect(((await verdict.json()) as { result: { genuine: boolean } }).result.genuine).toBe(true);
  const tampered = Buffer.from(bytes);
  tampered[Math.floor(tampered.length / 2)] ^= 1;
  const refused = await signing.request.post('/api/public/contracts/verify', {
    multipart: { file: { name: 'kopi.pdf', mimeType: 'application/pdf', buffer: tampered } },
  });
  expect(((await refused.json()) as { result: { genuine: boolean } }).result.genuine).toBe(false);
  // The verify page says the same.
  await signing.goto('/contracts/verify');
  await signing.getByLabel('Aftale (PDF)').setInputFiles({
    name: 'kopi.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await signing.getByRole('button', { name: 'Kontroller' }).click();
  await expect(signing.getByText(/Ægte og uændret/)).toBeVisible();
  await signer.close();

  // The pipeline: the card under Godkendt, and the column's total moved.
  const totalAfter = await approvedTotal(page);
  expect(totalAfter).not.toBe(totalBefore);
  await expect(
    page
      .getByRole('region', { name: 'Kolonne Godkendt' })
      .getByRole('article', { name: `Aftale #${number}` }),
  ).toBeVisible();

  // The contract shows its signature; renew it.
  await page.goto(`/orders/contracts/${id}`);
  await expect(page.getByText('Underskrevet').first()).toBeVisible();
  await action(page, 'Forny');
  await expectToast(page, 'Ny aftale blev oprettet!');
  await expect(page).not.toHaveURL(new RegExp(id));
  await expect(page.getByRole('heading', { level: 1, name: /^Aftale #\d+$/ })).not.toHaveText(
    `Aftale #${number}`,
  );
  await expect(page.getByText(`Fornyet fra Aftale #${number}`)).toBeVisible();

  // Cancel and reactivate the old one.
  await page.goto(`/orders/contracts/${id}`);
  await action(page, 'Annuller');
  await page.getByRole('button', { name: 'Bekræft' }).click();
  await expectToast(page, 'Aftalen blev annulleret!');
  await action(page, 'Genaktiver');
  await expectToast(page, 'Aftalen blev genaktiveret!');

  // Its history shows each step.
  await page.getByRole('tab', { name: 'Historik' }).click();
  const history = page.getByRole('table', { name: 'Historik' });
  for (const step of [
    /oprettet/i,
    /godkendt/i,
    /sendt til underskrift/i,
    /underskrevet/i,
    /fornyet/i,
    /annulleret/i,
    /genaktiveret/i,
  ]) {
    await expect(history.getByRole('row').filter({ hasText: step }).first()).toBeVisible();
  }
});

/** The contact's e-mail as the contract names it. */
async function contactEmailOf(page: Page, id: string): Promise<string> {
  const answer = await page.request.get(`/api/contracts/${id}`);
  const body = (await answer.json()) as { result: { contact: { email: string } | null } };
  return body.result.contact?.email ?? '';
}
