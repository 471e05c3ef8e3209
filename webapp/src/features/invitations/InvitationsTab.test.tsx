import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  EventInvites,
  Invite,
  InviteGroupInput,
  InviteProductInput,
  InviteSelection,
} from '../../api/generated/events';
import { formatDate } from '../../shared/format';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent, ticketProduct } from '../../test/events';
import type { EventDto } from '../../shared/events/types';

/** Karen Kunde of Bageriet, invited with 2 × Voksen, sent on 1 November, one ticket booked. */
function invite(extra: Partial<Invite> = {}): Invite {
  return {
    id: 'i-1',
    token: 'tok-1',
    link: 'https://demofc.test/public/events/invite/tok-1',
    contact: {
      id: 'ct-1',
      firstname: 'Karen',
      lastname: 'Kunde',
      email: 'karen@bageriet.dk',
      phone: null,
    },
    companyId: 'c-1',
    companyName: 'Bageriet ApS',
    listId: 'l-1',
    products: [{ productId: 'p-ticket', title: 'Voksen', amount: 2 }],
    invitationSent: 'yes',
    sentAt: '2026-11-01T09:00:00Z',
    reminderSentAt: null,
    booked: 1,
    ...extra,
  };
}

/** Karen and Kurt of Bageriet, and Ole of no company; Karen and Ole are on 'VIP-kunder'. */
function invites(): EventInvites {
  const karen = invite();
  const kurt = invite({
    id: 'i-2',
    token: 'tok-2',
    link: 'https://demofc.test/public/events/invite/tok-2',
    contact: { id: 'ct-3', firstname: 'Kurt', lastname: 'Bager', email: null, phone: null },
    listId: null,
    products: [],
    invitationSent: 'no',
    sentAt: null,
    booked: 0,
  });
  const ole = invite({
    id: 'i-3',
    token: 'tok-3',
    link: 'https://demofc.test/public/events/invite/tok-3',
    contact: {
      id: 'ct-2',
      firstname: 'Ole',
      lastname: 'Olsen',
      email: 'ole@example.dk',
      phone: null,
    },
    companyId: null,
    companyName: null,
    products: [
      { productId: 'p-dinner', title: 'Middag', amount: 1 },
      { productId: 'p-ticket', title: 'Voksen', amount: 1 },
    ],
    invitationSent: 'no',
    sentAt: null,
    booked: 0,
  });
  return {
    companies: [
      { key: 'c-1', title: 'Bageriet ApS', invites: [karen, kurt] },
      { key: 'none', title: 'Uden virksomhed', invites: [ole] },
    ],
    lists: [{ key: 'l-1', title: 'VIP-kunder', invites: [karen, ole] }],
  };
}

/** The derby with its ticket products (Voksen in two rows, Middag) and what it invites. */
function invitingEvent(extra: Partial<EventDto> = {}): EventDto {
  const products = [
    ticketProduct(),
    ticketProduct({ id: 'tp-2', title: 'Voksen sen' }),
    ticketProduct({
      id: 'tp-3',
      productId: 'p-dinner',
      product: { id: 'p-dinner', title: 'Middag', type: 'ticket', price: 50_000 },
      title: 'Middag',
    }),
  ];
  return savedEvent({
    hasTickets: true,
    tickets: { ...savedEvent().tickets, products },
    invitees: {
      productIds: ['p-season'],
      orderProductIds: [],
      companyIds: ['c-1'],
      contactIds: [],
      contactListIds: ['l-1'],
    },
    ...extra,
  });
}

interface Sent {
  query: Record<string, string>;
  body: unknown;
}

function sentWith(request: Request, body: unknown): Sent {
  return { query: Object.fromEntries(new URL(request.url).searchParams), body };
}

/** The derby (e-1) with its invite calls; returns what each call was sent. */
function serveInvites({ event = invitingEvent } = {}) {
  const reads = { count: 0 };
  const created: Sent[] = [];
  const sent: Sent[] = [];
  const deleted: string[][] = [];
  const savedInvites: { id: string; products: InviteProductInput[] }[] = [];
  const savedGroups: InviteGroupInput[] = [];
  const seasonal = { count: 0 };
  server.use(
    ...eventsSession(),
    emptyList('/api/events/v2'),
    http.get('/api/events/e-1', () => HttpResponse.json({ success: true, result: event() })),
    http.get('/api/events/e-1/invites', () => {
      reads.count += 1;
      return HttpResponse.json({ success: true, result: invites() });
    }),
    http.get('/api/products', () =>
      HttpResponse.json({
        success: true,
        result: [
          {
            id: 'p-season',
            title: 'Sæsonkort',
            price: 100_000,
            type: 'subscription',
            variants: [],
          },
          { id: 'p-box', title: 'Logepakke', price: 900_000, type: 'other', variants: [] },
        ],
      }),
    ),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'c-1', name: 'Bageriet ApS', cvr: null, city: 'Aarhus' },
          { id: 'c-2', name: 'Nordisk Byg ApS', cvr: null, city: null },
        ],
      }),
    ),
    http.get('/api/contacts', () =>
      HttpResponse.json({
        success: true,
        result: [
          {
            id: 'ct-9',
            firstname: 'Sofie',
            lastname: 'Sørensen',
            email: 'sofie@example.dk',
            phone: null,
            mobile: null,
          },
        ],
      }),
    ),
    http.get('/api/contacts/lists', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'l-1', title: 'VIP-kunder' },
          { id: 'l-2', title: 'Presse' },
        ],
      }),
    ),
    http.post('/api/events/e-1/create-invites', async ({ request }) => {
      created.push(sentWith(request, await request.json()));
      return HttpResponse.json({ success: true, result: { created: 2, skipped: 1 } });
    }),
    http.post('/api/events/e-1/send-invites', async ({ request }) => {
      const body = (await request.json()) as string[];
      sent.push(sentWith(request, body));
      return HttpResponse.json({
        success: true,
        result: { queued: body.length || 3, skipped: 0 },
      });
    }),
    http.post('/api/events/e-1/delete-invites', async ({ request }) => {
      const body = (await request.json()) as string[];
      deleted.push(body);
      return HttpResponse.json({ success: true, result: { deleted: body.length } });
    }),
    http.post('/api/events/save-invite/:id', async ({ request, params }) => {
      const products = (await request.json()) as InviteProductInput[];
      savedInvites.push({ id: String(params.id), products });
      return HttpResponse.json({ success: true, result: invite() });
    }),
    http.get('/api/events/e-1/invite-group/c-1', () =>
      HttpResponse.json({
        success: true,
        result: {
          key: 'c-1',
          products: [{ productId: 'p-ticket', title: 'Voksen', amount: 10, amountPerInvite: 2 }],
        },
      }),
    ),
    http.post('/api/events/e-1/invite-group', async ({ request }) => {
      const group = (await request.json()) as InviteGroupInput;
      savedGroups.push(group);
      return HttpResponse.json({ success: true, result: { updated: 2 } });
    }),
    http.post('/api/events/e-1/send-seasonal-tickets', () => {
      seasonal.count += 1;
      return HttpResponse.json({ success: true, result: { queued: 40, skipped: 2 } });
    }),
  );
  return { reads, created, sent, deleted, savedInvites, savedGroups, seasonal };
}

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(field: HTMLElement, option: string) {
  field.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openTab() {
  renderApp('/events/e-1?tab=50');
  return screen.findByRole('region', { name: 'Invitationer' });
}

/** Shows a group's invites and returns its table. */
async function expandGroup(title: string): Promise<HTMLElement> {
  const group = await screen.findByRole('region', { name: title });
  await userEvent.click(within(group).getByRole('button', { name: 'Vis invitationer' }));
  return within(group).getByRole('table', { name: title });
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim() ?? ''),
    );
}

async function chooseAction(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Handlinger' }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

describe('the invitations tab', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("sits between 'Bordplan' and 'Tilmeldte' of a saved event only", async () => {
    serveInvites({ event: () => invitingEvent({ hasTables: true }) });
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual([
      'Arrangement',
      'Billetter',
      'Bordplan',
      'Invitationer',
      'Tilmeldte',
      'Relationer',
      'Noter',
      // A saved event with tickets is sold at the desk.
      'Billetsalg',
    ]);
  });

  it("creates the invitations of the event's selection: all, all active or the selected", async () => {
    const { created } = serveInvites();
    await openTab();
    const card = screen.getByRole('region', { name: 'Opret invitationer' });
    // The saved selection shows by name.
    await within(card).findByText('Sæsonkort');
    expect(within(card).getByText('Bageriet ApS')).toBeInTheDocument();
    expect(await within(card).findByText('VIP-kunder')).toBeInTheDocument();

    await chooseOption(
      within(card).getByLabelText('Kontakter'),
      'Sofie Sørensen (sofie@example.dk)',
    );
    await userEvent.keyboard('{Escape}');
    await chooseOption(within(card).getByLabelText('Ordreprodukter'), 'Logepakke');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(card).getByRole('button', { name: 'Opret valgte' }));
    expect(await screen.findByText('Invitationer blev oprettet!')).toBeInTheDocument();
    expect(screen.getByText('2 oprettet, 1 sprunget over')).toBeInTheDocument();
    const selection: InviteSelection = {
      productIds: ['p-season'],
      orderProductIds: ['p-box'],
      companyIds: ['c-1'],
      contactIds: ['ct-9'],
      contactListIds: ['l-1'],
    };
    expect(created).toEqual([
      { query: { allActive: 'false', allCompanies: 'false' }, body: selection },
    ]);

    await userEvent.click(within(card).getByRole('button', { name: 'Opret alle' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]).toEqual({
      query: { allActive: 'false', allCompanies: 'true' },
      body: selection,
    });

    // Without 'Aktiv dato' the active ones are today's.
    const today = formatDate(new Date(), 'YYYY-MM-DD', 'Europe/Berlin');
    await userEvent.click(within(card).getByRole('button', { name: 'Opret alle aktive' }));
    await waitFor(() => expect(created).toHaveLength(3));
    expect(created[2]?.query).toEqual({
      allActive: 'true',
      allCompanies: 'false',
      activeDate: today,
    });
  });

  it('names a saved choice the first search does not find, read by its id', async () => {
    serveInvites();
    server.use(
      http.get('/api/events/e-1', () =>
        HttpResponse.json({
          success: true,
          result: invitingEvent({
            invitees: {
              productIds: [],
              orderProductIds: [],
              companyIds: ['c-7'],
              contactIds: [],
              contactListIds: [],
            },
          }),
        }),
      ),
      http.get('/api/companies', ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids');
        return HttpResponse.json({
          success: true,
          result:
            ids === 'c-7' ? [{ id: 'c-7', name: 'Gammel Sponsor A/S', cvr: null, city: null }] : [],
        });
      }),
    );
    await openTab();
    const card = screen.getByRole('region', { name: 'Opret invitationer' });
    expect(await within(card).findByText('Gammel Sponsor A/S')).toBeInTheDocument();
    expect(within(card).queryByText('Ukendt')).not.toBeInTheDocument();
  });

  it("creates the active ones of 'Aktiv dato', and says what the server refused", async () => {
    const { created } = serveInvites({
      event: () => invitingEvent({ activeDate: '2026-11-15' }),
    });
    await openTab();
    const card = screen.getByRole('region', { name: 'Opret invitationer' });
    expect(within(card).getByLabelText('Aktiv dato')).toHaveValue('2026-11-15');
    await userEvent.click(within(card).getByRole('button', { name: 'Opret alle aktive' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.query).toEqual({
      allActive: 'true',
      allCompanies: 'false',
      activeDate: '2026-11-15',
    });

    server.use(
      http.post('/api/events/e-1/create-invites', () =>
        HttpResponse.json(
          { success: false, error: 'Arrangementet er ikke gemt med billetter' },
          { status: 422 },
        ),
      ),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Opret valgte' }));
    expect(await screen.findByText('Arrangementet er ikke gemt med billetter')).toBeInTheDocument();

    server.use(
      http.post('/api/events/e-1/create-invites', () =>
        HttpResponse.json({ success: false }, { status: 500 }),
      ),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Opret valgte' }));
    expect(await screen.findByText('Der opstod en fejl!')).toBeInTheDocument();
  });

  it('lists the invites by company or by contact list', async () => {
    serveInvites();
    await openTab();
    const bakery = await screen.findByRole('region', { name: 'Bageriet ApS' });
    expect(within(bakery).getByText('2 invitationer')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Uden virksomhed' })).getByText('1 invitation'),
    ).toBeInTheDocument();
    expect(within(bakery).queryByRole('table')).not.toBeInTheDocument();

    const table = await expandGroup('Bageriet ApS');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Valgt', 'Navn', 'E-mail', 'Produkter', 'Sendt', 'Brugt', 'Handlinger']);
    expect(rowsOf(table)).toEqual([
      ['', 'Karen Kunde', 'karen@bageriet.dk', '2 × Voksen', 'Ja01-11-2026 10:00', '1', ''],
      ['', 'Kurt Bager', '', '', 'Nej', '0', ''],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Kontaktlister', pressed: false }));
    expect(
      screen.getByRole('button', { name: 'Kontaktlister', pressed: true }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bageriet ApS' })).not.toBeInTheDocument();
    const list = await expandGroup('VIP-kunder');
    expect(rowsOf(list).map((row) => [row[1], row[3]])).toEqual([
      ['Karen Kunde', '2 × Voksen'],
      ['Ole Olsen', '1 × Middag, 1 × Voksen'],
    ]);
  });

  it('sends, reminds, updates and deletes the chosen invites, or all with none chosen', async () => {
    const { sent, deleted, reads } = serveInvites();
    await openTab();
    expect(
      await screen.findByText('Ingen valgt: handlingerne gælder alle invitationer.'),
    ).toBeInTheDocument();

    // With none chosen, the actions are for all of the event's invites.
    await chooseAction('Send invitationer');
    expect(await screen.findByText('Invitationer blev sendt!')).toBeInTheDocument();
    expect(screen.getByText('3 sat i kø, 0 sprunget over')).toBeInTheDocument();
    expect(sent).toEqual([{ query: { force: 'false' }, body: [] }]);

    // A group's box chooses its invites; a row's box one more in another group.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vælg alle i Bageriet ApS' }));
    const none = await expandGroup('Uden virksomhed');
    await userEvent.click(within(none).getByRole('checkbox', { name: 'Vælg Ole Olsen' }));
    expect(screen.getByText('3 invitationer valgt: handlingerne gælder dem.')).toBeInTheDocument();
    await chooseAction('Send påmindelse');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      query: { force: 'false', type: 'reminder' },
      body: ['i-1', 'i-2', 'i-3'],
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Vælg alle i Bageriet ApS' }));
    expect(screen.getByText('1 invitation valgt: handlingerne gælder den.')).toBeInTheDocument();
    await chooseAction('Send opdatering');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ query: { force: 'false', type: 'update' }, body: ['i-3'] });
    await chooseAction('Send igen');
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toEqual({ query: { force: 'true' }, body: ['i-3'] });

    const readsBefore = reads.count;
    await chooseAction('Slet valgte');
    expect(
      await screen.findByText('Er du sikker på at du vil slette den valgte invitation?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Invitationer blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual([['i-3']]);
    await waitFor(() => expect(reads.count).toBeGreaterThan(readsBefore));
    expect(
      screen.getByText('Ingen valgt: handlingerne gælder alle invitationer.'),
    ).toBeInTheDocument();

    // With none chosen, 'Slet alle' asks about all of them.
    await chooseAction('Slet alle');
    expect(
      await screen.findByText('Er du sikker på at du vil slette alle invitationer?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(deleted).toEqual([['i-3']]);
  });

  it("copies an invite's link, deletes one invite and sends the season tickets", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { deleted, seasonal } = serveInvites();
    await openTab();
    const table = await expandGroup('Bageriet ApS');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Kopier link til Karen Kunde' }),
    );
    expect(await screen.findByText('Link kopieret')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://demofc.test/public/events/invite/tok-1');

    await userEvent.click(
      within(table).getByRole('button', { name: 'Slet invitationen til Kurt Bager' }),
    );
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne invitation?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Invitationer blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual([['i-2']]);

    await userEvent.click(screen.getByRole('button', { name: 'Send sæsonbilletter' }));
    expect(await screen.findByText('Sæsonbilletter blev sendt!')).toBeInTheDocument();
    expect(screen.getByText('40 sat i kø, 2 sprunget over')).toBeInTheDocument();
    expect(seasonal.count).toBe(1);
  });

  it("edits a group's products: in all and per invite, each required and a number", async () => {
    const { savedGroups } = serveInvites();
    await openTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Rediger produkter for Bageriet ApS' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Produkter til Bageriet ApS' });
    const first = await within(dialog).findByRole('group', { name: 'Produkt 1' });
    expect(within(first).getByLabelText('Antal i alt')).toHaveValue('10');
    expect(within(first).getByLabelText('Antal pr. invitation')).toHaveValue('2');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj produkt' }));
    const second = within(dialog).getByRole('group', { name: 'Produkt 2' });
    await userEvent.type(within(second).getByLabelText('Antal i alt'), 'fem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(second).findByText('Produkt skal vælges')).toBeInTheDocument();
    expect(within(second).getByText('Antal i alt skal være et tal')).toBeInTheDocument();
    expect(within(second).getByText('Antal pr. invitation skal udfyldes')).toBeInTheDocument();
    expect(savedGroups).toEqual([]);

    // The event's ticket products, one per product.
    within(second).getByLabelText('Produkt').focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Voksen', 'Middag']);
    await userEvent.click(screen.getByRole('option', { name: 'Middag', hidden: true }));
    await userEvent.clear(within(second).getByLabelText('Antal i alt'));
    await userEvent.type(within(second).getByLabelText('Antal i alt'), '6');
    await userEvent.type(within(second).getByLabelText('Antal pr. invitation'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Produkterne blev gemt!')).toBeInTheDocument();
    expect(savedGroups).toEqual([
      {
        key: 'c-1',
        products: [
          { productId: 'p-ticket', amount: 10, amountPerInvite: 2 },
          { productId: 'p-dinner', amount: 6, amountPerInvite: 1 },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("edits an invite's products and shows a refusal on its field with 'Der opstod en fejl!'", async () => {
    const { savedInvites } = serveInvites();
    await openTab();
    const table = await expandGroup('Uden virksomhed');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Rediger produkter for Ole Olsen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Produkter til Ole Olsen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fjern produkt 1' }));
    const row = within(dialog).getByRole('group', { name: 'Produkt 1' });
    expect(within(row).getByLabelText('Antal')).toHaveValue('1');
    await userEvent.clear(within(row).getByLabelText('Antal'));
    await userEvent.type(within(row).getByLabelText('Antal'), '4');

    server.use(
      http.post('/api/events/save-invite/:id', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Ugyldige produkter',
            errors: { 'products.0.amount': ['Der er kun 3 tilbage af Voksen'] },
          },
          { status: 422 },
        ),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(row).findByText('Der er kun 3 tilbage af Voksen')).toBeInTheDocument();
    expect(await screen.findByText('Der opstod en fejl!')).toBeInTheDocument();

    server.use(
      http.post('/api/events/save-invite/:id', async ({ request, params }) => {
        savedInvites.push({
          id: String(params.id),
          products: (await request.json()) as InviteProductInput[],
        });
        return HttpResponse.json({ success: true, result: invite() });
      }),
    );
    await userEvent.clear(within(row).getByLabelText('Antal'));
    await userEvent.type(within(row).getByLabelText('Antal'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Produkterne blev gemt!')).toBeInTheDocument();
    expect(savedInvites).toEqual([{ id: 'i-3', products: [{ productId: 'p-ticket', amount: 3 }] }]);
  });
});
