import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AREA, stadiumWithArea } from '../../shared/seats/seatFixtures';
import { isStandingPlace } from '../../shared/seats/seatModel';
import { staffUser } from '../../test/fixtures';
import { newOrderTemplate, staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { emptyList, server, type SessionScenario } from '../../test/server';
import {
  eventsSession,
  seatedEvent,
  seatOverview,
  serveSeating,
  staffWithEvents,
} from '../../test/events';
import type { SeatOverview } from '../../shared/events/types';

/** Staff of a club with the orders module who may sell orders: the seating manager's two modes. */
const seller: SessionScenario = {
  ...staffWithEvents,
  modules: staffWithOrders.modules,
  user: {
    ...staffUser,
    acl: [{ subject: ['events', 'orders'], action: ['manage'], inverted: false, fields: ['*'] }],
  },
};

/** The derby's seats with N1-1 booked on order o-42 (#1042). */
function withOrderIds(): SeatOverview {
  const overview = seatOverview();
  return {
    ...overview,
    states: overview.states.map((seat) =>
      seat.label === 'N1-1' ? { ...seat, orderId: 'o-42' } : seat,
    ),
  };
}

/**
 * The derby's seats with the standing area Ståpladser behind the stands: ST-1 sold, ST-2 released
 * by its season ticket holder, ST-3 kept for a channel, ST-4 a season ticket's, ST-5 in someone's
 * basket; ST-6 is free.
 */
function withStandingArea(): SeatOverview {
  const overview = seatOverview();
  const places = stadiumWithArea().seats.filter(isStandingPlace);
  const marked: Record<string, Omit<SeatOverview['states'][number], 'label'>> = {
    'ST-1': { state: 'booked', note: '#1043' },
    'ST-2': { state: 'released', note: 'Ole Olsen' },
    'ST-3': { state: 'channel', note: 'Bageriet' },
    'ST-4': { state: 'reserved', note: 'Karen Kunde' },
    'ST-5': { state: 'held' },
  };
  return {
    chart: { ...overview.chart, seats: [...overview.chart.seats, ...places] },
    states: [
      ...overview.states,
      ...places.map((place) => ({
        label: place.label,
        ...(marked[place.label] ?? { state: 'free' as const }),
      })),
    ],
    sections: [
      ...overview.sections,
      {
        section: AREA,
        seats: 6,
        booked: 1,
        held: 1,
        reserved: 1,
        released: 1,
        channel: 1,
        free: 1,
      },
    ],
  };
}

/** The seated derby (e-1) and its seats as `overview` answers them; returns the overview's reads. */
function serveSeatedEvent(overview?: () => SeatOverview, scenario?: SessionScenario) {
  const seating = serveSeating(overview);
  server.use(
    ...eventsSession(scenario),
    ...seating.handlers,
    http.get('/api/events/e-1', () => HttpResponse.json({ success: true, result: seatedEvent() })),
    emptyList('/api/events/v2'),
  );
  return seating.reads;
}

/** A row's cells after its heading cell. */
function cellsOf(table: HTMLElement, name: RegExp): string[] {
  return within(within(table).getByRole('row', { name }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

/** The clicked seat's facts, term by term. */
function factsOf(details: HTMLElement): Record<string, string> {
  const terms = within(details).getAllByRole('term');
  const definitions = within(details).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent ?? '', definitions[index]?.textContent ?? '']),
  );
}

describe('Planoversigt', () => {
  it("draws the event's chart and counts its seats per section with the totals", async () => {
    serveSeatedEvent();
    renderApp('/events/e-1?tab=30');
    expect(await screen.findByRole('listbox', { name: 'Stadion' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Planoversigt', selected: true })).toBeInTheDocument();
    // The map's legend has every state in its colour.
    const legend = screen.getByRole('list', { name: 'Signaturforklaring' });
    for (const state of ['Ledig', 'Solgt', 'Reserveret', 'Frigivet', 'Salgskanal']) {
      expect(within(legend).getByText(state)).toBeInTheDocument();
    }

    const counts = screen.getByRole('table', { name: 'Status pr. sektion' });
    expect(
      within(counts)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Sektion',
      'Pladser',
      'Solgt',
      'Holdt',
      'Reserveret',
      'Frigivet',
      'Kanal',
      'Ledige',
    ]);
    expect(cellsOf(counts, /Tribune Nord/)).toEqual(['6', '1', '1', '0', '0', '0', '4']);
    expect(cellsOf(counts, /Tribune Syd/)).toEqual(['6', '0', '0', '1', '1', '1', '3']);
    expect(cellsOf(counts, /I alt/)).toEqual(['12', '1', '1', '1', '1', '1', '7']);
  });

  it('shows a clicked seat with its state and who holds it', async () => {
    serveSeatedEvent();
    renderApp('/events/e-1?tab=30');
    await screen.findByRole('listbox', { name: 'Stadion' });
    expect(
      screen.getByText('Klik på en plads på kortet for at se den, og hvem der har den.'),
    ).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('option', { name: 'Plads N1-1, Tribune Nord, solgt, kørestolsplads' }),
    );
    expect(factsOf(screen.getByRole('complementary', { name: 'Plads N1-1' }))).toEqual({
      Sektion: 'Tribune Nord',
      Række: 'N1',
      Nummer: '1',
      Kategori: 'Kategori A',
      Kørestolsplads: 'Ja',
      Status: 'Solgt',
      Ordre: '#1042',
    });

    await userEvent.click(screen.getByRole('option', { name: /^Plads N2-1,/ }));
    expect(factsOf(screen.getByRole('complementary', { name: 'Plads N2-1' }))).toMatchObject({
      Sektion: 'Tribune Syd',
      Kategori: 'Kategori B',
      Status: 'Reserveret',
      Sæsonkortholder: 'Karen Kunde',
    });

    await userEvent.click(screen.getByRole('option', { name: /^Plads N2-2,/ }));
    expect(factsOf(screen.getByRole('complementary', { name: 'Plads N2-2' }))).toMatchObject({
      Status: 'Frigivet',
      Sæsonkortholder: 'Ole Olsen',
    });

    await userEvent.click(screen.getByRole('option', { name: /^Plads N2-3,/ }));
    expect(factsOf(screen.getByRole('complementary', { name: 'Plads N2-3' }))).toMatchObject({
      Status: 'Salgskanal',
      Salgskanal: 'Bageriet',
    });

    await userEvent.click(screen.getByRole('option', { name: /^Plads N1-4,/ }));
    const free = factsOf(screen.getByRole('complementary', { name: 'Plads N1-4' }));
    expect(free).toMatchObject({ Status: 'Ledig' });
    expect(Object.keys(free)).not.toContain('Ordre');
  });

  it("reads the seats again on 'Genindlæs'", async () => {
    let overview = seatOverview();
    const reads = serveSeatedEvent(() => overview);
    renderApp('/events/e-1?tab=30');
    await screen.findByRole('listbox', { name: 'Stadion' });
    await userEvent.click(screen.getByRole('option', { name: /^Plads N1-4,/ }));
    expect(factsOf(screen.getByRole('complementary', { name: 'Plads N1-4' }))).toMatchObject({
      Status: 'Ledig',
    });

    // Meanwhile N1-4 is sold on order #1043.
    overview = {
      ...overview,
      states: overview.states.map((seat) =>
        seat.label === 'N1-4' ? { ...seat, state: 'booked', note: '#1043' } : seat,
      ),
      sections: overview.sections.map((section) =>
        section.section === 'Tribune Nord' ? { ...section, booked: 2, free: 3 } : section,
      ),
    };
    const readsBefore = reads.count;
    await userEvent.click(screen.getByRole('button', { name: 'Genindlæs' }));
    await waitFor(() => expect(reads.count).toBe(readsBefore + 1));
    await waitFor(() =>
      expect(factsOf(screen.getByRole('complementary', { name: 'Plads N1-4' }))).toMatchObject({
        Status: 'Solgt',
        Ordre: '#1043',
      }),
    );
    const counts = screen.getByRole('table', { name: 'Status pr. sektion' });
    expect(cellsOf(counts, /I alt/)).toEqual(['12', '2', '1', '1', '1', '1', '6']);
  });

  it("says so when the seats cannot be read, and 'Genindlæs' tries again", async () => {
    serveSeatedEvent();
    let fails = true;
    server.use(
      http.get('/api/seats/events/e-1', () =>
        fails
          ? HttpResponse.json({ success: false, error: 'Ikke fundet' }, { status: 404 })
          : HttpResponse.json({ success: true, result: seatOverview() }),
      ),
    );
    renderApp('/events/e-1?tab=30');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ikke fundet');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Genindlæs' }));
    expect(await screen.findByRole('listbox', { name: 'Stadion' })).toBeInTheDocument();
  });

  describe('the seating manager', () => {
    it("is in booking mode, where a booked seat opens its order ('Åbn ordre')", async () => {
      serveSeatedEvent(withOrderIds, seller);
      renderApp('/events/e-1?tab=30');
      await screen.findByRole('listbox', { name: 'Stadion' });
      const modes = screen.getByRole('group', { name: 'Tilstand' });
      expect(within(modes).getByRole('button', { name: 'Booking' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(within(modes).getByRole('button', { name: 'Salg' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );

      await userEvent.click(screen.getByRole('option', { name: /^Plads N1-1,/ }));
      const details = screen.getByRole('complementary', { name: 'Plads N1-1' });
      expect(factsOf(details)).toMatchObject({ Status: 'Solgt', Ordre: '#1042' });
      expect(within(details).getByRole('link', { name: 'Åbn ordre' })).toHaveAttribute(
        'href',
        '/orders/o-42',
      );

      // A free seat, and a seat held by something other than an order, have no order to open.
      await userEvent.click(screen.getByRole('option', { name: /^Plads N1-4,/ }));
      expect(
        within(screen.getByRole('complementary', { name: 'Plads N1-4' })).queryByRole('link'),
      ).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('option', { name: /^Plads N2-1,/ }));
      expect(
        within(screen.getByRole('complementary', { name: 'Plads N2-1' })).queryByRole('link'),
      ).not.toBeInTheDocument();
    });

    it('offers neither the order nor sales mode to staff without the orders module', async () => {
      serveSeatedEvent(withOrderIds);
      renderApp('/events/e-1?tab=30');
      await screen.findByRole('listbox', { name: 'Stadion' });
      expect(screen.queryByRole('group', { name: 'Tilstand' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('option', { name: /^Plads N1-1,/ }));
      expect(factsOf(screen.getByRole('complementary', { name: 'Plads N1-1' }))).toMatchObject({
        Ordre: '#1042',
      });
      expect(screen.queryByRole('link', { name: 'Åbn ordre' })).not.toBeInTheDocument();
    });

    it("sells free seats in sales mode: 'Opret ordre' opens a new order with them", async () => {
      serveSeatedEvent(withOrderIds, seller);
      // The new order's page that 'Opret ordre' opens.
      server.use(
        http.get('/api/orders/new', () =>
          HttpResponse.json({ success: true, result: newOrderTemplate() }),
        ),
        http.get('/api/orders/categories', () => HttpResponse.json({ success: true, result: [] })),
        http.get('/api/orders/contracts', () => HttpResponse.json({ success: true, result: [] })),
      );
      const { router } = renderApp('/events/e-1?tab=30');
      await screen.findByRole('listbox', { name: 'Stadion' });
      await userEvent.click(screen.getByRole('button', { name: 'Salg' }));
      const chosen = () => screen.getByRole('complementary', { name: /^Valgte pladser/ });
      expect(within(chosen()).getByRole('heading')).toHaveTextContent('Valgte pladser (0)');
      expect(screen.getByRole('button', { name: 'Opret ordre' })).toBeDisabled();

      // Sold, held, a season ticket's reserved and a channel's seats cannot be chosen.
      const sold = screen.getByRole('option', { name: /^Plads N1-1, Tribune Nord, solgt/ });
      expect(sold).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(sold);
      for (const label of ['N1-2', 'N2-1', 'N2-3']) {
        expect(
          screen.getByRole('option', { name: new RegExp(`^Plads ${label},`) }),
        ).toHaveAttribute('aria-disabled', 'true');
      }
      // A seat its season ticket holder released for this match is for sale.
      expect(
        screen.getByRole('option', { name: /^Plads N2-2, Tribune Syd, ledig/ }),
      ).not.toHaveAttribute('aria-disabled');

      for (const label of ['N1-3', 'N1-4', 'N1-5']) {
        await userEvent.click(
          screen.getByRole('option', { name: new RegExp(`^Plads ${label}, Tribune Nord, ledig`) }),
        );
      }
      expect(
        screen.getByRole('option', { name: /^Plads N1-3, Tribune Nord, valgt/ }),
      ).toHaveAttribute('aria-selected', 'true');
      expect(within(chosen()).getByRole('heading')).toHaveTextContent('Valgte pladser (3)');
      // The cross, or the seat clicked again, gives it back.
      await userEvent.click(within(chosen()).getByRole('button', { name: 'Fjern N1-5' }));
      expect(
        within(within(chosen()).getByRole('list'))
          .getAllByRole('listitem')
          .map((item) => item.textContent?.replace(/\s+/g, ' ').trim()),
      ).toEqual(['N1-3Tribune Nord · Kategori A', 'N1-4Tribune Nord · Kategori A']);
      expect(
        screen.getByRole('option', { name: /^Plads N1-5, Tribune Nord, ledig/ }),
      ).toHaveAttribute('aria-selected', 'false');
      await userEvent.click(screen.getByRole('option', { name: /^Plads N1-1,/ }));
      expect(within(chosen()).getByRole('heading')).toHaveTextContent('Valgte pladser (2)');

      await userEvent.click(screen.getByRole('button', { name: 'Opret ordre' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/orders/create'));
      expect(router.state.location.search).toBe('?seatEvent=e-1&seats=N1-3%2CN1-4');
      // The derby is not in the (empty) events list: the new order says so and starts without them.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Opret kladde' }),
      ).toBeInTheDocument();
    });
    it('sells the first free places of a standing area clicked, and says when none is left', async () => {
      serveSeatedEvent(withStandingArea, seller);
      renderApp('/events/e-1?tab=30');
      await screen.findByRole('listbox', { name: 'Stadion' });
      await userEvent.click(screen.getByRole('button', { name: 'Salg' }));
      const chosen = () => screen.getByRole('complementary', { name: /^Valgte pladser/ });
      const chosenSeats = () =>
        within(within(chosen()).getByRole('list'))
          .getAllByRole('listitem')
          .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
      const area = (counts: string) =>
        screen.getByRole('option', { name: `${AREA}, ståområde, ${counts}` });

      // The released place comes first; the sold, kept and held ones are passed by.
      await userEvent.click(area('2 ledige pladser'));
      expect(chosenSeats()).toEqual(['ST-2Ståpladser · Kategori B']);
      await userEvent.click(area('1 ledig plads, du har 1'));
      expect(chosenSeats()).toEqual(['ST-2Ståpladser · Kategori B', 'ST-6Ståpladser · Kategori B']);
      expect(within(chosen()).getByRole('heading')).toHaveTextContent('Valgte pladser (2)');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await userEvent.click(area('0 ledige pladser, du har 2'));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Der er ikke flere ledige pladser i Ståpladser',
      );
      expect(within(chosen()).getByRole('heading')).toHaveTextContent('Valgte pladser (2)');

      // The cross gives a place back to the area.
      await userEvent.click(within(chosen()).getByRole('button', { name: 'Fjern ST-2' }));
      expect(chosenSeats()).toEqual(['ST-6Ståpladser · Kategori B']);
      expect(area('1 ledig plads, du har 1')).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
