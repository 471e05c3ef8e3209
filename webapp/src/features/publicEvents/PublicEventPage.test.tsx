import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { derby, serveBooking } from './publicEventFixtures';

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
    expect(page).toHaveTextContent('05 kl. 19:30');
    expect(screen.getByText('største')).toBeInTheDocument();
    expect(screen.getByText('Billetter sælges efter først til mølle.')).toBeInTheDocument();

    const dates = screen.getByRole('region', { name: 'Datoer' });
    expect(within(dates).getByText('Tilmelding åbner').nextSibling).toHaveTextContent(
      '01 kl. 10:00',
    );
    expect(within(dates).getByText('Offentlig tilmelding').nextSibling).toHaveTextContent(
      '10 kl. 10:00',
    );
    expect(within(dates).getByText('Sidste tilmelding').nextSibling).toHaveTextContent(
      '04 kl. 22:00',
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
    expect(await screen.findByText('Tilmeldingen åbner 01 kl. 10:00')).toBeInTheDocument();
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

  it('sends an unknown event to the event list', async () => {
    serveBooking({ event: null });
    const { router } = renderApp('/events/ukendt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arrangementer' }),
    ).toBeInTheDocument();
  });
});
