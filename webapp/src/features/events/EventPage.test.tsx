import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fieldOf, readMultipart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, matchType, savedEvent, seatedEvent, serveSeating } from '../../test/events';
import type { EventDto } from '../../shared/events/types';

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** A date-time input takes its value as the browser's picker gives it. */
function setDateTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

interface Serve {
  /** What GET /api/events/e-1 answers, read on every call. */
  event?: () => EventDto;
  /** What POST /api/events/update answers; default success with 'e-1'. */
  update?: () => Response;
}

/** The event calls; returns the `data` JSON of each save and how often e-1 was read. */
function serveEvent({ event = () => savedEvent(), update }: Serve = {}) {
  const saved: Record<string, unknown>[] = [];
  const reads = { count: 0 };
  server.use(
    ...eventsSession(),
    http.get('/api/events/types/t-1', () =>
      HttpResponse.json({ success: true, result: matchType() }),
    ),
    http.get('/api/events/e-1', () => {
      reads.count += 1;
      return HttpResponse.json({ success: true, result: event() });
    }),
    // What the relations tab reads beside the event: nothing related yet.
    http.get('/api/events/e-1/relations', () =>
      HttpResponse.json({ success: true, result: { orders: [], companies: [], contracts: [] } }),
    ),
    http.get('/api/events/e-9', () =>
      HttpResponse.json({
        success: true,
        result: savedEvent({ id: 'e-9', title: 'Sæsonåbning', subEvents: [] }),
      }),
    ),
    http.get('/api/events/new-id', () =>
      HttpResponse.json({ success: true, result: savedEvent({ id: 'new-id', title: 'Kamp' }) }),
    ),
    http.post('/api/events/update', async ({ request }) => {
      const data = JSON.parse(fieldOf(await readMultipart(request), 'data') ?? '{}') as {
        id?: string | null;
      };
      saved.push(data);
      return update ? update() : HttpResponse.json({ success: true, result: data.id ?? 'new-id' });
    }),
    emptyList('/api/events/v2'),
  );
  return { saved, reads };
}

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent?.trim() ?? '');
}

describe('the event editor', () => {
  it('shows a saved event with its fields and the tabs its switches allow', async () => {
    serveEvent();
    renderApp('/events/e-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Derby' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage' })).toHaveAttribute('href', '/events');
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
    expect(screen.queryByText('Underarrangement')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Titel')).toHaveValue('Derby');
    expect(screen.getByLabelText('Sted')).toHaveValue('Stadion');
    // The API's UTC times show on the user's clock (Europe/Berlin).
    expect(screen.getByLabelText('Start')).toHaveValue('2026-12-05T19:30');
    expect(screen.getByLabelText('Tilmeldingsfrist')).toHaveValue('2026-12-04T23:00');
    expect(screen.getByLabelText('Afsendernavn')).toHaveValue('Demo FC');
    expect(tabNames()).toEqual(['Arrangement', 'Invitationer', 'Tilmeldte', 'Relationer', 'Noter']);
    expect(screen.getByLabelText('Maks. tilmeldinger')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Billetter'));
    expect(tabNames()).toEqual([
      'Arrangement',
      'Billetter',
      'Invitationer',
      'Tilmeldte',
      'Relationer',
      'Noter',
    ]);
    expect(screen.queryByLabelText('Maks. tilmeldinger')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sponsorer' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Sponsorer'));
    const sponsors = screen.getByRole('region', { name: 'Sponsorer' });
    expect(within(sponsors).getByRole('group', { name: 'Hovedsponsor' })).toBeInTheDocument();
    expect(within(sponsors).getByRole('group', { name: 'Partner' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Relationer' }));
    expect(screen.getByRole('link', { name: 'VIP-frokost' })).toHaveAttribute(
      'href',
      '/events/e-2',
    );
    expect(screen.getByRole('link', { name: 'Opret underarrangement' })).toHaveAttribute(
      'href',
      '/events/create?parentId=e-1',
    );
  });

  it("marks a sub-event 'Underarrangement' and links its main event", async () => {
    serveEvent({ event: () => savedEvent({ parentId: 'e-9', subEvents: [] }) });
    renderApp('/events/e-1?tab=70');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(
      within(heading.parentElement as HTMLElement).getByText('Underarrangement'),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Sæsonåbning' })).toHaveAttribute(
      'href',
      '/events/e-9',
    );
    expect(screen.queryByRole('link', { name: 'Opret underarrangement' })).not.toBeInTheDocument();
  });

  it("cancels the event after 'Aflys arrangement' is confirmed, and marks it 'Aflyst'", async () => {
    let cancelled: string | null = null;
    const cancels: string[] = [];
    serveEvent({ event: () => savedEvent({ cancelledAt: cancelled }) });
    server.use(
      http.post('/api/events/e-1/cancel', () => {
        cancels.push('e-1');
        cancelled = '2026-12-01T10:00:00Z';
        return HttpResponse.json({ success: true, result: savedEvent({ cancelledAt: cancelled }) });
      }),
    );
    renderApp('/events/e-1');
    const button = await screen.findByRole('button', { name: 'Aflys arrangement' });
    await userEvent.click(button);
    expect(await screen.findByText(/alle købere får besked/)).toBeInTheDocument();
    // 'Fortryd' cancels nothing.
    await userEvent.click(await screen.findByRole('button', { name: 'Fortryd' }));
    expect(cancels).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Aflys arrangement' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(await within(heading.parentElement as HTMLElement).findByText('Aflyst')).toBeVisible();
    expect(cancels).toEqual(['e-1']);
    expect(screen.queryByRole('button', { name: 'Aflys arrangement' })).not.toBeInTheDocument();
  });

  it('checks the required fields before it creates anything', async () => {
    const { saved } = serveEvent();
    renderApp('/events/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret arrangement' }),
    ).toBeInTheDocument();
    expect(tabNames()).toEqual(['Arrangement']);
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    for (const message of [
      'Titel skal udfyldes',
      'Type skal vælges',
      'Start skal udfyldes',
      'Slut skal udfyldes',
      'Tilmelding åbner skal udfyldes',
      'Tilmeldingsfrist skal udfyldes',
    ]) {
      expect(await screen.findByText(message), message).toBeInTheDocument();
    }
    // The club is the sender of a new event.
    expect(screen.getByLabelText('Afsendernavn')).toHaveValue('Demo FC');
    expect(screen.getByLabelText('Afsender e-mail')).toHaveValue('info@demofc.test');

    setDateTime('Start', '2026-12-05T19:30');
    setDateTime('Slut', '2026-12-05T18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Slut må ikke være før start')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('fills a new event from the chosen type and creates it', async () => {
    const { saved } = serveEvent();
    const { router } = renderApp('/events/create');
    await screen.findByRole('heading', { level: 1, name: 'Opret arrangement' });
    await userEvent.type(screen.getByLabelText('Titel'), 'X');
    await chooseOption('Type', 'Kamp');
    await waitFor(() => expect(screen.getByLabelText('Titel')).toHaveValue('Kamp'));
    expect(screen.getByLabelText('Sted')).toHaveValue('Stadion');
    expect(screen.getByLabelText('Afsendernavn')).toHaveValue('Billetkontoret');
    expect(tabNames()).toEqual(['Arrangement', 'Billetter']);

    await userEvent.clear(screen.getByLabelText('Titel'));
    await userEvent.type(screen.getByLabelText('Titel'), 'Derby');
    setDateTime('Start', '2026-12-05T19:30');
    setDateTime('Slut', '2026-12-05T22:00');
    setDateTime('Tilmelding åbner', '2026-11-01T09:00');
    setDateTime('Tilmeldingsfrist', '2026-12-04T23:00');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev oprettet!')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      id: null,
      typeId: 't-1',
      parentId: null,
      title: 'Derby',
      location: 'Stadion',
      startDate: '2026-12-05T18:30:00Z',
      endDate: '2026-12-05T21:00:00Z',
      signUpStart: '2026-11-01T08:00:00Z',
      signUpDeadline: '2026-12-04T22:00:00Z',
      signUpPublic: null,
      hasTickets: true,
      sender: { name: 'Billetkontoret', email: 'billet@demofc.test' },
      tickets: {
        controlType: 'Scan',
        template: 'VIP-billet',
        products: [{ id: 'tp-1', productId: 'p-ticket', title: 'Voksen', price: 25_000 }],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/new-id'));
  });

  it('saves a saved event with its version and reads it again', async () => {
    const { saved, reads } = serveEvent();
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    await userEvent.clear(screen.getByLabelText('Sted'));
    await userEvent.type(screen.getByLabelText('Sted'), 'Parken');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      id: 'e-1',
      version: 4,
      typeId: 't-1',
      location: 'Parken',
      startDate: '2026-12-05T18:30:00Z',
    });
    expect(saved[0]).not.toHaveProperty('subEvents');
    await waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2));
  });

  it('reads the event again when someone else saved it meanwhile', async () => {
    const { reads } = serveEvent({
      update: () =>
        HttpResponse.json(
          {
            success: false,
            error:
              'Arrangementet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.',
          },
          { status: 409 },
        ),
    });
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(
      await screen.findByText(
        'Arrangementet er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's field messages on their fields and tab", async () => {
    serveEvent({
      event: () =>
        savedEvent({
          hasTickets: true,
          tickets: { ...matchType().tickets },
        }),
      update: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Arrangementet kunne ikke gemmes',
            errors: {
              url: ['URL findes allerede'],
              'tickets.products.0.productId': ['Produktet er ikke en billet'],
            },
          },
          { status: 422 },
        ),
    });
    renderApp('/events/e-1?tab=20');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangementet kunne ikke gemmes')).toBeInTheDocument();
    // The first tab with a message shows.
    expect(await screen.findByLabelText('URL')).toHaveAccessibleDescription('URL findes allerede');
    await userEvent.click(screen.getByRole('tab', { name: 'Billetter' }));
    expect(screen.getByRole('list', { name: 'Fejl i billetprodukterne' })).toHaveTextContent(
      'Voksen: Produktet er ikke en billet',
    );
  });

  it('adds a ticket product in kroner and sends it in øre', async () => {
    const { saved } = serveEvent({ event: () => savedEvent({ hasTickets: true }) });
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({
          success: true,
          result: [
            { id: 'p-scarf', title: 'Halstørklæde', price: 14_900, type: 'product', variants: [] },
            { id: 'p-vip', title: 'VIP-billet', price: 99_500, type: 'ticket', variants: [] },
          ],
        }),
      ),
    );
    renderApp('/events/e-1?tab=20');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(screen.getByText('Ingen billetprodukter på arrangementet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj billetprodukt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilføj billetprodukt' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(dialog).findByText('Produkt skal vælges')).toBeInTheDocument();
    expect(within(dialog).getByText('Titel skal udfyldes')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Produkt'), 'bil');
    expect(
      screen.queryByRole('option', { name: /Halstørklæde/, hidden: true }),
    ).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /VIP-billet/, hidden: true }));
    expect(within(dialog).getByLabelText('Titel')).toHaveValue('VIP-billet');
    expect(within(dialog).getByLabelText('Pris')).toHaveValue('995,00');
    await userEvent.clear(within(dialog).getByLabelText('Pris'));
    await userEvent.type(within(dialog).getByLabelText('Pris'), '1.250,50');
    await userEvent.type(within(dialog).getByLabelText('Maks. antal'), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(screen.getByRole('table', { name: 'Billetprodukter' })).getByRole('row', {
      name: /VIP-billet/,
    });
    expect(row).toHaveTextContent('1.250,50');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      tickets: {
        products: [
          {
            id: null,
            productId: 'p-vip',
            title: 'VIP-billet',
            price: 125_050,
            maxAmount: 40,
            maxCompanyAmount: null,
            public: true,
            publicPrice: null,
          },
        ],
      },
    });
  });

  it("chooses the seat chart with seating and saves the chart's key and name", async () => {
    const { saved } = serveEvent();
    server.use(...serveSeating().handlers);
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(screen.queryByLabelText('Pladskort')).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Pladser'));
    expect(screen.getByLabelText('Pladskort')).toBeInTheDocument();
    // A chart is needed once the event has seating.
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Pladskort skal vælges')).toBeInTheDocument();
    expect(screen.getByLabelText('Pladskort')).toHaveAccessibleDescription('Pladskort skal vælges');
    expect(saved).toEqual([]);

    await chooseOption('Pladskort', 'Arena');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      hasSeating: true,
      seating: { chartId: 'arena', name: 'Arena', eventId: null },
    });
  });

  it('keeps the seating event id when another chart is chosen', async () => {
    const { saved } = serveEvent({ event: () => seatedEvent() });
    server.use(...serveSeating().handlers);
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    await waitFor(() => expect(screen.getByLabelText('Pladskort')).toHaveValue('Stadion'));
    await chooseOption('Pladskort', 'Arena');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      seating: { chartId: 'arena', name: 'Arena', eventId: 'seat-event-1' },
    });
  });

  it("shows 'Planoversigt' only for an event saved with seating and a chart", async () => {
    server.use(...serveSeating().handlers);
    serveEvent({ event: () => savedEvent({ hasSeating: true }) });
    const first = renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual(['Arrangement', 'Invitationer', 'Tilmeldte', 'Relationer', 'Noter']);
    first.unmount();

    serveEvent({ event: () => seatedEvent({ hasSeating: false }) });
    const second = renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual(['Arrangement', 'Invitationer', 'Tilmeldte', 'Relationer', 'Noter']);
    second.unmount();

    serveEvent({ event: () => seatedEvent() });
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual([
      'Arrangement',
      'Planoversigt',
      'Invitationer',
      'Tilmeldte',
      'Relationer',
      'Noter',
    ]);
    // It shows what was saved: turning seating off in the form leaves it until the event is saved.
    await userEvent.click(screen.getByLabelText('Pladser'));
    expect(screen.queryByLabelText('Pladskort')).not.toBeInTheDocument();
    expect(tabNames()).toContain('Planoversigt');
  });

  it("offers 'Billetsalg' for an event saved with tickets, and no 'Gem' on it", async () => {
    serveEvent({ event: () => savedEvent({ hasTickets: true }) });
    server.use(
      http.get('/api/events/e-1/pos/products', () =>
        HttpResponse.json({
          success: true,
          result: { products: [], vatDisabled: false, seating: false },
        }),
      ),
    );
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual([
      'Arrangement',
      'Billetter',
      'Invitationer',
      'Tilmeldte',
      'Relationer',
      'Noter',
      'Billetsalg',
    ]);
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Billetsalg' }));
    expect(
      await screen.findByText('Der er ingen billetter eller varer til salg til dette arrangement.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Billetter' }));
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
  });

  it("shows no 'Billetsalg' while an event is created, nor for one saved without tickets", async () => {
    serveEvent();
    const saved = renderApp('/events/e-1?tab=90');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).not.toContain('Billetsalg');
    // The tab in the link is not there: the first tab shows, with 'Gem'.
    expect(screen.getByRole('tab', { name: 'Arrangement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
    saved.unmount();

    renderApp('/events/create');
    await screen.findByRole('heading', { level: 1, name: 'Opret arrangement' });
    await userEvent.click(screen.getByLabelText('Billetter'));
    expect(tabNames()).toEqual(['Arrangement', 'Billetter']);
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
  });
});
