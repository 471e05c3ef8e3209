import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LEAGUE, serveSeating } from '../../shared/seating/seatingFixtures';
import { staffUser } from '../../test/fixtures';
import { orderLine, ordersSession, savedOrder, staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server, type SessionScenario } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { Order, OrderLine } from './types';

/** Staff who sell orders and may read the club's events (the seat service's events). */
const seller: SessionScenario = {
  ...staffWithOrders,
  user: {
    ...staffUser,
    acl: [{ subject: ['orders', 'events'], action: ['manage'], inverted: false, fields: ['*'] }],
  },
};

const scarf = orderLine();

function seatLine(id: string, seat: string, extra: Partial<OrderLine> = {}): OrderLine {
  return orderLine({
    id,
    productId: 'p-a',
    title: 'Pladsbillet A',
    sku: null,
    type: 'seat-ticket',
    price: 20_000,
    amount: 1,
    total: 20_000,
    seat,
    seatEvent: LEAGUE.title,
    seatEventId: LEAGUE.id,
    seatCategoryId: 'a',
    ...extra,
  });
}

interface Serve {
  order?: Partial<Order>;
  scenario?: SessionScenario;
  update?: () => Response;
  booked?: string[];
}

/** The order o-1 (a draft with a scarf), the seating calls; returns the bodies POSTed to update. */
function serveOrder({ order = {}, scenario = seller, update, booked = [] }: Serve = {}) {
  const posted: Order[] = [];
  server.use(...ordersSession());
  server.use(
    ...staffSession(scenario),
    http.get('/api/orders/o-1', () =>
      HttpResponse.json({ success: true, result: savedOrder(order) }),
    ),
    http.post('/api/orders/update', async ({ request }) => {
      posted.push((await request.json()) as Order);
      return update?.() ?? HttpResponse.json({ success: true, result: 'o-1' });
    }),
  );
  serveSeating({
    states: {
      [LEAGUE.id]: booked.map((label) => ({ label, state: 'booked', note: '#1001' })),
    },
  });
  return posted;
}

const seat = (label: string, state: string) =>
  screen.findByRole('option', { name: new RegExp(`^Plads ${label}, Tribune Nord, ${state}`) });

async function openSeating() {
  await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
  await userEvent.click(screen.getByRole('button', { name: 'Pladser' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pladser' });
  await within(dialog).findByRole('listbox', { name: 'Pladser til Ligakamp' });
  return dialog;
}

async function closeWith(dialog: HTMLElement, button: 'Gem' | 'Fortryd') {
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const linesTable = () => screen.getByRole('table', { name: 'Produkter' });

describe("the order's seating dialog", () => {
  it("puts the picked seats in the order's lines on 'Gem', which the order's save sends", async () => {
    const posted = serveOrder();
    renderApp('/orders/o-1');
    const dialog = await openSeating();
    await userEvent.click(await seat('N1-3', 'ledig'));
    await seat('N1-3', 'valgt');
    await closeWith(dialog, 'Gem');

    const row = within(linesTable()).getByRole('row', { name: /Pladsbillet A/ });
    expect(row).toHaveTextContent('N1-3');
    expect(row).toHaveTextContent('DKK 200,00');
    expect(within(linesTable()).getByRole('row', { name: /Halstørklæde/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Ordren blev gemt!')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.orderLines).toEqual([
      scarf,
      expect.objectContaining({
        productId: 'p-a',
        title: 'Pladsbillet A',
        type: 'seat-ticket',
        price: 20_000,
        discount: 0,
        amount: 1,
        seat: 'N1-3',
        seatEvent: 'Ligakamp',
        seatEventId: 'ev-1',
        seatCategoryId: 'a',
      }),
    ]);
  });

  it("replaces the order's seat lines with the edited ones and keeps its other lines", async () => {
    const typed = orderLine({
      id: 'l-typed',
      title: 'Løs plads',
      type: 'seat-ticket',
      seat: 'A-1',
    });
    const posted = serveOrder({
      order: { orderLines: [seatLine('l-seat', 'N1-1'), scarf, typed] },
      booked: ['N1-1'],
    });
    renderApp('/orders/o-1');
    const dialog = await openSeating();
    // The order's own booking is its line's seat; the cross gives it back.
    expect(await seat('N1-1', 'valgt')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern N1-1 til Ligakamp' }));
    expect(await seat('N1-1', 'ledig')).toBeInTheDocument();
    await userEvent.click(await seat('N1-2', 'ledig'));
    await seat('N1-2', 'valgt');
    await closeWith(dialog, 'Gem');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await screen.findByText('Ordren blev gemt!');
    expect(posted[0]?.orderLines.map((line) => [line.title, line.seat])).toEqual([
      ['Pladsbillet A', 'N1-2'],
      ['Halstørklæde', null],
      ['Løs plads', 'A-1'],
    ]);
  });

  it("discards the dialog's edits on 'Fortryd'", async () => {
    const posted = serveOrder({ order: { orderLines: [scarf, seatLine('l-seat', 'N1-1')] } });
    renderApp('/orders/o-1');
    const dialog = await openSeating();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern N1-1 til Ligakamp' }));
    await userEvent.click(await seat('N1-4', 'ledig'));
    await seat('N1-4', 'valgt');
    await closeWith(dialog, 'Fortryd');

    const rows = within(linesTable()).getAllByRole('row', { name: /Pladsbillet A/ });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('N1-1');

    // Opened again, the dialog starts from the order's lines.
    const again = await openSeating();
    expect(await seat('N1-1', 'valgt')).toBeInTheDocument();
    expect(await seat('N1-4', 'ledig')).toBeInTheDocument();
    await closeWith(again, 'Fortryd');
    expect(posted).toHaveLength(0);
  });

  it("shows the server's refusal of a seat on its line", async () => {
    serveOrder({
      update: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Valideringsfejl',
            errors: { 'orderLines.1.seat': ['Pladsen N1-3 er ikke ledig til Ligakamp'] },
          },
          { status: 422 },
        ),
    });
    renderApp('/orders/o-1');
    const dialog = await openSeating();
    await userEvent.click(await seat('N1-3', 'ledig'));
    await seat('N1-3', 'valgt');
    await closeWith(dialog, 'Gem');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

    const errors = await screen.findByRole('list', { name: 'Fejl i produkterne' });
    expect(errors).toHaveTextContent('Pladsbillet A: Pladsen N1-3 er ikke ledig til Ligakamp');
  });

  it('is offered on a draft when the club has the seat service (the events module)', async () => {
    serveOrder({ order: { status: 'approved' } });
    const approved = renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    expect(screen.queryByRole('button', { name: 'Pladser' })).not.toBeInTheDocument();
    approved.unmount();

    // Without the events module the club has no seat service.
    serveOrder({
      scenario: {
        ...seller,
        modules: seller.modules?.filter((module) => module.alias !== 'events'),
      },
    });
    renderApp('/orders/o-1');
    await screen.findByRole('heading', { level: 1, name: 'Ordre #1001' });
    expect(screen.getByRole('button', { name: 'Tilføj produkt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pladser' })).not.toBeInTheDocument();
  });
});
