import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SeatProduct } from '../../shared/seating/seatingApi';
import { LEAGUE, SEAT_PRODUCTS, serveSeating } from '../../shared/seating/seatingFixtures';
import { newOrderWithSeatsPath } from '../../shared/seating/seatSale';
import { staffUser } from '../../test/fixtures';
import { newOrderTemplate, ordersSession, savedOrder, staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server, type SessionScenario } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { Order } from './types';

/** Staff who sell orders and may read the club's events. */
const seller: SessionScenario = {
  ...staffWithOrders,
  user: {
    ...staffUser,
    acl: [{ subject: ['orders', 'events'], action: ['manage'], inverted: false, fields: ['*'] }],
  },
};

/** The new order's calls and the seating calls; returns the bodies POSTed to update. */
function serveNewOrder(products: Record<string, SeatProduct[]> = SEAT_PRODUCTS) {
  const posted: Order[] = [];
  server.use(...ordersSession());
  server.use(
    ...staffSession(seller),
    http.get('/api/orders/new', () =>
      HttpResponse.json({ success: true, result: newOrderTemplate() }),
    ),
    http.post('/api/orders/update', async ({ request }) => {
      posted.push((await request.json()) as Order);
      return HttpResponse.json({ success: true, result: 'o-1' });
    }),
    // The saved order as the server has it: the posted lines.
    http.get('/api/orders/o-1', () =>
      HttpResponse.json({
        success: true,
        result: savedOrder({ orderLines: posted.at(-1)?.orderLines ?? [] }),
      }),
    ),
  );
  const calls = serveSeating({ products });
  return { posted, calls };
}

/** The lines table's seat-ticket rows, each as 'product seat price'. */
function seatRows(): string[] {
  const table = screen.getByRole('table', { name: 'Produkter' });
  return within(table)
    .queryAllByRole('row', { name: /Pladsbillet|Voksen|Barn/ })
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(' | '),
    );
}

describe('a new order opened with seats from the seat overview', () => {
  it('starts with a seat-ticket line per seat, which its save sends to be booked', async () => {
    const { posted, calls } = serveNewOrder();
    const { router } = renderApp(
      newOrderWithSeatsPath({ eventId: LEAGUE.id, seats: ['N1-3', 'N1-4'] }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret kladde' }),
    ).toBeInTheDocument();
    const rows = seatRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Pladsbillet A.*DKK 200,00.*N1-3/);
    expect(rows[1]).toMatch(/Pladsbillet A.*DKK 200,00.*N1-4/);
    // One product sells category A: asked for once, no question.
    expect(calls.products).toEqual([{ chartId: 'stadion', category: 'a' }]);
    expect(screen.queryByRole('dialog', { name: 'Vælg produkt' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Fornavn'), 'Bo');
    await userEvent.type(screen.getByLabelText('E-mail'), 'bo@bager.test');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Ordren blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o-1'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ id: null, firstname: 'Bo', email: 'bo@bager.test' });
    expect(posted[0]?.orderLines).toEqual(
      ['N1-3', 'N1-4'].map((seat) =>
        expect.objectContaining({
          productId: 'p-a',
          title: 'Pladsbillet A',
          type: 'seat-ticket',
          price: 20_000,
          amount: 1,
          total: 20_000,
          seat,
          seatEvent: 'Ligakamp',
          seatEventId: LEAGUE.id,
          seatCategoryId: 'a',
        }),
      ),
    );
    // The saved order's page shows its lines once: the URL's seats are not added again.
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    expect(seatRows()).toHaveLength(2);
  });

  it('asks once per category that several products sell', async () => {
    const { posted, calls } = serveNewOrder();
    renderApp(newOrderWithSeatsPath({ eventId: LEAGUE.id, seats: ['N2-1', 'N1-3', 'N2-2'] }));
    const choose = await screen.findByRole('dialog', { name: 'Vælg produkt' });
    expect(
      within(choose).getByText(
        'Flere pladsbilletter sælger pladserne N2-1, N2-2. Hvilken skal bruges?',
      ),
    ).toBeVisible();
    await userEvent.click(within(choose).getByRole('button', { name: /^Barn B \(DKK\s75,00\)$/ }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret kladde' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Vælg produkt' })).not.toBeInTheDocument();
    expect(calls.products).toEqual([
      { chartId: 'stadion', category: 'b' },
      { chartId: 'stadion', category: 'a' },
    ]);
    // The lines keep the seats' order.
    const rows = seatRows();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/Barn B.*DKK 75,00.*N2-1/);
    expect(rows[1]).toMatch(/Pladsbillet A.*DKK 200,00.*N1-3/);
    expect(rows[2]).toMatch(/Barn B.*DKK 75,00.*N2-2/);

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await screen.findByText('Ordren blev oprettet!');
    expect(posted[0]?.orderLines.map((line) => [line.productId, line.seat])).toEqual([
      ['p-barn', 'N2-1'],
      ['p-a', 'N1-3'],
      ['p-barn', 'N2-2'],
    ]);
  });

  it('asks about a single seat as the seating dialog does, and leaves it out when declined', async () => {
    serveNewOrder();
    renderApp(newOrderWithSeatsPath({ eventId: LEAGUE.id, seats: ['N1-3', 'N2-1'] }));
    const choose = await screen.findByRole('dialog', { name: 'Vælg produkt' });
    expect(within(choose).getByText(/Flere pladsbilletter sælger pladsen N2-1/)).toBeVisible();
    await userEvent.click(within(choose).getByRole('button', { name: 'Fortryd' }));

    await screen.findByRole('heading', { level: 1, name: 'Opret kladde' });
    expect(
      screen.getByText(
        'Der blev ikke valgt en pladsbillet til plads N2-1, så den er ikke med i ordren.',
      ),
    ).toBeInTheDocument();
    const rows = seatRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/N1-3/);
  });

  it('names the seats it leaves out: no product sells them, or the chart has no such seat', async () => {
    serveNewOrder({ ...SEAT_PRODUCTS, b: [] });
    renderApp(newOrderWithSeatsPath({ eventId: LEAGUE.id, seats: ['N2-1', 'N1-3', 'X-9'] }));
    await screen.findByRole('heading', { level: 1, name: 'Opret kladde' });
    expect(
      screen.getByText(
        'Ingen pladsbillet sælger kategorien af plads N2-1, så den er ikke med i ordren.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Plads X-9 findes ikke på pladskortet til Ligakamp, så den er ikke med i ordren.',
      ),
    ).toBeInTheDocument();
    const rows = seatRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/Pladsbillet A.*N1-3/);
  });

  it('starts without seats, saying so, when the event has no seat map', async () => {
    serveNewOrder();
    renderApp(newOrderWithSeatsPath({ eventId: 'ev-gone', seats: ['N1-3'] }));
    await screen.findByRole('heading', { level: 1, name: 'Opret kladde' });
    expect(
      screen.getByText(
        'Pladserne til arrangementet kunne ikke hentes, så ordren starter uden dem.',
      ),
    ).toBeInTheDocument();
    expect(seatRows()).toEqual([]);
  });
});
