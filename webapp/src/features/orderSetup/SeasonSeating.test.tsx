import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Chart, SeasonTicket, SeatChannel } from '../../api/generated/seats';
import { AREA, stadium, stadiumWithArea } from '../../shared/seats/seatFixtures';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import { withOrders } from './orderSetupFixtures';
import type { SeasonTicketInput } from './orderSetupApi';
import type { Season } from './types';

const seatedSeason: Season = {
  id: 's-1',
  version: 3,
  title: 'Sæson 2026/27',
  startDate: '2026-07-01',
  endDate: '2027-06-30',
  parentId: null,
  reservations: false,
  inactive: false,
  seats: [{ chartId: 'stadion', eventId: null, name: 'Hele stadion' }],
};

const karensTicket: SeasonTicket = {
  id: 't-1',
  seat: 'N1-2',
  section: 'Tribune Nord',
  row: 'N1',
  seatNumber: '2',
  productId: 'p-1',
  product: 'Sæsonkort Nord',
  name: 'Karen Kunde',
  email: 'karen@kunde.dk',
  companyId: null,
};

const sponsorChannel: SeatChannel = {
  id: 'ch-1',
  name: 'Sponsorpladser',
  companyId: 'c-1',
  company: 'Vejle Byg A/S',
  seats: ['N2-5', 'N2-6'],
};

const soldTicket: SeasonTicket = {
  id: 't-9',
  seat: 'N2-1',
  section: 'Tribune Nord',
  row: 'N2',
  seatNumber: '1',
  productId: 'p-1',
  product: 'Sæsonkort Nord',
  name: 'Ole Ordre',
  email: 'ole@ordre.dk',
  companyId: null,
  orderId: 'o-7',
};

/** The stadium with its standing area Ståpladser, whose place ST-2 is not for sale. */
function stadiumWithStandingArea(): Chart {
  const chart = stadiumWithArea();
  return {
    ...chart,
    seats: chart.seats.map((seat) => (seat.label === 'ST-2' ? { ...seat, forSale: false } : seat)),
  };
}

/** Ole's season ticket on the standing place ST-1. */
const standingTicket: SeasonTicket = {
  id: 't-3',
  seat: 'ST-1',
  section: AREA,
  row: 'ST',
  seatNumber: '1',
  productId: 'p-1',
  product: 'Sæsonkort Nord',
  name: 'Ole Olsen',
  email: 'ole@olsen.dk',
  companyId: null,
};

/** A channel that keeps the standing places ST-5 and ST-6. */
const standingChannel: SeatChannel = {
  id: 'ch-3',
  name: 'Ståkanalen',
  companyId: null,
  seats: ['ST-5', 'ST-6'],
};

const SOLD = 'Pladsen er allerede solgt til Demo FC – Vejle';
const SOLD_ON_AN_ORDER = 'Sæsonkortet er solgt på en ordre. Fjern linjen på ordren i stedet.';

interface SeatingServer {
  season?: Season;
  /** The season's chart; the stadium unless told. */
  chart?: Chart;
  /** The season's tickets; Karen's alone unless told. */
  tickets?: SeasonTicket[];
  /** The season's channels; the sponsors' alone unless told. */
  channels?: SeatChannel[];
  /** Answers a new season ticket instead of taking it. */
  refuseTicket?: () => Response;
  /** Answers the deletion of a season ticket instead of deleting it. */
  refuseTicketDeletion?: () => Response;
}

/**
 * Season s-1 on the chart 'stadion' with Karen's ticket and the sponsors' channel; records posts
 * and deletions.
 */
function serveSeating({
  season = seatedSeason,
  chart = stadium(),
  tickets = [karensTicket],
  channels = [sponsorChannel],
  refuseTicket,
  refuseTicketDeletion,
}: SeatingServer = {}) {
  const ticketPosts: unknown[] = [];
  const channelPosts: unknown[] = [];
  const ticketDeletions: string[] = [];
  const channelDeletions: string[] = [];
  server.use(
    ...staffSession(withOrders),
    http.get('/api/orders/seasons/parents', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/orders/seasons/s-1', () => HttpResponse.json({ success: true, result: season })),
    http.get('/api/seats/charts', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'chart-1', key: 'stadion', name: 'Stadion', seats: 12 }],
      }),
    ),
    http.get('/api/seats/charts/chart-1', () =>
      HttpResponse.json({ success: true, result: chart }),
    ),
    http.get('/api/seats/seasons/s-1/tickets', () =>
      HttpResponse.json({ success: true, result: tickets }),
    ),
    http.post('/api/seats/seasons/s-1/tickets', async ({ request }) => {
      const body = (await request.json()) as SeasonTicketInput;
      ticketPosts.push(body);
      if (refuseTicket) return refuseTicket();
      const [row = '', seatNumber = ''] = body.seat.split('-');
      tickets.push({
        ...body,
        id: 't-2',
        section: 'Tribune Nord',
        row,
        seatNumber,
        product: 'Sæsonkort',
      });
      return HttpResponse.json({ success: true, result: 't-2' });
    }),
    http.get('/api/seats/seasons/s-1/channels', () =>
      HttpResponse.json({ success: true, result: channels }),
    ),
    http.post('/api/seats/seasons/s-1/channels', async ({ request }) => {
      const body = (await request.json()) as SeatChannel;
      channelPosts.push(body);
      // The server names the company in its list.
      const company = body.companyId === 'c-2' ? 'Bageriet Grøn ApS' : undefined;
      channels.push({ ...body, id: 'ch-2', company });
      return HttpResponse.json({ success: true, result: 'ch-2' });
    }),
    http.delete('/api/seats/seasons/s-1/tickets/:ticketId', ({ params }) => {
      const ticketId = String(params.ticketId);
      ticketDeletions.push(ticketId);
      if (refuseTicketDeletion) return refuseTicketDeletion();
      tickets.splice(
        tickets.findIndex((ticket) => ticket.id === ticketId),
        1,
      );
      return HttpResponse.json({ success: true });
    }),
    http.delete('/api/seats/seasons/s-1/channels/:channelId', ({ params }) => {
      const channelId = String(params.channelId);
      channelDeletions.push(channelId);
      channels.splice(
        channels.findIndex((channel) => channel.id === channelId),
        1,
      );
      return HttpResponse.json({ success: true });
    }),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'c-2', name: 'Bageriet Grøn ApS', city: 'Vejle' }],
      }),
    ),
    http.get('/api/products', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'p-1', title: 'Sæsonkort Nord', price: 150000, type: 'product', variants: [] },
        ],
      }),
    ),
  );
  return { ticketPosts, channelPosts, ticketDeletions, channelDeletions };
}

const seat = (name: string) => screen.getByRole('option', { name });

/** The cells of a table's rows below its header, as text (an icon button's cell reads ''). */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim()),
    );
}

async function openDialog(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: button });
}

describe("a season's tickets and channels", () => {
  it('lists the tickets by seat and the channels with their company and seats', async () => {
    serveSeating();
    renderApp('/orders/seasons/s-1');
    const tickets = await screen.findByRole('table', { name: 'Sæsonkort' });
    await waitFor(() =>
      expect(rowsOf(tickets)).toEqual([
        [
          'N1-2',
          'Tribune Nord',
          'N1',
          '2',
          'Sæsonkort Nord',
          'Karen Kunde',
          'karen@kunde.dk',
          '',
          '',
        ],
      ]),
    );
    const channels = screen.getByRole('table', { name: 'Salgskanaler' });
    expect(within(channels).getByRole('columnheader', { name: 'Virksomhed' })).toBeInTheDocument();
    await waitFor(() =>
      expect(rowsOf(channels)).toEqual([
        ['Sponsorpladser', 'Vejle Byg A/S', '2 pladser: N2-5, N2-6', ''],
      ]),
    );
  });

  it('creates a season ticket on the seat clicked, with its holder and product', async () => {
    const { ticketPosts } = serveSeating();
    renderApp('/orders/seasons/s-1');
    const dialog = await openDialog('Opret sæsonkort');
    // Karen's seat is taken; the sponsors' seats can still hold a season ticket.
    expect(
      await within(dialog).findByRole('option', { name: /^Plads N1-2, .*reserveret/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(seat('Plads N2-5, Tribune Nord, ledig')).not.toHaveAttribute('aria-disabled');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(dialog).findByText('Vælg en plads på kortet')).toBeInTheDocument();
    expect(within(dialog).getByText('Navn skal udfyldes')).toBeInTheDocument();

    await userEvent.click(seat('Plads N1-3, Tribune Nord, ledig'));
    expect(within(dialog).getByText('Valgt plads: N1-3')).toBeInTheDocument();
    await userEvent.click(seat('Plads N1-4, Tribune Nord, ledig'));
    expect(within(dialog).getByText('Valgt plads: N1-4')).toBeInTheDocument();
    expect(seat('Plads N1-3, Tribune Nord, ledig')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Navn'), 'Bo Holm');
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'bo@holm.dk');
    await userEvent.type(within(dialog).getByLabelText('Produkt'), 'Sæson');
    await userEvent.click(
      await screen.findByRole('option', { name: /Sæsonkort Nord/, hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));

    expect(await screen.findByText('Sæsonkortet blev oprettet!')).toBeInTheDocument();
    expect(ticketPosts).toEqual([
      { seat: 'N1-4', productId: 'p-1', name: 'Bo Holm', email: 'bo@holm.dk', companyId: null },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Opret sæsonkort' })).not.toBeInTheDocument(),
    );
    const tickets = screen.getByRole('table', { name: 'Sæsonkort' });
    expect(await within(tickets).findByRole('cell', { name: 'Bo Holm' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the seat on the seat", async () => {
    const { ticketPosts } = serveSeating({
      refuseTicket: () =>
        HttpResponse.json(
          { success: false, error: 'Valideringsfejl', errors: { seat: [SOLD] } },
          { status: 422 },
        ),
    });
    renderApp('/orders/seasons/s-1');
    const dialog = await openDialog('Opret sæsonkort');
    await userEvent.click(await within(dialog).findByRole('option', { name: /^Plads N1-5,/ }));
    await userEvent.type(within(dialog).getByLabelText('Navn'), 'Bo Holm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));

    expect(await within(dialog).findByText(SOLD)).toBeInTheDocument();
    expect(ticketPosts).toEqual([
      { seat: 'N1-5', productId: null, name: 'Bo Holm', email: '', companyId: null },
    ]);
    expect(screen.getByRole('dialog', { name: 'Opret sæsonkort' })).toBeInTheDocument();
  });

  it('creates a channel of the seats clicked for a company', async () => {
    const { channelPosts } = serveSeating();
    renderApp('/orders/seasons/s-1');
    const dialog = await openDialog('Opret salgskanal');
    // A season ticket's seat and another channel's seats are taken.
    expect(
      await within(dialog).findByRole('option', { name: /^Plads N1-2, .*reserveret/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(seat('Plads N2-5, Tribune Nord, salgskanal')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(dialog).findByText('Vælg mindst én plads på kortet')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Navn'), 'Bagerens bord');
    await userEvent.type(within(dialog).getByLabelText('Virksomhed'), 'Bage');
    await userEvent.click(
      await screen.findByRole('option', { name: /Bageriet Grøn ApS/, hidden: true }),
    );
    await userEvent.click(seat('Plads N2-1, Tribune Nord, ledig'));
    await userEvent.click(seat('Plads N2-2, Tribune Nord, ledig'));
    expect(within(dialog).getByText('2 valgte pladser: N2-1, N2-2')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));

    expect(await screen.findByText('Salgskanalen blev oprettet!')).toBeInTheDocument();
    expect(channelPosts).toEqual([
      { name: 'Bagerens bord', companyId: 'c-2', seats: ['N2-1', 'N2-2'] },
    ]);
    const channels = screen.getByRole('table', { name: 'Salgskanaler' });
    await waitFor(() =>
      expect(rowsOf(channels)).toContainEqual([
        'Bagerens bord',
        'Bageriet Grøn ApS',
        '2 pladser: N2-1, N2-2',
        '',
      ]),
    );
  });

  it("takes a row's free seats from the last one clicked with a shift-click", async () => {
    const user = userEvent.setup();
    const { channelPosts } = serveSeating();
    renderApp('/orders/seasons/s-1');
    await user.click(await screen.findByRole('button', { name: 'Opret salgskanal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret salgskanal' });
    await user.type(within(dialog).getByLabelText('Navn'), 'Nordtribunen');
    await user.click(await within(dialog).findByRole('option', { name: /^Plads N1-1,/ }));
    await user.keyboard('{Shift>}');
    await user.click(seat('Plads N1-4, Tribune Nord, ledig'));
    await user.keyboard('{/Shift}');
    // N1-2 holds a season ticket: the range passes it by.
    expect(within(dialog).getByText('3 valgte pladser: N1-1, N1-3, N1-4')).toBeInTheDocument();
    await user.click(seat('Plads N1-3, Tribune Nord, valgt'));
    await user.click(within(dialog).getByRole('button', { name: 'Gem' }));

    await waitFor(() =>
      expect(channelPosts).toEqual([
        { name: 'Nordtribunen', companyId: null, seats: ['N1-1', 'N1-4'] },
      ]),
    );
  });

  it('deletes a season ticket made by hand once confirmed', async () => {
    const { ticketDeletions } = serveSeating();
    renderApp('/orders/seasons/s-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Slet sæsonkortet for N1-2' }));
    expect(
      await screen.findByText(
        'Slet sæsonkortet for plads N1-2? Pladsen sættes til salg igen ved sæsonens kampe.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(ticketDeletions).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Slet sæsonkortet for N1-2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));

    expect(await screen.findByText('Sæsonkortet blev slettet!')).toBeInTheDocument();
    expect(ticketDeletions).toEqual(['t-1']);
    const tickets = screen.getByRole('table', { name: 'Sæsonkort' });
    expect(
      await within(tickets).findByText('Sæsonen har ingen sæsonkort endnu.'),
    ).toBeInTheDocument();
  });

  it('links a ticket an order sold to its order and offers no deletion of it', async () => {
    serveSeating({ tickets: [karensTicket, soldTicket] });
    renderApp('/orders/seasons/s-1');
    const tickets = await screen.findByRole('table', { name: 'Sæsonkort' });
    expect(
      await within(tickets).findByRole('link', { name: 'Åbn ordren for N2-1' }),
    ).toHaveAttribute('href', '/orders/o-7');
    expect(
      within(tickets).getByRole('button', { name: 'Slet sæsonkortet for N1-2' }),
    ).toBeInTheDocument();
    expect(
      within(tickets).queryByRole('button', { name: 'Slet sæsonkortet for N2-1' }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's refusal to delete a season ticket", async () => {
    const { ticketDeletions } = serveSeating({
      refuseTicketDeletion: () =>
        HttpResponse.json({ success: false, error: SOLD_ON_AN_ORDER }, { status: 422 }),
    });
    renderApp('/orders/seasons/s-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Slet sæsonkortet for N1-2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));

    expect(await screen.findByText(SOLD_ON_AN_ORDER)).toBeInTheDocument();
    expect(ticketDeletions).toEqual(['t-1']);
    expect(screen.queryByText('Sæsonkortet blev slettet!')).not.toBeInTheDocument();
    const tickets = screen.getByRole('table', { name: 'Sæsonkort' });
    expect(within(tickets).getByRole('cell', { name: 'Karen Kunde' })).toBeInTheDocument();
  });

  it('deletes a channel once confirmed', async () => {
    const { channelDeletions } = serveSeating();
    renderApp('/orders/seasons/s-1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Slet salgskanalen Sponsorpladser' }),
    );
    expect(
      await screen.findByText(
        'Slet salgskanalen Sponsorpladser? Dens pladser kan derefter købes af alle.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));

    expect(await screen.findByText('Salgskanalen blev slettet!')).toBeInTheDocument();
    expect(channelDeletions).toEqual(['ch-1']);
    const channels = screen.getByRole('table', { name: 'Salgskanaler' });
    expect(
      await within(channels).findByText('Sæsonen har ingen salgskanaler endnu.'),
    ).toBeInTheDocument();
  });

  it('shows nothing for a new season or one without a chart', async () => {
    serveSeating({ season: { ...seatedSeason, seats: [] } });
    const { unmount } = renderApp('/orders/seasons/s-1');
    await screen.findByRole('heading', { level: 1, name: 'Sæson 2026/27' });
    expect(screen.queryByRole('heading', { name: 'Sæsonkort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Salgskanaler' })).not.toBeInTheDocument();
    unmount();

    renderApp('/orders/seasons/create');
    await screen.findByRole('heading', { level: 1, name: 'Opret sæson' });
    expect(screen.queryByRole('heading', { name: 'Sæsonkort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opret salgskanal' })).not.toBeInTheDocument();
  });
  describe('with a standing area', () => {
    const area = (counts: string) =>
      screen.getByRole('option', { name: `${AREA}, ståområde, ${counts}` });

    it("gives a season ticket the area's first free place, the next one on a second click", async () => {
      const { ticketPosts } = serveSeating({
        chart: stadiumWithStandingArea(),
        tickets: [karensTicket, standingTicket],
        channels: [sponsorChannel, standingChannel],
      });
      renderApp('/orders/seasons/s-1');
      const dialog = await openDialog('Opret sæsonkort');
      await within(dialog).findByRole('listbox', { name: 'Vælg plads' });

      // ST-1 holds a season ticket and ST-2 is not for sale; a channel's places may be taken.
      await userEvent.click(area('4 ledige pladser'));
      expect(within(dialog).getByText('Valgt plads: ST-3')).toBeInTheDocument();
      // One place replaces the other.
      await userEvent.click(area('3 ledige pladser, du har 1'));
      expect(within(dialog).getByText('Valgt plads: ST-4')).toBeInTheDocument();

      await userEvent.type(within(dialog).getByLabelText('Navn'), 'Bo Holm');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
      await waitFor(() =>
        expect(ticketPosts).toEqual([
          { seat: 'ST-4', productId: null, name: 'Bo Holm', email: '', companyId: null },
        ]),
      );
    });

    it("adds the area's free places to a channel one click at a time, and says when none is left", async () => {
      const { channelPosts } = serveSeating({
        chart: stadiumWithStandingArea(),
        tickets: [karensTicket, standingTicket],
        channels: [sponsorChannel, standingChannel],
      });
      renderApp('/orders/seasons/s-1');
      const dialog = await openDialog('Opret salgskanal');
      await within(dialog).findByRole('listbox', { name: 'Vælg pladser' });
      await userEvent.type(within(dialog).getByLabelText('Navn'), 'Ståpladserne');

      // Another channel keeps ST-5 and ST-6.
      await userEvent.click(area('2 ledige pladser'));
      expect(within(dialog).getByText('Valgt plads: ST-3')).toBeInTheDocument();
      await userEvent.click(area('1 ledig plads, du har 1'));
      expect(within(dialog).getByText('2 valgte pladser: ST-3, ST-4')).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

      await userEvent.click(area('0 ledige pladser, du har 2'));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Der er ikke flere ledige pladser i Ståpladser',
      );
      expect(within(dialog).getByText('2 valgte pladser: ST-3, ST-4')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
      await waitFor(() =>
        expect(channelPosts).toEqual([
          { name: 'Ståpladserne', companyId: null, seats: ['ST-3', 'ST-4'] },
        ]),
      );
    });
  });
});
