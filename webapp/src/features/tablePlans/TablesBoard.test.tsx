import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventTable, TableGuest, TableInput } from '../../api/generated/events';
import { fieldOf, readMultipart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent, ticketProduct } from '../../test/events';
import type { EventDto } from '../../shared/events/types';

const karen: TableGuest = {
  ticketId: 'tk-1',
  number: 1042,
  name: 'Karen Kunde',
  companyId: 'c-1',
  company: 'Bageriet ApS',
};
const jens: TableGuest = { ...karen, ticketId: 'tk-2', number: 1043, name: 'Jens Jensen' };
const mette: TableGuest = {
  ticketId: 'tk-4',
  number: 1045,
  name: 'Mette Madsen',
  companyId: 'c-2',
  company: 'Nordisk Byg ApS',
};
const ole: TableGuest = {
  ticketId: 'tk-3',
  number: 1044,
  name: 'Ole Olsen',
  companyId: null,
  company: null,
};
const anna: TableGuest = { ...ole, ticketId: 'tk-5', number: 1046, name: 'Anna Andersen' };

/** A table with its free seats as the server counts them. */
function table(extra: Partial<EventTable> & Pick<EventTable, 'id' | 'title'>): EventTable {
  const seating = extra.seating ?? [];
  const seats = extra.seats ?? 8;
  return {
    description: null,
    autoPlace: false,
    ...extra,
    seats,
    seating,
    free: seats - seating.length,
  };
}

/**
 * The derby's plan: Bord 1 (8 seats, auto, Mette), Bord 2 (2 seats, empty) and Bord 3 (1 seat, Anna:
 * full). Karen and Jens of Bageriet and Ole (no company) sit at no table.
 */
function derbyTables(): EventTable[] {
  return [
    table({
      id: 't-1',
      title: 'Bord 1',
      description: 'Ved scenen',
      autoPlace: true,
      seating: [mette],
    }),
    table({ id: 't-2', title: 'Bord 2', seats: 2 }),
    table({ id: 't-3', title: 'Bord 3', seats: 1, seating: [anna] }),
  ];
}

const GUESTS = [karen, jens, mette, ole, anna];

/** By company (none last), then name, as the server sorts the unplaced. */
function byCompanyAndName(a: TableGuest, b: TableGuest): number {
  if ((a.company === null) !== (b.company === null)) return a.company === null ? 1 : -1;
  return (
    (a.company ?? '').localeCompare(b.company ?? '') || (a.name ?? '').localeCompare(b.name ?? '')
  );
}

interface Serve {
  event?: () => EventDto;
  /** A refusal of POST /tables, or undefined to save it. */
  refuse?: (input: TableInput) => Response | undefined;
}

/** The derby (e-1) with a table plan the calls change; returns what each call was sent. */
function servePlan({ event = () => savedEvent({ hasTables: true }), refuse }: Serve = {}) {
  let tables = derbyTables();
  const saves: TableInput[] = [];
  const deletes: string[] = [];
  const autoSeats: unknown[] = [];
  const updates: Record<string, unknown>[] = [];
  const reads = { tables: 0, unplaced: 0 };
  const guest = (ticketId: string) => GUESTS.find((each) => each.ticketId === ticketId);
  const withFree = (each: EventTable) => ({ ...each, free: each.seats - each.seating.length });

  function save(input: TableInput) {
    const seating = input.seating?.map((ticketId) => guest(ticketId)).filter((each) => !!each);
    const fields = {
      title: input.title ?? '',
      description: input.description,
      seats: input.seats ?? 0,
      autoPlace: input.autoPlace,
    };
    const id = input.id ?? `t-${tables.length + 1}`;
    if (!input.id) tables.push(table({ id, ...fields }));
    tables = tables.map((each) => {
      if (each.id === id) return withFree({ ...each, ...fields, seating: seating ?? each.seating });
      if (!seating) return each;
      // A guest seated here leaves the other table.
      const left = each.seating.filter((seated) => !seating.includes(seated));
      return withFree({ ...each, seating: left });
    });
  }

  server.use(
    ...eventsSession(),
    http.get('/api/events/e-1', () => HttpResponse.json({ success: true, result: event() })),
    emptyList('/api/events/v2'),
    http.post('/api/events/update', async ({ request }) => {
      updates.push(JSON.parse(fieldOf(await readMultipart(request), 'data') ?? '{}'));
      return HttpResponse.json({ success: true, result: 'e-1' });
    }),
    http.get('/api/events/e-1/tables', () => {
      reads.tables += 1;
      return HttpResponse.json({ success: true, result: tables });
    }),
    http.post('/api/events/e-1/tables/attendees', () => {
      reads.unplaced += 1;
      const seated = new Set(tables.flatMap((each) => each.seating.map((g) => g.ticketId)));
      const rows = GUESTS.filter((each) => !seated.has(each.ticketId)).sort(byCompanyAndName);
      return HttpResponse.json({ success: true, Result: rows, TotalPages: 1, Total: rows.length });
    }),
    http.post('/api/events/e-1/tables', async ({ request }) => {
      const input = (await request.json()) as TableInput;
      saves.push(input);
      const refusal = refuse?.(input);
      if (refusal) return refusal;
      save(input);
      return HttpResponse.json({ success: true, result: tables });
    }),
    http.delete('/api/events/e-1/tables/:tableId', ({ params }) => {
      const tableId = String(params.tableId);
      deletes.push(tableId);
      tables = tables.filter((each) => each.id !== tableId);
      return HttpResponse.json({ success: true });
    }),
    http.post('/api/events/e-1/tables/auto-seating', async ({ request }) => {
      autoSeats.push(await request.json());
      return HttpResponse.json({ success: true, result: { placed: 13, unplaced: 2 } });
    }),
  );
  return { saves, deletes, autoSeats, updates, reads };
}

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The plan's tab of the derby, once its tables are read. */
async function openPlan() {
  renderApp('/events/e-1?tab=40');
  return screen.findByRole('region', { name: 'Bord 1' });
}

/** Each guest of a list as it reads before its buttons: the name, then the company if shown. */
function guestsIn(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent ?? '');
}

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent?.trim() ?? '');
}

describe('Bordplan', () => {
  it("shows the tables with 'X/Y pladser', 'Auto' and their guests, and the unplaced by company", async () => {
    servePlan();
    const first = await openPlan();
    expect(within(first).getByText('Ved scenen')).toBeInTheDocument();
    expect(within(first).getByText('1/8 pladser')).toBeInTheDocument();
    expect(within(first).getByText('Auto')).toBeInTheDocument();
    expect(guestsIn(within(first).getByRole('list', { name: 'Gæster ved Bord 1' }))).toEqual([
      'Mette MadsenNordisk Byg ApS',
    ]);
    const second = screen.getByRole('region', { name: 'Bord 2' });
    expect(within(second).getByText('0/2 pladser')).toBeInTheDocument();
    expect(within(second).queryByText('Auto')).not.toBeInTheDocument();
    expect(within(second).getByText('Ingen gæster ved bordet endnu.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Bord 3' })).getByText('1/1 pladser'),
    ).toBeInTheDocument();

    const unplaced = screen.getByRole('region', { name: 'Gæster uden bord' });
    expect(within(unplaced).getByText('3 gæster mangler en plads.')).toBeInTheDocument();
    const companies = within(unplaced)
      .getAllByRole('region')
      .map((group) => [
        within(group).getByRole('heading').textContent ?? '',
        ...guestsIn(within(group).getByRole('list')),
      ]);
    expect(companies).toEqual([
      ['Bageriet ApS', 'Jens Jensen', 'Karen Kunde'],
      ['Uden virksomhed', 'Ole Olsen'],
    ]);
  });

  it("'Opret bord' requires a title and seats, posts the table and shows a refusal on its field", async () => {
    let refused = false;
    const { saves } = servePlan({
      refuse: () => {
        if (refused) return undefined;
        refused = true;
        return HttpResponse.json(
          {
            success: false,
            error: 'Antal pladser skal være mellem 1 og 1000',
            errors: { seats: ['Antal pladser skal være mellem 1 og 1000'] },
          },
          { status: 422 },
        );
      },
    });
    await openPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Opret bord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret bord' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await within(dialog).findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(within(dialog).getByText('Antal pladser skal udfyldes')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Titel'), 'Bord 4');
    await userEvent.type(within(dialog).getByLabelText('Beskrivelse'), 'Ved baren');
    const seats = within(dialog).getByLabelText('Antal pladser');
    await userEvent.type(seats, '1001');
    expect(
      await within(dialog).findByText('Antal pladser skal være mellem 1 og 1000'),
    ).toBeInTheDocument();
    expect(saves).toEqual([]);

    await userEvent.clear(seats);
    await userEvent.type(seats, '10');
    await userEvent.click(within(dialog).getByLabelText('Placér automatisk'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      id: null,
      title: 'Bord 4',
      description: 'Ved baren',
      seats: 10,
      autoPlace: true,
      seating: null,
    });
    // The server's message sits under its field, and the dialog stays open.
    expect(
      await within(dialog).findByText('Antal pladser skal være mellem 1 og 1000'),
    ).toBeInTheDocument();
    expect(seats).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Bordet blev oprettet!')).toBeInTheDocument();
    expect(saves).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const created = await screen.findByRole('region', { name: 'Bord 4' });
    expect(within(created).getByText('0/10 pladser')).toBeInTheDocument();
    expect(within(created).getByText('Auto')).toBeInTheDocument();
  });

  it('keeps the seat count of a table with guests and saves its other fields', async () => {
    const { saves } = servePlan();
    await openPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Rediger Bord 2' }));
    const empty = await screen.findByRole('dialog', { name: 'Rediger bord' });
    expect(within(empty).getByLabelText('Antal pladser')).toBeEnabled();
    await userEvent.click(within(empty).getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Rediger Bord 1' }));
    const seated = await screen.findByRole('dialog', { name: 'Rediger bord' });
    const seats = within(seated).getByLabelText('Antal pladser');
    expect(seats).toBeDisabled();
    expect(seats).toHaveValue('8');
    expect(
      within(seated).getByText('Antal pladser kan ikke ændres, når der sidder gæster ved bordet.'),
    ).toBeInTheDocument();
    const title = within(seated).getByLabelText('Titel');
    await userEvent.clear(title);
    await userEvent.type(title, 'Hovedbordet');
    await userEvent.click(within(seated).getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Bordet blev gemt!')).toBeInTheDocument();
    expect(saves).toEqual([
      {
        id: 't-1',
        title: 'Hovedbordet',
        description: 'Ved scenen',
        seats: 8,
        autoPlace: true,
        seating: null,
      },
    ]);
    expect(await screen.findByRole('region', { name: 'Hovedbordet' })).toBeInTheDocument();
  });

  it('places an unplaced guest at a table with free seats and removes a seated one', async () => {
    const { saves, reads } = servePlan();
    await openPlan();
    const readsBefore = { ...reads };

    // Bord 3 is full: it is not offered.
    screen.getByLabelText('Placér Karen Kunde').focus();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { hidden: true });
    const offered = within(list)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(offered).toEqual(['Bord 1 (7 ledige)', 'Bord 2 (2 ledige)']);
    await userEvent.click(screen.getByRole('option', { name: 'Bord 2 (2 ledige)', hidden: true }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      id: 't-2',
      title: 'Bord 2',
      description: null,
      seats: 2,
      autoPlace: false,
      seating: ['tk-1'],
    });
    const second = screen.getByRole('region', { name: 'Bord 2' });
    expect(await within(second).findByText('1/2 pladser')).toBeInTheDocument();
    expect(guestsIn(within(second).getByRole('list', { name: 'Gæster ved Bord 2' }))).toEqual([
      'Karen KundeBageriet ApS',
    ]);
    // Both the tables and the unplaced were read again.
    await waitFor(() => expect(screen.queryByLabelText('Placér Karen Kunde')).toBeNull());
    expect(reads.tables).toBeGreaterThan(readsBefore.tables);
    expect(reads.unplaced).toBeGreaterThan(readsBefore.unplaced);

    await userEvent.click(screen.getByRole('button', { name: 'Fjern Mette Madsen fra Bord 1' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ id: 't-1', seats: 8, seating: [] });
    const unplaced = screen.getByRole('region', { name: 'Gæster uden bord' });
    expect(
      await within(unplaced).findByRole('region', { name: 'Nordisk Byg ApS' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Bord 1' })).getByText('0/8 pladser'),
    ).toBeInTheDocument();
  });

  it('places a whole company at a table with room for all of it', async () => {
    const { saves } = servePlan();
    await openPlan();
    await chooseOption('Placér alle fra Bageriet ApS', 'Bord 1 (7 ledige)');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ id: 't-1', seating: ['tk-4', 'tk-2', 'tk-1'] });
    const unplaced = screen.getByRole('region', { name: 'Gæster uden bord' });
    await waitFor(() =>
      expect(
        within(unplaced).queryByRole('region', { name: 'Bageriet ApS' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(unplaced).getByText('1 gæst mangler en plads.')).toBeInTheDocument();
  });

  it("deletes a table after 'Er du sikker på at du vil slette dette bord?'", async () => {
    const { deletes } = servePlan();
    await openPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Slet Bord 1' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette bord?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(deletes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Slet Bord 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Bordet blev slettet!')).toBeInTheDocument();
    expect(deletes).toEqual(['t-1']);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Bord 1' })).not.toBeInTheDocument(),
    );
    // Its guest sits at no table again.
    const unplaced = screen.getByRole('region', { name: 'Gæster uden bord' });
    expect(within(unplaced).getByRole('region', { name: 'Nordisk Byg ApS' })).toBeInTheDocument();
  });

  it("'Placér automatisk' seats the guests and tells how many were placed and were not", async () => {
    const { autoSeats, reads } = servePlan();
    await openPlan();
    const tablesBefore = reads.tables;
    await userEvent.click(screen.getByRole('button', { name: 'Placér automatisk' }));
    expect(await screen.findByText('13 gæster blev placeret')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 gæster kunne ikke placeres (der er ikke flere ledige pladser ved de automatiske borde)',
      ),
    ).toBeInTheDocument();
    expect(autoSeats).toEqual([{}]);
    await waitFor(() => expect(reads.tables).toBeGreaterThan(tablesBefore));
  });

  it("'Download' links to the overview, the guest list and the table cards", async () => {
    servePlan();
    await openPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const links = {
      Oversigt: '/api/events/e-1/tables/download/oversigt',
      Deltagerliste: '/api/events/e-1/tables/download/deltagerliste',
      Bordkort: '/api/events/e-1/tables/download/bordkort',
    };
    for (const [name, href] of Object.entries(links)) {
      const link = await screen.findByRole('link', { name, hidden: true });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it("shows 'Bordplan' for an event with tables, with its card settings saved with the event", async () => {
    const products = [
      ticketProduct(),
      ticketProduct({
        id: 'tp-2',
        productId: 'p-child',
        product: { id: 'p-child', title: 'Børnebillet', type: 'ticket', price: 10_000 },
        title: 'Barn',
      }),
    ];
    const { updates } = servePlan({
      event: () =>
        savedEvent({
          hasTables: true,
          hasTickets: true,
          tickets: { ...savedEvent().tickets, products },
        }),
    });
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual([
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

    await userEvent.click(screen.getByRole('tab', { name: 'Bordplan' }));
    const cards = await screen.findByRole('region', { name: 'Bordkort' });
    expect(within(cards).getByLabelText('Baggrundsbillede')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Bord 1' })).toBeInTheDocument();
    await chooseOption('Billetprodukter ved bordene', 'Barn');
    await userEvent.keyboard('{Escape}');
    await chooseOption('Format', 'A5');
    await chooseOption('Retning', 'Liggende');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Arrangement blev gemt!')).toBeInTheDocument();
    expect(updates[0]).toMatchObject({
      tablePlan: { productIds: ['p-child'], cardFormat: 'A5', cardOrientation: 'Landscape' },
    });
  });

  it("has no 'Bordplan' for an event without tables", async () => {
    servePlan({ event: () => savedEvent() });
    renderApp('/events/e-1');
    await screen.findByRole('heading', { level: 1, name: 'Derby' });
    expect(tabNames()).toEqual(['Arrangement', 'Invitationer', 'Tilmeldte', 'Relationer', 'Noter']);
  });
});
