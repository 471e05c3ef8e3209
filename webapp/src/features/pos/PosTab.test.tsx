import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  PosCart,
  PosLine,
  PosPrice,
  PosProduct,
  PosProducts,
  PosResult,
} from '../../api/generated/pos';
import { HOLD_TOKEN, serveSeats } from '../../shared/seats/seatFixtures';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent } from '../../test/events';
import { findToasts } from '../../test/toasts';

// QZ Tray runs on the desk's computer: the tests stand in for the print module.
const qz = vi.hoisted(() => {
  class QzNotRunning extends Error {}
  return { QzNotRunning, findPrinters: vi.fn(), printRaw: vi.fn() };
});
vi.mock('../../shared/printing/qz', () => qz);

function product(extra: Partial<PosProduct> & Pick<PosProduct, 'productId' | 'title'>): PosProduct {
  return {
    kind: 'ticket',
    price: 25_000,
    available: 100,
    allowance: 0,
    seatCategories: [],
    ...extra,
  };
}

const adult = product({ productId: 'tp-1', title: 'Voksen' });
const programme = product({
  productId: 'tp-3',
  kind: 'product',
  title: 'Kampprogram',
  price: 5_000,
  available: null,
});
const seated = product({
  productId: 'tp-2',
  kind: 'seat-ticket',
  title: 'Siddeplads',
  price: 30_000,
  available: 12,
  seatCategories: [{ key: 'a', color: '#1e88e5', label: 'Kategori A', accessible: false }],
});

/** The server's price: 20 % of the total is VAT; Bageriet (c-1) has 2 free tickets of Voksen. */
function priceOf(cart: PosCart, products: PosProduct[]): PosPrice {
  let allowance = cart.customer.companyId === 'c-1' ? 2 : 0;
  const lines = cart.products.map((line) => {
    const sold = products.find((each) => each.productId === line.productId);
    const free = sold?.productId === adult.productId ? Math.min(allowance, line.amount) : 0;
    allowance -= free;
    const price = sold?.price ?? 0;
    return {
      productId: line.productId ?? '',
      title: sold?.title ?? '',
      seat: line.seat,
      amount: line.amount,
      free,
      price,
      total: price * (line.amount - free),
    };
  });
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  return { lines, subtotal: total * 0.8, discount: 0, vat: total * 0.2, total };
}

function completed(cart: PosCart, products: PosProduct[]): PosResult {
  const price = priceOf(cart, products);
  return {
    order: {
      id: 'o-1',
      orderNumber: 10234,
      createDate: '2026-12-05T18:00:00Z',
      lines: price.lines,
      subtotal: price.subtotal,
      vat: price.vat,
      total: price.total,
      paymentMethod: cart.paymentMethod ?? 'free',
      paymentLabel: 'Kontant',
      company: null,
    },
    tickets: [
      {
        ticketId: 'QR-17',
        number: 17,
        name: '',
        product: 'Voksen',
        section: null,
        row: null,
        seatNumber: null,
        pdf: '/api/events/tickets/QR-17/pdf',
      },
      {
        ticketId: 'QR-18',
        number: 18,
        name: '',
        product: 'Voksen',
        section: 'Tribune Nord',
        row: 'N1',
        seatNumber: '3',
        pdf: '/api/events/tickets/QR-18/pdf',
      },
    ],
    prints: [
      { kind: 'receipt', title: 'Kvittering 10234', data: 'G0AK' },
      { kind: 'ticket', title: 'Billet 17', data: 'G0AL' },
    ],
  };
}

interface Serve {
  products?: PosProduct[];
  /** What confirm-order answers; default the order. */
  confirm?: (cart: PosCart) => Response;
}

/** The derby (e-1, with tickets) and its point of sale; returns what each call was sent. */
function servePos({ products = [adult, programme], confirm }: Serve = {}) {
  const calls = {
    productReads: [] as (string | null)[],
    prices: [] as PosCart[],
    confirms: [] as PosCart[],
    cancels: [] as PosCart[],
    releases: [] as PosLine[],
  };
  server.use(
    ...eventsSession(),
    http.get('/api/events/e-1', () =>
      HttpResponse.json({ success: true, result: savedEvent({ hasTickets: true }) }),
    ),
    emptyList('/api/events/v2'),
    http.get('/api/events/e-1/pos/products', ({ request }) => {
      const companyId = new URL(request.url).searchParams.get('companyId');
      calls.productReads.push(companyId);
      const result: PosProducts = {
        products: products.map((each) =>
          companyId === 'c-1' && each.productId === adult.productId
            ? { ...each, allowance: 2 }
            : each,
        ),
        vatDisabled: false,
        seating: products.some((each) => each.kind === 'seat-ticket'),
      };
      return HttpResponse.json({ success: true, result });
    }),
    http.post('/api/events/e-1/pos/price', async ({ request }) => {
      const cart = (await request.json()) as PosCart;
      calls.prices.push(cart);
      return HttpResponse.json({ success: true, result: priceOf(cart, products) });
    }),
    http.post('/api/events/e-1/pos/confirm-order', async ({ request }) => {
      const cart = (await request.json()) as PosCart;
      calls.confirms.push(cart);
      if (confirm) return confirm(cart);
      return HttpResponse.json({ success: true, result: completed(cart, products) });
    }),
    http.post('/api/events/e-1/pos/cancel-order', async ({ request }) => {
      calls.cancels.push((await request.json()) as PosCart);
      return HttpResponse.json({ success: true });
    }),
    http.post('/api/events/e-1/pos/release-seat', async ({ request }) => {
      calls.releases.push((await request.json()) as PosLine);
      return HttpResponse.json({ success: true });
    }),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'c-1', name: 'Bageriet ApS', cvr: null, city: 'Aarhus' }],
      }),
    ),
  );
  return calls;
}

/** Money reads '1.234,50 kr.' with a no-break space before 'kr.'. */
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

/** A table's rows below its column headers, each as its cells' texts (the row's header first). */
function rowsOf(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0)
    .map((row) => Array.from(row.children, (cell) => text(cell).trim()));
}

async function setAmount(title: string, amount: string) {
  const field = await screen.findByRole('spinbutton', { name: `Antal af ${title}` });
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.tab();
}

/** A select's field, which shows the chosen option. */
const chosenIn = (label: string) => screen.getByLabelText(label).closest('.p-dropdown');

const confirmButton = () => screen.getByRole('button', { name: 'Gennemfør salg' });

async function openPos() {
  renderApp('/events/e-1?tab=90');
  await screen.findByRole('table', { name: 'Produkter' });
}

describe('Billetsalg', () => {
  beforeEach(() => {
    qz.findPrinters.mockResolvedValue({
      printers: ['Kasse 1', 'Epson TM-T20'],
      defaultPrinter: 'Epson TM-T20',
    });
    qz.printRaw.mockResolvedValue(undefined);
  });
  afterEach(() => vi.clearAllMocks());

  it("lists the products and shows the cart as the server prices it, without 'Gem'", async () => {
    const calls = servePos();
    await openPos();
    expect(screen.getByRole('tab', { name: 'Billetsalg' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(rowsOf('Produkter').map((row) => row.slice(0, 3))).toEqual([
      ['Voksen', '250,00 kr.', '100'],
      ['Kampprogram', '50,00 kr.', '–Ingen grænse'],
    ]);
    expect(screen.getByText('Kurven er tom')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    expect(calls.prices).toEqual([]);

    await setAmount('Voksen', '2');
    await setAmount('Kampprogram', '1');
    const cart = await screen.findByRole('table', { name: 'Kurv' });
    await waitFor(() =>
      expect(rowsOf('Kurv')).toEqual([
        ['Voksen', '', '2', '250,00 kr.', '500,00 kr.', ''],
        ['Kampprogram', '', '1', '50,00 kr.', '50,00 kr.', ''],
      ]),
    );
    expect(cart).toBeInTheDocument();
    expect(rowsOf('Beløb')).toEqual([
      ['Subtotal', '440,00 kr.'],
      ['Moms', '110,00 kr.'],
      ['Total', '550,00 kr.'],
    ]);
    // Priced once the cart settled, not on every keystroke.
    expect(calls.prices.at(-1)?.products).toEqual([
      { productId: 'tp-1', amount: 2, seat: null, holdToken: null },
      { productId: 'tp-3', amount: 1, seat: null, holdToken: null },
    ]);
    expect(calls.prices.length).toBeLessThanOrEqual(2);
    await waitFor(() => expect(confirmButton()).toBeEnabled());

    // A line's remove button takes the product out of the cart.
    await userEvent.click(screen.getByRole('button', { name: 'Fjern Kampprogram' }));
    await waitFor(() => expect(rowsOf('Kurv')).toHaveLength(1));
    expect(screen.getByRole('spinbutton', { name: 'Antal af Kampprogram' })).toHaveValue('0');
  });

  it('takes no amount below 0', async () => {
    servePos();
    await openPos();
    const amount = screen.getByRole('spinbutton', { name: 'Antal af Voksen' });
    expect(amount).toHaveAttribute('aria-valuemin', '0');
    await userEvent.click(amount);
    await userEvent.keyboard('{ArrowDown}');
    expect(amount).toHaveValue('0');
    await userEvent.type(amount, '-3');
    await userEvent.tab();
    expect(amount).toHaveValue('3');
  });

  it("completes the sale: 'Ordre gennemført', the order, its tickets and their printing", async () => {
    const calls = servePos();
    await openPos();
    await userEvent.type(screen.getByLabelText('E-mail'), 'karen@example.dk');
    await setAmount('Voksen', '2');
    await screen.findByRole('table', { name: 'Kurv' });
    await userEvent.click(screen.getByRole('button', { name: 'Kontant' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await userEvent.click(confirmButton());

    expect(await screen.findByText('Ordre gennemført')).toBeInTheDocument();
    expect(calls.confirms).toHaveLength(1);
    const sent = calls.confirms[0];
    expect(sent).toMatchObject({
      eventId: 'e-1',
      products: [{ productId: 'tp-1', amount: 2, seat: null, holdToken: null }],
      discountCode: null,
      subtotal: 40_000,
      discount: 0,
      vat: 10_000,
      total: 50_000,
      holdToken: null,
      customer: {
        companyId: null,
        firstname: '',
        lastname: '',
        email: 'karen@example.dk',
        phone: '',
      },
      paymentMethod: 'cash',
    });
    expect(sent?.saleKey).toMatch(/^[0-9a-f-]{36}$/);

    expect(await screen.findByRole('heading', { name: 'Ordre 10234' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Ordre 10234' });
    expect(text(summary)).toContain('Total500,00 kr.');
    expect(text(summary)).toContain('BetalingKontant');
    expect(rowsOf('Billetter').map((row) => row.slice(0, 4))).toEqual([
      ['17', 'Voksen', '', ''],
      ['18', 'Voksen', '', 'Tribune Nord, række N1, plads 3'],
    ]);
    expect(screen.getByRole('link', { name: 'PDF af billet 17' })).toHaveAttribute(
      'href',
      '/api/events/tickets/QR-17/pdf',
    );
    expect(screen.getByRole('link', { name: 'PDF af billet 18' })).toHaveAttribute(
      'href',
      '/api/events/tickets/QR-18/pdf',
    );

    // The default printer is chosen; 'Print' sends the receipt, then the tickets.
    const print = await screen.findByRole('button', { name: 'Print' });
    await waitFor(() => expect(print).toBeEnabled());
    expect(chosenIn('Printer')).toHaveTextContent('Epson TM-T20');
    await userEvent.click(print);
    await waitFor(() => expect(qz.printRaw).toHaveBeenCalledTimes(1));
    expect(qz.printRaw).toHaveBeenCalledWith('Epson TM-T20', [
      { kind: 'receipt', title: 'Kvittering 10234', data: 'G0AK' },
      { kind: 'ticket', title: 'Billet 17', data: 'G0AL' },
    ]);
    expect(
      await screen.findByText('Kvittering og billetter er sendt til printeren.'),
    ).toBeInTheDocument();

    // 'Ny ordre' starts an empty sale with a new key.
    await userEvent.click(screen.getByRole('button', { name: 'Ny ordre' }));
    expect(await screen.findByText('Kurven er tom')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    await setAmount('Voksen', '1');
    await screen.findByRole('table', { name: 'Kurv' });
    await userEvent.click(screen.getByRole('button', { name: 'Betalingskort' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await userEvent.click(confirmButton());
    await waitFor(() => expect(calls.confirms).toHaveLength(2));
    expect(calls.confirms[1]?.paymentMethod).toBe('card');
    expect(calls.confirms[1]?.saleKey).not.toBe(sent?.saleKey);
  });

  it("shows the server's text of a refused sale on its field", async () => {
    const calls = servePos({
      confirm: () =>
        HttpResponse.json(
          {
            success: false,
            errors: { paymentMethod: ['Vælg hvordan kunden betaler'] },
          },
          { status: 422 },
        ),
    });
    await openPos();
    await setAmount('Voksen', '1');
    await screen.findByRole('table', { name: 'Kurv' });
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await userEvent.click(confirmButton());
    await waitFor(() => expect(calls.confirms).toHaveLength(1));
    expect(calls.confirms[0]?.paymentMethod).toBeNull();
    const toast = await findToasts();
    expect(await within(toast).findByText('Vælg hvordan kunden betaler')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Betaling' })).toHaveAccessibleDescription(
      'Vælg hvordan kunden betaler',
    );
    expect(screen.queryByRole('heading', { name: /^Ordre / })).not.toBeInTheDocument();
    // Choosing a payment is a new attempt: the message goes.
    await userEvent.click(screen.getByRole('button', { name: 'Kontant' }));
    expect(screen.getByRole('group', { name: 'Betaling' })).not.toHaveAccessibleDescription(
      'Vælg hvordan kunden betaler',
    );
  });

  it("offers 'Faktura' only with a company, whose free tickets then show and are priced", async () => {
    const calls = servePos();
    await openPos();
    const invoice = screen.getByRole('button', { name: 'Faktura' });
    expect(invoice).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Faktura kræver en virksomhed.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Virksomhed'), 'bag');
    await userEvent.click(
      await screen.findByRole('option', { name: /Bageriet ApS/, hidden: true }),
    );
    await waitFor(() => expect(calls.productReads).toContain('c-1'));
    expect(await screen.findByText('2 fribilletter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Faktura' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await setAmount('Voksen', '3');
    await waitFor(() =>
      expect(rowsOf('Kurv')).toEqual([
        ['Voksen heraf 2 fribilletter', '', '3', '250,00 kr.', '250,00 kr.', ''],
      ]),
    );
    expect(calls.prices.at(-1)?.customer.companyId).toBe('c-1');
    await userEvent.click(screen.getByRole('button', { name: 'Faktura' }));
    expect(screen.getByRole('button', { name: 'Faktura' })).toHaveAttribute('aria-pressed', 'true');

    // Without the company an invoice is not possible any more.
    await userEvent.click(screen.getByRole('button', { name: 'Fjern virksomheden Bageriet ApS' }));
    expect(screen.getByRole('button', { name: 'Faktura' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Faktura' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("hides the payment when the total is 0 (the company's free tickets)", async () => {
    servePos();
    await openPos();
    await userEvent.type(screen.getByLabelText('Virksomhed'), 'bag');
    await userEvent.click(
      await screen.findByRole('option', { name: /Bageriet ApS/, hidden: true }),
    );
    await screen.findByText('2 fribilletter');
    await setAmount('Voksen', '2');
    await waitFor(() =>
      expect(rowsOf('Beløb')).toEqual([
        ['Subtotal', '0,00 kr.'],
        ['Moms', '0,00 kr.'],
        ['Total', '0,00 kr.'],
      ]),
    );
    expect(screen.queryByRole('group', { name: 'Betaling' })).not.toBeInTheDocument();
  });

  it("'Annuller' gives the cart back and starts a new sale", async () => {
    const calls = servePos();
    await openPos();
    await setAmount('Voksen', '2');
    await screen.findByRole('table', { name: 'Kurv' });
    await userEvent.click(screen.getByRole('button', { name: 'Annuller' }));

    await waitFor(() => expect(calls.cancels).toHaveLength(1));
    expect(calls.cancels[0]?.products).toEqual([
      { productId: 'tp-1', amount: 2, seat: null, holdToken: null },
    ]);
    expect(await screen.findByText('Kurven er tom')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Antal af Voksen' })).toHaveValue('0');
    expect(confirmButton()).toBeDisabled();

    await setAmount('Voksen', '1');
    await screen.findByRole('table', { name: 'Kurv' });
    await waitFor(() => expect(calls.prices.at(-1)?.products[0]?.amount).toBe(1));
    expect(calls.prices.at(-1)?.saleKey).not.toBe(calls.cancels[0]?.saleKey);
  });

  it('sells seats picked on the map, one line each, and gives back a seat taken out', async () => {
    const seats = serveSeats();
    const calls = servePos({ products: [seated, programme] });
    await openPos();
    expect(screen.queryByRole('button', { name: 'Vælg pladser' })).not.toBeInTheDocument();
    await setAmount('Siddeplads', '2');
    expect(screen.getByText('Vælg 2 pladser mere')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Vælg pladser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vælg pladser – Siddeplads' });
    await userEvent.click(await screen.findByRole('option', { name: /^Plads N1-2,/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Plads N1-3,/ }));
    const pick = within(dialog).getByRole('button', { name: 'Bekræft pladser' });
    await waitFor(() => expect(pick).toBeEnabled());
    await userEvent.click(pick);

    await waitFor(() =>
      expect(rowsOf('Kurv')).toEqual([
        ['Siddeplads', 'N1-2', '1', '300,00 kr.', '300,00 kr.', ''],
        ['Siddeplads', 'N1-3', '1', '300,00 kr.', '300,00 kr.', ''],
      ]),
    );
    expect(calls.prices.at(-1)).toMatchObject({
      holdToken: HOLD_TOKEN,
      products: [
        { productId: 'tp-2', amount: 1, seat: 'N1-2', holdToken: HOLD_TOKEN },
        { productId: 'tp-2', amount: 1, seat: 'N1-3', holdToken: HOLD_TOKEN },
      ],
    });
    expect(seats.tokens).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Fjern Siddeplads, plads N1-3' }));
    await waitFor(() =>
      expect(calls.releases).toEqual([
        { productId: 'tp-2', amount: 1, seat: 'N1-3', holdToken: HOLD_TOKEN },
      ]),
    );
    await waitFor(() => expect(rowsOf('Kurv')).toHaveLength(1));
    expect(screen.getByRole('spinbutton', { name: 'Antal af Siddeplads' })).toHaveValue('1');

    // 'Annuller' gives the session's seats back with the cart.
    await userEvent.click(screen.getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(calls.cancels).toHaveLength(1));
    expect(calls.cancels[0]).toMatchObject({
      holdToken: HOLD_TOKEN,
      products: [{ productId: 'tp-2', amount: 1, seat: 'N1-2', holdToken: HOLD_TOKEN }],
    });
  });

  it('says when QZ Tray does not run, and keeps the tickets as PDF', async () => {
    qz.findPrinters.mockRejectedValue(new qz.QzNotRunning('Unable to establish connection'));
    servePos();
    await openPos();
    await setAmount('Voksen', '1');
    await screen.findByRole('table', { name: 'Kurv' });
    await userEvent.click(screen.getByRole('button', { name: 'Betalingskort' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    await userEvent.click(confirmButton());

    expect(
      await screen.findByText(
        'QZ Tray kører ikke på denne computer. Start QZ Tray for at printe – billetterne kan hentes som PDF herunder.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'PDF af billet 17' })).toBeInTheDocument();

    // Started meanwhile: 'Prøv igen' finds it.
    qz.findPrinters.mockResolvedValue({ printers: ['Kasse 1'], defaultPrinter: null });
    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    expect(chosenIn('Printer')).toHaveTextContent('Kasse 1');
  });
});
