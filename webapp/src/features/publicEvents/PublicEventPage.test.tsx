import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seatsApi } from '../../shared/seats/seatsApi';
import { serveSeats } from '../../shared/seats/seatFixtures';
import { renderApp } from '../../test/renderApp';
import {
  customerSession,
  derby,
  EVENT_ID,
  refusal,
  seasonalTicket,
  serveBooking,
} from './publicEventFixtures';

describe('the public event page', () => {
  it('shows the event, its sign-up dates, its sponsors by type and the booking', async () => {
    serveBooking({
      event: derby({
        sponsors: [
          {
            type: 'Hovedsponsor',
            companies: [{ id: 'c-1', name: 'Byg A/S', logo: '/public/events/pictures/l-1' }],
          },
          { type: 'Partner', companies: [{ id: 'c-2', name: 'Mad ApS', logo: null }] },
        ],
      }),
    });
    renderApp('/events/derby');

    expect(await screen.findByRole('heading', { level: 1, name: 'Derby' })).toBeInTheDocument();
    const page = screen.getByRole('article', { name: 'Derby' });
    expect(page).toHaveTextContent('Stadion');
    expect(page).toHaveTextContent('ons. 5. jun. 2030 kl. 19:30');
    expect(screen.getByText('største')).toBeInTheDocument();
    expect(screen.getByText('Billetter sælges efter først til mølle.')).toBeInTheDocument();

    const dates = screen.getByRole('region', { name: 'Datoer' });
    expect(within(dates).getByText('Tilmelding åbner').nextSibling).toHaveTextContent(
      'ons. 1. maj 2030 kl. 10:00',
    );
    expect(within(dates).getByText('Offentlig tilmelding').nextSibling).toHaveTextContent(
      'fre. 10. maj 2030 kl. 10:00',
    );
    expect(within(dates).getByText('Sidste tilmelding').nextSibling).toHaveTextContent(
      'tirs. 4. jun. 2030 kl. 22:00',
    );

    const sponsors = screen.getByRole('region', { name: 'Sponsorer' });
    const main = within(sponsors).getByRole('region', { name: 'Hovedsponsor' });
    expect(within(main).getByRole('img', { name: 'Byg A/S' })).toHaveAttribute(
      'src',
      '/public/events/pictures/l-1',
    );
    expect(within(sponsors).getByRole('region', { name: 'Partner' })).toHaveTextContent('Mad ApS');

    expect(await screen.findByRole('group', { name: 'Voksen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fortsæt' })).toBeDisabled();
    // The event does not show its participants.
    expect(screen.queryByRole('region', { name: 'Deltagere' })).not.toBeInTheDocument();
  });

  it('lists who comes when the event shows its participants', async () => {
    serveBooking({
      event: derby({
        participants: {
          list: [
            { name: 'Byg A/S', company: true },
            { name: 'Gitte Gæst', company: false },
          ],
          more: 0,
        },
      }),
    });
    renderApp('/events/derby');
    const participants = await screen.findByRole('region', { name: 'Deltagere' });
    expect(
      within(participants)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Byg A/S', 'Gitte Gæst']);
  });

  it('leaves out the public sign-up date when the event has none', async () => {
    serveBooking({ event: derby({ signUpPublic: null }) });
    renderApp('/events/derby');
    const dates = await screen.findByRole('region', { name: 'Datoer' });
    expect(within(dates).queryByText('Offentlig tilmelding')).not.toBeInTheDocument();
    expect(within(dates).getByText('Sidste tilmelding')).toBeInTheDocument();
  });

  it('says when the sign-up opens, and shows no wizard before it', async () => {
    const calls = serveBooking({ event: derby({ signUp: 'notOpenYet' }) });
    renderApp('/events/derby');
    expect(
      await screen.findByText('Tilmeldingen åbner ons. 1. maj 2030 kl. 10:00'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Trin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fortsæt' })).not.toBeInTheDocument();
    expect(calls.products).toHaveLength(0);
  });

  it('says that the sign-up is closed after the deadline, without a wizard', async () => {
    serveBooking({ event: derby({ signUp: 'closed' }) });
    renderApp('/events/derby');
    expect(await screen.findByText('Tilmeldingen er lukket.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Trin' })).not.toBeInTheDocument();
  });

  it('says that a cancelled event is cancelled, and offers no booking', async () => {
    const calls = serveBooking({ event: derby({ cancelled: true }) });
    renderApp('/events/derby');
    expect(await screen.findByText(/Arrangementet er aflyst/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Trin' })).not.toBeInTheDocument();
    expect(calls.products).toHaveLength(0);
  });

  it('sends an unknown event to the event list', async () => {
    serveBooking({ event: null });
    const { router } = renderApp('/events/ukendt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arrangementer' }),
    ).toBeInTheDocument();
  });
});

describe("the holder's season tickets on the public event page", () => {
  const PANEL = 'Dine sæsonbilletter';
  const TICKET = 'Sæsonkort, række 3, plads 12';

  async function findTicket() {
    const panel = await screen.findByRole('region', { name: PANEL });
    return within(panel).getByRole('listitem', { name: TICKET });
  }

  it('shows no panel to a user who holds no season tickets for the event', async () => {
    const calls = serveBooking({ session: customerSession, seasonalTickets: [] });
    renderApp('/events/derby');
    expect(await screen.findByRole('heading', { level: 1, name: 'Derby' })).toBeInTheDocument();
    await waitFor(() => expect(calls.seasonalTicketReads).toBe(1));
    expect(await screen.findByRole('group', { name: 'Voksen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PANEL })).not.toBeInTheDocument();
  });

  it('does not ask for the season tickets of a visitor', async () => {
    const calls = serveBooking({ seasonalTickets: [seasonalTicket()] });
    renderApp('/events/derby');
    expect(await screen.findByRole('group', { name: 'Voksen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PANEL })).not.toBeInTheDocument();
    expect(calls.seasonalTicketReads).toBe(0);
  });

  it('asks an unanswered holder whether they come, and releases the seat when they do not', async () => {
    const calls = serveBooking({ session: customerSession, seasonalTickets: [seasonalTicket()] });
    renderApp('/events/derby');
    const ticket = await findTicket();
    expect(within(ticket).getByRole('heading', { level: 3, name: 'Sæsonkort' })).toBeVisible();
    expect(within(ticket).getByText('Sektion').nextSibling).toHaveTextContent('A');
    expect(within(ticket).getByText('Række').nextSibling).toHaveTextContent('3');
    expect(within(ticket).getByText('Plads').nextSibling).toHaveTextContent('12');
    expect(within(ticket).getByText('Navn').nextSibling).toHaveTextContent('Karen Kunde');
    expect(within(ticket).getByText('Kommer du til kampen?')).toBeInTheDocument();
    expect(within(ticket).getByText(/kun til denne kamp/)).toBeInTheDocument();
    expect(within(ticket).getByRole('button', { name: 'Jeg kommer' })).toBeEnabled();

    await userEvent.click(within(ticket).getByRole('button', { name: 'Jeg kommer ikke' }));
    // Not coming cannot be undone: it is confirmed first.
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));

    expect(
      await within(ticket).findByText(
        'Du har frigivet pladsen, og den er sat til salg til denne kamp.',
      ),
    ).toBeInTheDocument();
    expect(calls.seasonalAnswers).toEqual([{ ticketId: 'st-1', attending: 'false', body: {} }]);
    expect(calls.seasonalTicketReads).toBe(2);
    expect(within(ticket).queryByRole('button')).not.toBeInTheDocument();
  });

  it("releases a coming holder's seat with 'Frigiv plads' only after the confirmation", async () => {
    const calls = serveBooking({
      session: customerSession,
      seasonalTickets: [seasonalTicket({ attending: true })],
    });
    renderApp('/events/derby');
    const ticket = await findTicket();
    expect(
      within(ticket).getByText('Du har meldt, at du kommer. Pladsen er reserveret til dig.'),
    ).toBeInTheDocument();
    expect(within(ticket).queryByRole('button', { name: 'Jeg kommer' })).not.toBeInTheDocument();

    await userEvent.click(within(ticket).getByRole('button', { name: 'Frigiv plads' }));
    expect(
      await screen.findByText(
        'Vil du frigive din plads til denne kamp? Den sættes til salg, og det kan ikke fortrydes.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(calls.seasonalAnswers).toHaveLength(0);

    await userEvent.click(within(ticket).getByRole('button', { name: 'Frigiv plads' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(
      await within(ticket).findByText(
        'Du har frigivet pladsen, og den er sat til salg til denne kamp.',
      ),
    ).toBeInTheDocument();
    expect(calls.seasonalAnswers).toEqual([{ ticketId: 'st-1', attending: 'false', body: {} }]);
    expect(within(ticket).queryByRole('button', { name: 'Frigiv plads' })).not.toBeInTheDocument();
  });

  it("reads the event's seat map again after an answer, the seat being for sale now", async () => {
    serveBooking({ session: customerSession, seasonalTickets: [seasonalTicket()] });
    const seats = serveSeats();
    const { store } = renderApp('/events/derby');
    // The map as an open seat picker holds it.
    const map = store.dispatch(
      seatsApi.endpoints.getEventSeats.initiate({ eventId: EVENT_ID, holdToken: null }),
    );
    await map;
    expect(seats.maps).toHaveLength(1);
    const ticket = await findTicket();
    await userEvent.click(within(ticket).getByRole('button', { name: 'Jeg kommer ikke' }));
    // Not coming cannot be undone: it is confirmed first.
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(seats.maps).toHaveLength(2));
    map.unsubscribe();
  });

  it("shows the server's refusal of an answer", async () => {
    const calls = serveBooking({
      session: customerSession,
      seasonalTickets: [seasonalTicket()],
      answerSeasonalTicket: () => refusal('Pladsen er ikke længere reserveret til dig.'),
    });
    renderApp('/events/derby');
    const ticket = await findTicket();
    await userEvent.click(within(ticket).getByRole('button', { name: 'Jeg kommer' }));
    expect(await within(ticket).findByRole('alert')).toHaveTextContent(
      'Pladsen er ikke længere reserveret til dig.',
    );
    expect(calls.seasonalAnswers).toEqual([{ ticketId: 'st-1', attending: 'true', body: {} }]);
    // Still unanswered: the holder may answer again.
    await waitFor(() =>
      expect(within(ticket).getByRole('button', { name: 'Jeg kommer ikke' })).toBeEnabled(),
    );
  });
});
