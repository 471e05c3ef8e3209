import type { Locator, Page } from '@playwright/test';
import { staffApi, type StaffApi } from './support/api';
import {
  qzSignatureVerifies,
  startFakeQz,
  type FakeQz,
  type QzPrintParams,
} from './support/fakeQz';
import { expectToast } from './support/primeReact';
import { logIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 19's "done when": at the desk, staff sell on the demo match against Randers FC (seated on
 * Demo FC Stadion, selling 'Pladsbillet Tribune' and the club's goods such as 'Kampprogram') in
 * the event's tab 'Billetsalg'. A sale with a seat is cancelled and its seat is free again; then
 * two seats and a programme are sold for cash, the receipt and the tickets are printed through
 * QZ Tray (a fake QZ Tray on ws://localhost:8182 that checks the certificate and the server's
 * signatures), the order is listed as 'Billetsalg' with its tickets, and the seats show sold on
 * 'Planoversigt'. Without QZ Tray the completed sale says so and keeps the PDFs.
 */

const MATCH = 'Demo FC – Randers FC';
const SEAT_TICKET = 'Pladsbillet Tribune';
const SECTION = 'Tribune Nord';
const PROGRAMME = 'Kampprogram';

interface ChartSeat {
  label: string;
  section: string;
  row: string;
  number: string;
  position: number;
  categoryKey: string | null;
  forSale: boolean;
  generalAdmission?: boolean;
}

interface SeatOverview {
  chart: { seats: ChartSeat[] };
  states: { label: string; state: string; note?: string }[];
}

interface PosResult {
  order: { orderNumber: number };
  tickets: { number: number; ticketId: string; section: string | null; row: string | null }[];
  prints: { kind: string; title: string; data: string }[];
}

/** The demo match's id (the seed's home matches are seated on the stadium). */
async function demoMatch(api: StaffApi): Promise<string> {
  const list = await api.post<{ Result: { Id: string; Title: string; HasSeating: boolean }[] }>(
    '/api/events/v2',
    { filter: { search: MATCH }, page: 1, perPage: 10 },
  );
  const match = list.Result.find((row) => row.Title === MATCH);
  expect(match, `the demo event ${MATCH}`).toBeTruthy();
  expect(match?.HasSeating, `${MATCH} is seated`).toBe(true);
  return match?.Id ?? '';
}

async function seatOverview(api: StaffApi, eventId: string): Promise<SeatOverview> {
  const { result } = await api.get<SeatOverview>(`/api/seats/events/${eventId}`);
  return result;
}

/** The state of a seat as the club's overview has it ('free' when it lists none). */
function stateOf(overview: SeatOverview, label: string): string {
  return overview.states.find((seat) => seat.label === label)?.state ?? 'free';
}

/**
 * Rows of the section whose every seat is for sale and free now, from the back: picking the
 * seats at a row's end leaves no single seat alone.
 */
function freeRows(overview: SeatOverview, section: string): ChartSeat[][] {
  const rows = new Map<string, ChartSeat[]>();
  for (const seat of overview.chart.seats) {
    if (seat.section !== section || seat.generalAdmission) continue;
    rows.set(seat.row, [...(rows.get(seat.row) ?? []), seat]);
  }
  return [...rows.values()]
    .filter((seats) =>
      seats.every(
        (seat) =>
          seat.forSale && seat.categoryKey === 'std' && stateOf(overview, seat.label) === 'free',
      ),
    )
    .map((seats) => [...seats].sort((a, b) => a.position - b.position))
    .sort((a, b) => b[0].row.localeCompare(a[0].row, 'da', { numeric: true }));
}

/** Øre from a Danish amount as the page shows it ('1.234,50 kr.'). */
function ore(text: string): number {
  const digits = text.replace(/[^\d,]/g, '').replace(',', '.');
  return Math.round(Number(digits) * 100);
}

/** Øre as the page shows them, without the unit: '1.234,50'. */
function kroner(amount: number): string {
  const whole = Math.floor(amount / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(amount % 100).padStart(2, '0')}`;
}

async function openPos(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Billetsalg' }).click();
  await expect(page.getByRole('table', { name: 'Produkter' })).toBeVisible();
}

async function setAmount(page: Page, title: string, amount: number) {
  const input = page.getByLabel(`Antal af ${title}`, { exact: true });
  await input.fill(String(amount));
  await input.blur();
  await expect(input).toHaveValue(String(amount));
}

/** The products table's price of `title`, in øre. */
async function priceOf(page: Page, title: string): Promise<number> {
  const row = page
    .getByRole('table', { name: 'Produkter' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  return ore(await row.getByRole('cell').first().innerText());
}

/** A seat of the picker (or the overview) by its label. */
function seatIn(scope: Locator, label: string, section = SECTION): Locator {
  return scope.getByRole('option', { name: new RegExp(`^Plads ${label}, ${section},`) });
}

/** 'Vælg pladser' for the seat ticket, the seats picked, 'Bekræft pladser'. */
async function pickSeats(page: Page, labels: string[], alsoFree: string[] = []) {
  await page.getByRole('button', { name: 'Vælg pladser' }).click();
  const picker = page.getByRole('dialog', { name: `Vælg pladser – ${SEAT_TICKET}` });
  await expect(picker).toBeVisible();
  for (const label of alsoFree) {
    await expect(
      picker.getByRole('option', { name: `Plads ${label}, ${SECTION}, ledig` }),
    ).toBeVisible();
  }
  for (const label of labels) {
    await seatIn(picker, label).click();
    await expect(seatIn(picker, label)).toHaveAttribute('aria-selected', 'true');
  }
  await expect(
    picker.getByText(
      labels.length === 1 ? 'Pladsen er valgt' : `Alle ${labels.length} pladser er valgt`,
    ),
  ).toBeVisible();
  await picker.getByRole('button', { name: 'Bekræft pladser' }).click();
  await expect(picker).toBeHidden();
  const chosen = page.getByRole('list', { name: `Valgte pladser til ${SEAT_TICKET}` });
  for (const label of labels) {
    await expect(chosen.getByText(`${label} (${SECTION})`, { exact: true })).toBeVisible();
  }
}

/** 'Kontant', 'Gennemfør salg': the server's answer (the order, its tickets and prints). */
async function completeCashSale(page: Page): Promise<PosResult> {
  await page.getByRole('button', { name: 'Kontant', exact: true }).click();
  const confirmed = page.waitForResponse(
    (response) =>
      /\/events\/[^/]+\/pos\/confirm-order$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST',
  );
  const confirm = page.getByRole('button', { name: 'Gennemfør salg' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  const answer = await confirmed;
  const text = await answer.text();
  expect(answer.ok(), `confirm-order: ${answer.status()} ${text}`).toBe(true);
  const body = JSON.parse(text) as { result?: PosResult } & Partial<PosResult>;
  const result = (body.result ?? body) as PosResult;
  await expectToast(page, 'Ordre gennemført');
  await expect(
    page.getByRole('heading', { name: `Ordre ${result.order.orderNumber}`, exact: true }),
  ).toBeVisible();
  return result;
}

test('at the desk: a cancelled sale frees its seat, a cash sale of two seats and a programme prints through QZ Tray and is booked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page, 'staff@tribune.test');
  const api = await staffApi(page);
  const eventId = await demoMatch(api);
  const before = await seatOverview(api, eventId);
  const rows = freeRows(before, SECTION);
  expect(rows.length, `two free rows in ${SECTION}`).toBeGreaterThanOrEqual(2);
  const [sold1, sold2] = rows[0].map((seat) => seat.label);
  const cancelled = rows[1][0].label;

  // QZ Tray on this computer, with two printers.
  const qz: FakeQz = await startFakeQz(
    ['Kvitteringsprinter', 'Kontorprinter'],
    'Kvitteringsprinter',
  );
  let number = 0;
  try {
    await openPos(page, eventId);

    // A sale with one seat, cancelled: the cart is empty and the seat is free again.
    await setAmount(page, SEAT_TICKET, 1);
    await pickSeats(page, [cancelled]);
    const cart = page.getByRole('table', { name: 'Kurv' });
    await expect(cart.getByRole('cell', { name: cancelled, exact: true })).toBeVisible();
    expect(stateOf(await seatOverview(api, eventId), cancelled)).toBe('held');
    await page.getByRole('button', { name: 'Annuller', exact: true }).click();
    await expect(page.getByText('Kurven er tom')).toBeVisible();
    await expect(page.getByLabel(`Antal af ${SEAT_TICKET}`, { exact: true })).toHaveValue('0');
    await expect
      .poll(async () => stateOf(await seatOverview(api, eventId), cancelled))
      .toBe('free');

    // The sale: two seats (the cancelled one shows free in the picker) and a programme.
    await setAmount(page, SEAT_TICKET, 2);
    await pickSeats(page, [sold1, sold2], [cancelled]);
    await setAmount(page, PROGRAMME, 1);
    const expected = 2 * (await priceOf(page, SEAT_TICKET)) + (await priceOf(page, PROGRAMME));
    await expect(cart.getByRole('row').filter({ hasText: PROGRAMME })).toBeVisible();
    await expect(cart.getByRole('cell', { name: sold1, exact: true })).toBeVisible();
    await expect(cart.getByRole('cell', { name: sold2, exact: true })).toBeVisible();
    const totals = page.getByRole('table', { name: 'Beløb' });
    await expect(totals.getByRole('row', { name: /^Subtotal/ })).toContainText(kroner(expected));
    // VAT is 20 % of a price with VAT (0 if the club has switched VAT off).
    await expect(totals.getByRole('row', { name: /^Moms/ })).toContainText(
      new RegExp(`(${kroner(Math.round(expected / 5))}|0,00)`),
    );
    await expect(totals.getByRole('row', { name: /^Total/ })).toContainText(kroner(expected));

    const result = await completeCashSale(page);
    number = result.order.orderNumber;
    expect(result.tickets).toHaveLength(2);
    await expect(page.getByRole('link', { name: /^PDF af billet / })).toHaveCount(2);
    const tickets = page.getByRole('table', { name: 'Billetter' });
    for (const ticket of result.tickets) {
      await expect(
        tickets
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: String(ticket.number) }) }),
      ).toContainText(SEAT_TICKET);
    }

    // Printing: QZ Tray's printers, its default chosen; 'Print' sends the receipt, then each ticket.
    const printer = page
      .locator('.p-dropdown')
      .filter({ has: page.getByLabel('Printer', { exact: true }) });
    await expect(
      printer,
      "QZ Tray's default printer: the page reaches the fake QZ Tray on ws://localhost:8182 (a refused connection is among the console errors)",
    ).toContainText('Kvitteringsprinter');
    await printer.click();
    await expect(
      page.getByRole('listbox').getByRole('option', { name: 'Kontorprinter' }),
    ).toBeVisible();
    await page.getByRole('listbox').getByRole('option', { name: 'Kvitteringsprinter' }).click();
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expectToast(page, 'Kvittering og billetter er sendt til printeren.');

    // QZ Tray was given the club's certificate, and every call is signed by its key.
    const certificate = await (await page.request.get('/api/qz/cert')).text();
    expect(certificate).toContain('BEGIN CERTIFICATE');
    expect(qz.certificate()?.trim()).toBe(certificate.trim());
    const signed = qz.messages.filter((message) => message.call && message.call !== 'getVersion');
    expect(signed.map((message) => message.call)).toEqual(
      expect.arrayContaining(['printers.find', 'printers.getDefault', 'print']),
    );
    for (const message of signed) {
      expect(message.signature, `${message.call} carries a signature`).toBeTruthy();
      expect(message.signAlgorithm).toBe('SHA512');
      expect(
        qzSignatureVerifies(message, certificate),
        `${message.call}'s signature verifies`,
      ).toBe(true);
    }

    // The receipt, then one print per ticket, raw ESC/POS (CP865) on the chosen printer.
    const prints = qz.calls('print').map((message) => message.params as QzPrintParams);
    expect(prints).toHaveLength(1 + result.tickets.length);
    const printed = prints.map((params, index) => {
      expect(params.printer.name).toBe('Kvitteringsprinter');
      expect(params.options.encoding).toBe('CP865');
      expect(params.options.jobName).toBe(result.prints[index].title);
      expect(params.data).toHaveLength(1);
      expect(params.data[0]).toMatchObject({ type: 'raw', format: 'command', flavor: 'base64' });
      expect(params.data[0].data).toBe(result.prints[index].data);
      return Buffer.from(params.data[0].data, 'base64').toString('latin1');
    });
    expect(printed[0]).toContain('KVITTERING');
    expect(printed[0]).toContain(`Ordre ${number}`);
    expect(printed[0]).toContain(PROGRAMME);
    result.tickets.forEach((ticket, index) => {
      expect(printed[index + 1]).toContain(`Billet nr. ${ticket.number}`);
    });
  } finally {
    await qz.stop();
  }

  // The orders list names the sale 'Billetsalg'; the order has the two tickets with their seats.
  await page.goto('/orders');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Se ordre #${number}` }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Billetsalg', exact: true })).toBeVisible();
  await row.getByRole('link', { name: `Se ordre #${number}` }).click();
  await expect(page.getByText('Billetsalg: betalt ved skranken med Kontant')).toBeVisible();
  await page.getByRole('tab', { name: 'Billetter' }).click();
  const orderTickets = page.getByRole('table', { name: 'Billetter' });
  for (const label of [sold1, sold2]) {
    const [seatRow, seatNumber] = label.split('-');
    await expect(
      orderTickets
        .getByRole('row')
        .filter({ hasText: SEAT_TICKET })
        .filter({ has: page.getByRole('cell', { name: seatRow, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: seatNumber, exact: true }) }),
    ).toHaveCount(1);
  }

  // Planoversigt: the two seats are sold (to this order), the cancelled one is free.
  await page.goto(`/events/${eventId}`);
  await page.getByRole('tab', { name: 'Planoversigt' }).click();
  await expect(
    page.getByRole('option', { name: `Plads ${sold1}, ${SECTION}, solgt` }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: `Plads ${sold2}, ${SECTION}, solgt` }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: `Plads ${cancelled}, ${SECTION}, ledig` }),
  ).toBeVisible();
  const after = await seatOverview(api, eventId);
  expect(after.states.find((seat) => seat.label === sold1)?.note).toContain(String(number));
});

test('at the desk without QZ Tray: the completed sale says so and its tickets are PDFs', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'staff@tribune.test');
  const eventId = await demoMatch(await staffApi(page));
  await openPos(page, eventId);
  await setAmount(page, 'Kampbillet', 1);
  await expect(page.getByRole('table', { name: 'Beløb' })).toBeVisible();
  const result = await completeCashSale(page);
  expect(result.tickets).toHaveLength(1);

  await expect(
    page.getByText(
      'QZ Tray kører ikke på denne computer. Start QZ Tray for at printe – billetterne kan hentes som PDF herunder.',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeDisabled();
  const link = page.getByRole('link', { name: `PDF af billet ${result.tickets[0].number}` });
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The browser reports each port qz-tray tried and found closed: those are expected here.
  const refused =
    /^WebSocket connection to 'ws:\/\/(localhost|127\.0\.0\.1):(8182|8283|8384|8485)\/' failed/;
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (refused.test(consoleErrors[index])) consoleErrors.splice(index, 1);
  }
});
