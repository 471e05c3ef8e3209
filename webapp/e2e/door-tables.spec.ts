import type { Page } from '@playwright/test';
import { staffApi, type StaffApi } from './support/api';
import { readWorkbook } from './support/files';
import { pdfText } from './support/pdf';
import { matchType } from './support/seats';
import { ensurePublicClub, logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 18's door and table plan: the demo customer books a gala dinner for three companies she
 * is the contact person of; at the door a
 * ticket scans 'Bekræftet' and, again, says when it was scanned; the attendee export holds the
 * booked guests; 'Placér automatisk' seats each company at one table, and the table cards PDF has
 * one card per table.
 */

const iso = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A free gala dinner with tables, door control by scanning: its id. */
async function galaDinner(api: StaffApi, title: string, stamp: string): Promise<string> {
  const typeId = await matchType(api, `Gallatype ${stamp}`);
  const { result: productId } = await api.postForm<{ result: string }>('/api/products/update', {
    data: JSON.stringify({ title: `Middag ${stamp}`, type: 'ticket', price: 0 }),
  });
  const start = new Date(Date.now() + 14 * 86_400_000);
  const { result: id } = await api.postForm<{ result: string }>('/api/events/update', {
    data: JSON.stringify({
      typeId,
      title,
      startDate: iso(start),
      endDate: iso(new Date(start.getTime() + 4 * 3_600_000)),
      signUpStart: iso(new Date(Date.now() - 86_400_000)),
      signUpDeadline: iso(new Date(start.getTime() - 3_600_000)),
      sender: { name: 'Demo FC', email: 'kontakt@demofc.dk' },
      hasTickets: true,
      hasTables: true,
      tablePlan: { productIds: [], cardFormat: 'A4 folded', cardOrientation: 'Portrait' },
      tickets: {
        controlType: 'Scan',
        products: [{ productId, title: 'Middag', price: 0, maxAmount: 20, public: true }],
      },
    }),
  });
  return id;
}

/** A company of Demo FC with Karen Kunde (the demo customer) as its contact person: its id. */
async function karensCompany(api: StaffApi, name: string, karen: string): Promise<string> {
  const { result } = await api.postForm<{ result: string }>('/api/companies/update', {
    data: JSON.stringify({
      name,
      status: 0,
      cvr: '12345678',
      phone: '',
      useEAN: false,
      vatExcluded: false,
      contactIds: [karen],
    }),
  });
  return result;
}

/** `count` tickets booked by the signed-in customer for `companyId`, through the booking calls. */
async function bookedFor(customer: Page, event: string, companyId: string, count: number) {
  const api = await staffApi(customer);
  const offered = await api.post<{ result: Record<string, Array<{ productId: string }>> }>(
    `/public/events/${event}/products`,
    { products: [] },
  );
  const productId = Object.values(offered.result).find((offers) => offers.length > 0)?.[0]
    ?.productId;
  const booking = {
    eventId: event,
    companyId,
    products: [{ productId, amount: count }],
    firstname: 'Karen',
    lastname: 'Kunde',
    email: 'kunde@tribune.test',
    phone: '40123456',
    acceptTerms: true,
  };
  const intent = await api.post<{ result: { intentSecret: string } }>(
    '/public/events/create-intent',
    booking,
  );
  await api.post(`/public/events/book?intentSecret=${intent.result.intentSecret}`, booking);
}

test('the door scans a ticket once, the export holds the guests, and auto-seating keeps companies together', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now());
  const title = `Gallamiddag ${stamp}`;
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const event = await galaDinner(api, title, stamp);

  const { result: contacts } = await api.get<Array<{ id: string; email: string | null }>>(
    '/api/contacts?search=kunde%40tribune.test',
  );
  const karen = contacts.find((c) => c.email === 'kunde@tribune.test')?.id ?? '';
  const companies = {
    nordbyg: await karensCompany(api, `Nordbyg ${stamp}`, karen),
    sydhavn: await karensCompany(api, `Sydhavn ${stamp}`, karen),
    vestjysk: await karensCompany(api, `Vestjysk ${stamp}`, karen),
  };
  const context = await browser.newContext();
  const customer = await context.newPage();
  await ensurePublicClub(customer);
  await logIn(customer, 'kunde@tribune.test');
  await bookedFor(customer, event, companies.nordbyg, 4);
  await bookedFor(customer, event, companies.sydhavn, 3);
  await bookedFor(customer, event, companies.vestjysk, 2);
  await context.close();

  // The door: the first ticket is confirmed, and refused the second time with when and by whom.
  await page.goto(`/events/${event}`);
  await page.getByRole('tab', { name: 'Tilmeldte' }).click();
  await expect(page.getByRole('cell', { name: `Nordbyg ${stamp}` }).first()).toBeVisible();
  const scanner = page.getByLabel('Billetnummer');
  await scanner.fill(' 1 ');
  await expect(page.getByText('Bekræftet', { exact: true })).toBeVisible();
  await scanner.fill('1');
  await expect(page.getByText('Billet ikke bekræftet')).toBeVisible();
  await expect(
    page.getByText(/Billetten er allerede scannet \(.* af Søren Sælger\)/),
  ).toBeVisible();
  // The ticket's history (issue 37 §3): issued, then scanned, by whom, in Danish.
  await page.getByRole('button', { name: 'Historik for billet 1' }).click();
  const ticketHistory = page.getByRole('dialog', { name: 'Historik for billet 1' });
  await expect(ticketHistory.getByRole('table', { name: 'Historik' })).toContainText(
    'Scannet ved indgangen',
  );
  await expect(ticketHistory).toContainText('Billet udstedt');
  await expect(ticketHistory).toContainText('Scannet af: – → Søren Sælger');
  await ticketHistory.getByRole('button', { name: 'Luk' }).click();

  // The export: every booked guest.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksporter' }).click();
  const rows = await readWorkbook(await download);
  expect(rows[0]?.[0]).toBe('Billetnr.');
  expect(rows).toHaveLength(10);
  expect(rows.filter((row) => row[2] === `Vestjysk ${stamp}`)).toHaveLength(2);

  // The table plan: three auto-place tables, then 'Placér automatisk'.
  await seatCompaniesAutomatically(page, event, stamp);
});

/** Tables of 4, 3 and 2 seats made in the Bordplan tab; auto-seating; the cards' PDF. */
async function seatCompaniesAutomatically(page: Page, event: string, stamp: string) {
  await page.getByRole('tab', { name: 'Bordplan' }).click();
  for (const [title, seats] of [
    ['Bord A', '4'],
    ['Bord B', '3'],
    ['Bord C', '2'],
  ] as const) {
    await page.getByRole('button', { name: 'Opret bord' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Antal pladser').fill(seats);
    await dialog.getByLabel('Antal pladser').blur();
    await dialog.getByRole('checkbox', { name: 'Placér automatisk' }).check();
    await dialog.getByRole('button', { name: 'Gem' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Placér automatisk' }).click();
  await expect(page.getByText(/9 gæster/).first()).toBeVisible();
  for (const [table, company] of [
    ['Bord A', `Nordbyg ${stamp}`],
    ['Bord B', `Sydhavn ${stamp}`],
    ['Bord C', `Vestjysk ${stamp}`],
  ]) {
    const card = page.getByRole('region', { name: table });
    await expect(card.getByText(company).first()).toBeVisible();
  }
  const cards = await page.request.get(`/api/events/${event}/tables/download/bordkort`);
  expect(cards.ok()).toBe(true);
  const text = pdfText(Buffer.from(await cards.body()));
  // One card per table (a page each; pdftotext separates pages with a form feed).
  expect(text.split('\f').filter((p) => p.trim()).length).toBe(3);
  for (const table of ['Bord A', 'Bord B', 'Bord C']) expect(text).toContain(table);
}
