import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/appApi';
import type { ProfileOrder, ProfileOrders, ProfileTicket } from '../../api/generated/profile';
import { clubs, demoFc, modules, staffUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

const customer: SessionUser = {
  ...staffUser,
  id: 'u-kunde',
  firstname: 'Karen',
  lastname: 'Kunde',
  name: 'Karen Kunde',
  email: 'kunde@tribune.test',
  role: 'customer',
  clients: [{ clientId: 'c1', role: 'customer', systemUser: false, accepted: true }],
};

const event = { id: 'e-1', title: 'FC Demo – Rivalerne', start: '2026-02-08T17:00:00Z' };

const seated: ProfileTicket = {
  ticketId: 'ABCDEF0123456789ABCDEF01',
  number: 7,
  orderId: 'o-1',
  orderNumber: 1042,
  event,
  product: 'Siddeplads',
  name: 'Karen Kunde',
  section: 'Syd',
  row: '3',
  seatNumber: '12',
  status: 'issued',
  download: '/public/events/ticket/ABCDEF0123456789ABCDEF01',
};

const used: ProfileTicket = {
  ...seated,
  ticketId: 'ZZZZEF0123456789ABCDEF01',
  number: 8,
  seatNumber: '13',
  status: 'scanned',
  download: '/public/events/ticket/ZZZZEF0123456789ABCDEF01',
};

const booking: ProfileOrder = {
  id: 'o-1',
  number: 1042,
  createdAt: '2026-01-20T10:00:00Z',
  kind: 'booking',
  status: 'confirmed',
  total: 30000,
  event,
  lines: [{ title: 'Siddeplads', amount: 2 }],
  tickets: [seated, used],
  canResend: true,
};

const shopOrder: ProfileOrder = {
  id: 'o-2',
  number: 1043,
  createdAt: '2026-01-21T10:00:00Z',
  kind: 'shop',
  status: 'pending',
  total: 45000,
  event: null,
  lines: [{ title: 'Hjemmebanetrøje', amount: 1 }],
  tickets: [],
  canResend: false,
};

/** The customer's session and orders; returns the orders whose confirmation was asked again. */
function serve(answer: ProfileOrders = { orders: [shopOrder, booking], tickets: [seated, used] }) {
  const resent: string[] = [];
  server.use(
    ...sessionHandlers({
      user: customer,
      clients: clubs.slice(0, 1),
      client: { ...demoFc, isFrontend: true },
      modules,
      isFrontend: true,
    }),
    // The menu opens on Profil.
    http.get('/api/profile', () =>
      HttpResponse.json({
        success: true,
        result: {
          id: 'u-kunde',
          email: 'kunde@tribune.test',
          firstname: 'Karen',
          lastname: 'Kunde',
        },
      }),
    ),
    http.get('/api/profile/orders', () => HttpResponse.json({ success: true, result: answer })),
    http.post('/api/profile/orders/:id/resend-confirmation', ({ params }) => {
      resent.push(String(params.id));
      return HttpResponse.json({ success: true, result: true });
    }),
  );
  return resent;
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text) !== null) as HTMLElement;

describe("the buyer's orders and tickets in the profile", () => {
  it('lists the orders with their event or products, total and status, and resends a confirmation', async () => {
    const resent = serve();
    renderApp('/profile#orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordrer' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Ordrer' });

    const bookingRow = rowOf(table, '1042');
    expect(within(bookingRow).getByText('FC Demo – Rivalerne')).toBeInTheDocument();
    expect(within(bookingRow).getByText('8. feb. 2026 kl. 18:00')).toBeInTheDocument();
    expect(within(bookingRow).getByText('2 × Siddeplads')).toBeInTheDocument();
    expect(within(bookingRow).getByText('Bekræftet')).toBeInTheDocument();

    const shopRow = rowOf(table, '1043');
    expect(within(shopRow).getByText('1 × Hjemmebanetrøje')).toBeInTheDocument();
    expect(within(shopRow).getByText('Afventer betaling')).toBeInTheDocument();
    // Only a confirmed order has a confirmation to send again.
    expect(within(shopRow).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(
      within(bookingRow).getByRole('button', { name: 'Send bekræftelsen af ordre 1042 igen' }),
    );
    expect(
      await screen.findByText('Bekræftelsen af ordre 1042 er sendt igen.'),
    ).toBeInTheDocument();
    expect(resent).toEqual(['o-1']);
  });

  it('lists the tickets with their event, seat and status, each to download again', async () => {
    serve();
    renderApp('/profile');
    const menu = await screen.findByRole('navigation', { name: 'Min profil' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Billetter' }));
    const table = await screen.findByRole('table', { name: 'Billetter' });

    const first = rowOf(table, 'Sektion Syd, Række 3, Plads 12');
    expect(within(first).getByText('FC Demo – Rivalerne')).toBeInTheDocument();
    expect(within(first).getByText('Billet 7 · ordre 1042')).toBeInTheDocument();
    expect(within(first).getByText('Gyldig')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Hent billet 7 som PDF' })).toHaveAttribute(
      'href',
      '/public/events/ticket/ABCDEF0123456789ABCDEF01',
    );
    expect(
      within(rowOf(table, 'Sektion Syd, Række 3, Plads 13')).getByText('Brugt'),
    ).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    serve({ orders: [], tickets: [] });
    renderApp('/profile#tickets');
    expect(await screen.findByText('Du har ingen billetter endnu.')).toBeInTheDocument();
  });
});
