import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { newOrderTemplate, orderLine, ordersSession, savedOrder } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import type { Order } from './types';

const CONFLICT = 'Ordren er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.';

interface Serve {
  /** What GET /api/orders/o-1 answers, read on every call. */
  order?: () => Order;
  update?: () => Response;
}

/** The order calls; returns the bodies POSTed per path. */
function serveOrder({ order = () => savedOrder(), update }: Serve = {}) {
  const posted: Record<string, unknown[]> = {};
  const reads = { count: 0 };
  const record = (path: string) =>
    http.post(`/api/orders/${path}`, async ({ request }) => {
      (posted[path] ??= []).push(await request.json());
      if (path === 'update' && update) return update();
      return HttpResponse.json({ success: true, result: 'o-1' });
    });
  server.use(
    ...ordersSession(),
    http.get('/api/orders/new', () =>
      HttpResponse.json({ success: true, result: newOrderTemplate() }),
    ),
    http.get('/api/orders/o-1', () => {
      reads.count += 1;
      return HttpResponse.json({ success: true, result: order() });
    }),
    ...['update', 'approve', 'edit', 'cancel', 'payment-status'].map(record),
    http.delete('/api/orders/o-1', () => HttpResponse.json({ success: true })),
    emptyList('/api/orders'),
  );
  return { posted, reads };
}

/** Opens 'Handlinger' and returns the names of its items. */
async function openActions(): Promise<string[]> {
  await userEvent.click(await screen.findByRole('button', { name: 'Handlinger' }));
  await screen.findAllByRole('menuitem', { hidden: true });
  return screen
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent?.trim() ?? '');
}

async function chooseAction(name: string) {
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

function totalsRow(name: string | RegExp) {
  return within(screen.getByRole('table', { name: 'Beløb' })).getByRole('row', { name });
}

describe('the order page', () => {
  it('creates a draft from the template with a line and the totals of the formula', async () => {
    const { posted } = serveOrder();
    const { router } = renderApp('/orders/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret kladde' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ordre' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Historik' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Handlinger' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Fornavn'), 'Bo');
    await userEvent.type(screen.getByLabelText('E-mail'), 'bo@bager.test');
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj produkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj produkt' });
    await userEvent.type(within(dialog).getByLabelText('Titel'), 'Gavekort');
    await userEvent.type(within(dialog).getByLabelText('Pris'), '125,00');
    await userEvent.clear(within(dialog).getByLabelText('Antal'));
    await userEvent.type(within(dialog).getByLabelText('Antal'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const lines = screen.getByRole('table', { name: 'Produkter' });
    expect(within(lines).getByRole('row', { name: /Gavekort/ })).toHaveTextContent('DKK 250,00');
    // 250,00 with 25 % VAT included: 50,00 VAT, 200,00 without.
    expect(totalsRow(/Subtotal/)).toHaveTextContent('DKK 200,00');
    expect(totalsRow(/Moms/)).toHaveTextContent('DKK 50,00');
    expect(screen.getByLabelText('Total')).toHaveValue('250,00');
    expect(screen.queryByRole('row', { name: /Gebyr/ })).not.toBeInTheDocument();

    // Editing the total sets the order discount to the difference.
    await userEvent.clear(screen.getByLabelText('Total'));
    await userEvent.type(screen.getByLabelText('Total'), '200{Enter}');
    expect(screen.getByLabelText('Ordrerabat')).toHaveValue('50,00');
    expect(totalsRow(/Subtotal/)).toHaveTextContent('DKK 160,00');
    expect(screen.getByLabelText('Total')).toHaveValue('200,00');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Ordren blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o-1'));
    expect(posted.update).toHaveLength(1);
    expect(posted.update?.[0]).toMatchObject({
      id: null,
      version: 0,
      firstname: 'Bo',
      email: 'bo@bager.test',
      orderDiscount: 5_000,
      total: 20_000,
      orderLines: [{ title: 'Gavekort', price: 12_500, amount: 2, discount: 0, total: 25_000 }],
      invoicing: { type: null },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' }),
    ).toBeInTheDocument();
  });

  it('shows an approved order read-only except its descriptions', async () => {
    serveOrder({ order: () => savedOrder({ status: 'approved' }) });
    renderApp('/orders/o-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Godkendt')).toBeInTheDocument();
    for (const label of ['Fornavn', 'Efternavn', 'E-mail', 'Telefon', 'Faktureringsmetode']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const label of ['Beskrivelse', 'Intern beskrivelse']) {
      expect(screen.getByLabelText(label)).toBeEnabled();
    }
    expect(screen.getByLabelText('Betalingsstatus')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Tilføj produkt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rediger Halstørklæde' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fjern Halstørklæde' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Ordrerabat')).not.toBeInTheDocument();
    expect(totalsRow(/Total/)).toHaveTextContent('DKK 298,00');
    for (const tab of ['Billetter', 'Fakturaer', 'Noter', 'Historik']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
  });

  it('says how a point-of-sale order was paid at the desk', async () => {
    serveOrder({
      order: () =>
        savedOrder({ status: 'approved', paymentStatus: 'paid', isPos: true, deskPayment: 'cash' }),
    });
    renderApp('/orders/o-1');
    expect(
      await screen.findByText('Billetsalg: betalt ved skranken med Kontant'),
    ).toBeInTheDocument();
  });

  it.each([
    ['draft', 'pending', ['Godkend', 'Send betalingslink', 'Send ordrebekræftelse', 'Slet']],
    [
      'approved',
      'authorized',
      [
        'Rediger ordre',
        'Annuller ordre',
        'Hæv betaling',
        'Send betalingslink',
        'Send ordrebekræftelse',
      ],
    ],
    [
      'processing',
      'paid',
      ['Rediger ordre', 'Annuller ordre', 'Send betalingslink', 'Send ordrebekræftelse'],
    ],
    ['cancelled', 'cancelled', ['Send betalingslink', 'Send ordrebekræftelse', 'Slet']],
  ] as const)('offers the actions of a %s order (payment %s)', async (status, payment, actions) => {
    serveOrder({ order: () => savedOrder({ status, paymentStatus: payment }) });
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: /Ordre #1001/ });
    expect(await openActions()).toEqual(actions);
  });

  it('checks the form before approving, saves unsaved changes, then approves', async () => {
    let version = 3;
    let status: Order['status'] = 'draft';
    const { posted } = serveOrder({
      order: () =>
        savedOrder({
          version,
          status,
          invoicing: {
            type: 'single',
            prePaymentDate: null,
            invoiceDate: null,
            rateFee: null,
            splitPayments: false,
          },
        }),
      update: () => {
        version += 1;
        return HttpResponse.json({ success: true, result: 'o-1' });
      },
    });
    server.use(
      http.post('/api/orders/approve', async ({ request }) => {
        (posted.approve ??= []).push(await request.json());
        status = 'approved';
        version += 1;
        return HttpResponse.json({ success: true, result: 'o-1' });
      }),
    );
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    await openActions();
    await chooseAction('Godkend');
    expect(await screen.findByText('Fakturadato skal udfyldes')).toBeInTheDocument();
    expect(posted.approve).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Fakturadato'), '2026-04-01');
    await openActions();
    await chooseAction('Godkend');
    expect(await screen.findByText('Ordren blev godkendt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({
      id: 'o-1',
      version: 3,
      invoicing: { type: 'single', invoiceDate: '2026-04-01' },
    });
    expect(posted.approve).toEqual([{ id: 'o-1', version: 4 }]);
    await waitFor(() => expect(screen.getByLabelText('Fornavn')).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Tilføj produkt' })).not.toBeInTheDocument();
  });

  it("shows a 409's text and the server's order again", async () => {
    let firstname = 'Anna';
    const { posted, reads } = serveOrder({
      order: () => savedOrder({ firstname }),
      update: () => {
        firstname = 'Bente';
        return HttpResponse.json({ success: false, error: CONFLICT }, { status: 409 });
      },
    });
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    await userEvent.clear(screen.getByLabelText('Fornavn'));
    await userEvent.type(screen.getByLabelText('Fornavn'), 'Carl');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Fornavn')).toHaveValue('Bente'));
    expect(reads.count).toBeGreaterThanOrEqual(2);
    expect(posted.update?.[0]).toMatchObject({ version: 3, firstname: 'Carl' });
  });

  it("shows 'Der opstod en ukendt fejl!' when a save fails without a text", async () => {
    serveOrder({
      update: () => HttpResponse.json({ success: false }, { status: 500 }),
    });
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Der opstod en ukendt fejl!')).toBeInTheDocument();
  });

  it('deletes a draft after the confirmation and goes to the list', async () => {
    serveOrder();
    const { router } = renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    await openActions();
    await chooseAction('Slet');
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne ordre?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Kladden blev slettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await screen.findByRole('table', { name: 'Ordrer' });
  });

  it("links a contract: 'Aftale #n – company' from the search, sent as contractId", async () => {
    const searches: string[] = [];
    const { posted } = serveOrder();
    server.use(
      http.get('/api/orders/contracts', ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json({
          success: true,
          result: [{ id: 'a-1', contractNumber: 1001, title: 'Aftale #1001 – Bageriet Grøn ApS' }],
        });
      }),
    );
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    screen.getByLabelText('Aftale').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Aftale #1001 – Bageriet Grøn ApS', hidden: true }),
    );
    expect(screen.getByRole('link', { name: 'Se aftale' })).toHaveAttribute(
      'href',
      '/orders/contracts/a-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Ordren blev gemt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({ contractId: 'a-1' });
    expect(searches[0]).toBe('?search=&companyId=');
  });

  it('goes back to the list when the order cannot be loaded', async () => {
    server.use(
      ...ordersSession(),
      http.get('/api/orders/o-9', () =>
        HttpResponse.json({ success: false, error: 'Ordren findes ikke' }, { status: 404 }),
      ),
      emptyList('/api/orders'),
    );
    const { router } = renderApp('/orders/o-9');
    expect(await screen.findByText('Ordren findes ikke')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await screen.findByRole('table', { name: 'Ordrer' });
  });

  it("lists the history's events with their changes and shows the order as of one", async () => {
    serveOrder();
    const line = orderLine();
    server.use(
      http.get('/api/history/order/o-1/names', () =>
        HttpResponse.json({ success: true, result: {} }),
      ),
      http.get('/api/history/order/o-1', () =>
        HttpResponse.json({
          success: true,
          result: [
            {
              sequence: 1,
              eventType: 'Created',
              eventVersion: '1',
              recordedAt: '2026-03-01T10:00:00Z',
              userId: 'u2',
              userName: 'Sofie Staff',
              impersonatorName: null,
              reason: null,
              changes: [{ field: 'firstname', old: '', new: 'Anna' }],
            },
            {
              sequence: 2,
              eventType: 'LineAdded',
              eventVersion: '1',
              recordedAt: '2026-03-01T10:05:00Z',
              userId: 'u2',
              userName: 'Sofie Staff',
              impersonatorName: 'Anna Admin',
              reason: null,
              changes: [{ field: 'orderLines', old: [], new: [line] }],
            },
            {
              sequence: 3,
              eventType: 'LineChanged',
              eventVersion: '1',
              recordedAt: '2026-03-01T10:06:00Z',
              userId: 'u2',
              userName: 'Sofie Staff',
              impersonatorName: null,
              reason: null,
              changes: [
                { field: 'orderLines', old: [line], new: [{ ...line, price: 12_000 }] },
                { field: 'invoicing.rateFee', old: null, new: 250 },
              ],
            },
          ],
        }),
      ),
      http.get('/api/history/order/o-1/at/2', () =>
        HttpResponse.json({ success: true, result: savedOrder({ version: 2 }) }),
      ),
    );
    renderApp('/orders/o-1?tab=50');
    const table = await screen.findByRole('table', { name: 'Historik' });
    // The table shows before its rows arrive (a loaded machine shows its empty row first).
    await within(table).findByText('Produkt ændret');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Ordre oprettet');
    expect(rows[1]).toHaveTextContent('Sofie Staff');
    expect(rows[1]).toHaveTextContent('Fornavn: – → Anna');
    expect(rows[1]).toHaveTextContent('01-03-2026 11:00');
    expect(rows[2]).toHaveTextContent('Produkt tilføjet');
    expect(rows[2]).toHaveTextContent('Sofie Staff via Anna Admin');
    expect(rows[2]).toHaveTextContent('Produkter: – → Halstørklæde');
    expect(rows[3]).toHaveTextContent('Produkt ændret');
    expect(rows[3]).toHaveTextContent('Produkter (Halstørklæde): Pris: DKK 149,00 → DKK 120,00');
    expect(rows[3]).toHaveTextContent('Rategebyr (%): – → 2,5 %');

    await userEvent.click(
      within(rows[2] as HTMLElement).getByRole('button', { name: 'Vis som på dette tidspunkt' }),
    );
    const asOf = await screen.findByRole('dialog', { name: 'Ordren efter hændelse #2' });
    await within(asOf).findByText('Halstørklæde');
    expect(asOf).toHaveTextContent('Anna Berg');
    expect(asOf).toHaveTextContent('Kladde');
    expect(asOf).toHaveTextContent('Afventer');
    expect(within(asOf).getByRole('table', { name: 'Beløb' })).toHaveTextContent('TotalDKK 298,00');
  });
});
