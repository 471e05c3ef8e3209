import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  Attendee,
  AttendeeOverview,
  AttendeeQuery,
  ScannedTicket,
} from '../../api/generated/events';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent } from '../../test/events';

/** Karen Kunde of Bageriet, seated in Tribune Nord, not scanned yet. */
function karen(extra: Partial<Attendee> = {}): Attendee {
  return {
    id: 'tk-1042',
    number: 1042,
    name: 'Karen Kunde',
    company: 'Bageriet ApS',
    companyId: 'c-1',
    product: 'Voksen',
    section: 'Tribune Nord',
    row: 'N1',
    seatNumber: '1',
    options: ['Parkering'],
    extraInfo: [],
    scanned: false,
    scannedAt: null,
    ticketId: 'QR-1042',
    ...extra,
  };
}

/** The derby's attendees: Karen (seated), Ole (standing, scanned at 19:05), Jens (voided later). */
function attendees(): Attendee[] {
  return [
    karen(),
    {
      ...karen(),
      id: 'tk-1043',
      number: 1043,
      name: 'Ole Olsen',
      company: null,
      companyId: null,
      product: 'Barn',
      section: null,
      row: null,
      seatNumber: null,
      options: [],
      scanned: true,
      scannedAt: '2026-12-05T18:05:00Z',
      ticketId: 'QR-1043',
    },
    {
      ...karen(),
      id: 'tk-1044',
      number: 1044,
      name: 'Jens Jensen',
      company: 'Nordisk Byg ApS',
      companyId: 'c-2',
      seatNumber: '2',
      options: [],
      ticketId: 'QR-1044',
    },
  ];
}

/** Karen's ticket as the door reads it. */
function karensTicket(extra: Partial<ScannedTicket> = {}): ScannedTicket {
  return {
    number: 1042,
    name: 'Karen Kunde',
    company: 'Bageriet ApS',
    product: 'Voksen',
    options: ['Parkering'],
    seat: 'Tribune Nord, række N1, plads 1',
    section: 'Tribune Nord',
    row: 'N1',
    seatNumber: '1',
    scannedAt: null,
    scannedBy: null,
    ...extra,
  };
}

function overview(extra: Partial<AttendeeOverview> = {}): AttendeeOverview {
  return {
    ticketsSold: 1_250_000,
    onlineTicketsSold: 1_000_000,
    posTicketsSold: 250_000,
    bookedTickets: 120,
    totalTickets: 500,
    scanned: 45,
    sections: [
      { section: 'Tribune Nord', bookedSeats: 100, availableSeats: 20 },
      { section: 'Tribune Syd', bookedSeats: 20, availableSeats: 80 },
    ],
    pricesWithVat: true,
    ...extra,
  };
}

/** Confirms a ticket it knows and marks its row scanned; refuses any other number. */
function confirmKnown(rows: Attendee[], ticketId: string): Response {
  const row = rows.find((each) => String(each.number) === ticketId || each.ticketId === ticketId);
  if (!row) {
    return HttpResponse.json(
      { success: false, error: 'Billetten findes ikke', code: 'not_confirmed', data: null },
      { status: 422 },
    );
  }
  row.scanned = true;
  row.scannedAt = '2026-12-05T18:30:00Z';
  return HttpResponse.json({
    success: true,
    result: karensTicket({ number: row.number, name: row.name }),
  });
}

interface Serve {
  /** What POST /scan answers, given the rows and the ticketId; default `confirmKnown`. */
  scan?: (rows: Attendee[], ticketId: string) => Response;
  overview?: () => AttendeeOverview;
}

/** The derby (e-1) with its attendee calls; returns what each call was sent. */
function serveAttendees({ scan = confirmKnown, overview: figures = overview }: Serve = {}) {
  const rows = attendees();
  const lists: AttendeeQuery[] = [];
  const scans: string[] = [];
  const exports: AttendeeQuery[] = [];
  const overviewReads = { count: 0 };
  server.use(
    ...eventsSession(),
    http.get('/api/events/e-1', () => HttpResponse.json({ success: true, result: savedEvent() })),
    emptyList('/api/events/v2'),
    http.post('/api/events/e-1/attendees', async ({ request }) => {
      const query = (await request.json()) as AttendeeQuery;
      lists.push(query);
      const search = query.search?.toLowerCase() ?? '';
      const found = rows.filter(
        (row) =>
          (row.name ?? '').toLowerCase().includes(search) &&
          (query.company === null || row.companyId === query.company) &&
          (query.status === 'all' || row.scanned === (query.status === 'scanned')),
      );
      return HttpResponse.json({
        success: true,
        Result: found,
        TotalPages: found.length === 0 ? 0 : 1,
        Total: found.length,
      });
    }),
    http.get('/api/events/e-1/attendees/companies', () =>
      HttpResponse.json({
        success: true,
        result: [
          { id: 'c-1', name: 'Bageriet ApS' },
          { id: 'c-2', name: 'Nordisk Byg ApS' },
        ],
      }),
    ),
    http.get('/api/events/e-1/attendees/overview', () => {
      overviewReads.count += 1;
      return HttpResponse.json({ success: true, result: figures() });
    }),
    http.post('/api/events/e-1/scan', ({ request }) => {
      const ticketId = new URL(request.url).searchParams.get('ticketId') ?? '';
      scans.push(ticketId);
      return scan(rows, ticketId);
    }),
    http.post('/api/events/e-1/attendees/export', async ({ request }) => {
      exports.push((await request.json()) as AttendeeQuery);
      return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="Tilmeldte - Derby.xlsx"',
        },
      });
    }),
  );
  return { rows, lists, scans, exports, overviewReads };
}

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The facts of a ticket box, term by term. */
function factsOf(box: HTMLElement): Record<string, string> {
  const terms = within(box).getAllByRole('term');
  const definitions = within(box).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, index) => [term.textContent ?? '', definitions[index]?.textContent ?? '']),
  );
}

/** The list's body rows, each as its cells' texts (an icon button's empty label trimmed). */
function listRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Deltagerliste' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
}

const ALL: AttendeeQuery = { search: null, company: null, status: 'all', page: 1, perPage: 10 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Tilmeldte', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures: sales with VAT, attendees of the maximum, scanned, seats per section', async () => {
    const { overviewReads } = serveAttendees();
    renderApp('/events/e-1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Tilmeldte' }));

    const sold = await screen.findByRole('region', { name: 'Solgte billetter' });
    expect(sold).toHaveTextContent('12.500,00 kr.');
    expect(sold).toHaveTextContent('inkl. moms');
    // Money reads '1.234,50 kr.' with a no-break space before 'kr.'.
    expect(factsOf(sold)).toEqual({
      Online: '10.000,00\u00a0kr.',
      Billetsalg: '2.500,00\u00a0kr.',
    });
    expect(screen.getByRole('region', { name: 'Tilmeldte' })).toHaveTextContent('120 af 500');
    expect(screen.getByRole('region', { name: 'Scannet' })).toHaveTextContent('45 af 120');

    const sections = screen.getByRole('table', { name: 'Pladser pr. sektion' });
    const cells = within(sections)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(cells).toEqual([
      ['Sektion', 'Optaget', 'Ledige'],
      ['Tribune Nord', '100', '20'],
      ['Tribune Syd', '20', '80'],
    ]);
    expect(overviewReads.count).toBe(1);
  });

  it('shows the attendees without a maximum, without VAT and without seats', async () => {
    serveAttendees({
      overview: () => overview({ totalTickets: null, pricesWithVat: false, sections: [] }),
    });
    renderApp('/events/e-1?tab=60');
    const booked = await screen.findByRole('region', { name: 'Tilmeldte' });
    expect(booked).toHaveTextContent(/^Tilmeldte120$/);
    expect(screen.getByRole('region', { name: 'Solgte billetter' })).toHaveTextContent(
      'ekskl. moms',
    );
    expect(screen.queryByRole('table', { name: 'Pladser pr. sektion' })).not.toBeInTheDocument();
  });

  it('scans a typed number 500 ms after the last keystroke, once, and shows it confirmed', async () => {
    const { rows, scans, lists, overviewReads } = serveAttendees();
    renderApp('/events/e-1?tab=60');
    const input = await screen.findByLabelText('Billetnummer');
    await waitFor(() => expect(input).toHaveFocus());
    await screen.findByRole('cell', { name: 'Karen Kunde' });
    const listReads = lists.length;

    await userEvent.type(input, ' 104');
    await sleep(200);
    // A keystroke before the 500 ms starts the wait again: nothing was sent yet.
    await userEvent.type(input, '2 ');
    expect(scans).toEqual([]);

    const heading = await screen.findByRole('heading', { name: 'Bekræftet' });
    const box = heading.parentElement as HTMLElement;
    expect(box.closest('[role="status"]')).not.toBeNull();
    expect(factsOf(box)).toEqual({
      Billetnummer: '1042',
      Navn: 'Karen Kunde',
      Virksomhed: 'Bageriet ApS',
      Produkt: 'Voksen',
      Plads: 'Tribune Nord, række N1, plads 1',
      Tilvalg: 'Parkering',
    });
    // The number was trimmed and sent once; the box is empty and ready for the next ticket.
    expect(scans).toEqual(['1042']);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    // The list and the figures are read again.
    await waitFor(() => expect(lists.length).toBeGreaterThan(listReads));
    await waitFor(() => expect(overviewReads.count).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Scan billet 1042' })).toBeNull(),
    );

    // Enter scans at once; the debounce that ends while the door waits for the answer does not
    // send the same value again.
    server.use(
      http.post('/api/events/e-1/scan', async ({ request }) => {
        const ticketId = new URL(request.url).searchParams.get('ticketId') ?? '';
        scans.push(ticketId);
        await delay(800);
        return confirmKnown(rows, ticketId);
      }),
    );
    await userEvent.type(input, 'QR-1044{Enter}');
    await waitFor(() => expect(scans).toEqual(['1042', 'QR-1044']));
    expect(await screen.findByText('Scanner billet QR-1044 …')).toBeInTheDocument();
    await screen.findByText('Jens Jensen', { selector: 'dd' });
    expect(scans).toEqual(['1042', 'QR-1044']);
    expect(screen.queryByText('Scanner billet QR-1044 …')).not.toBeInTheDocument();
  });

  it("shows a refused scan as 'Billet ikke bekræftet' with the reason and the ticket", async () => {
    const { scans } = serveAttendees({
      scan: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Billetten er allerede scannet 05-12-2026 19:05 af Sofie Staff',
            code: 'not_confirmed',
            data: karensTicket({ scannedAt: '2026-12-05T18:05:00Z', scannedBy: 'Sofie Staff' }),
          },
          { status: 422 },
        ),
    });
    renderApp('/events/e-1?tab=60');
    const input = await screen.findByLabelText('Billetnummer');
    await userEvent.type(input, '1042{Enter}');

    const heading = await screen.findByRole('heading', { name: 'Billet ikke bekræftet' });
    const box = heading.parentElement as HTMLElement;
    expect(box).toHaveAttribute('role', 'alert');
    expect(box).toHaveTextContent('Billetten er allerede scannet 05-12-2026 19:05 af Sofie Staff');
    expect(factsOf(box)).toMatchObject({
      Billetnummer: '1042',
      Navn: 'Karen Kunde',
      Produkt: 'Voksen',
      Plads: 'Tribune Nord, række N1, plads 1',
    });
    expect(box).toHaveTextContent('Scannet 05-12-2026 19:05 af Sofie Staff');
    expect(screen.queryByRole('heading', { name: 'Bekræftet' })).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(scans).toEqual(['1042']);

    // A ticket the server does not know has no details.
    server.use(
      http.post('/api/events/e-1/scan', () =>
        HttpResponse.json(
          { success: false, error: 'Billetten findes ikke', code: 'not_confirmed', data: null },
          { status: 422 },
        ),
      ),
    );
    await userEvent.type(input, '9999{Enter}');
    await screen.findByText('Billetten findes ikke');
    const unknown = screen.getByRole('heading', { name: 'Billet ikke bekræftet' })
      .parentElement as HTMLElement;
    expect(within(unknown).queryAllByRole('term')).toEqual([]);
  });

  it("links the scan box to the door's full-screen scan mode", async () => {
    serveAttendees();
    renderApp('/events/e-1?tab=60');
    const scanBox = await screen.findByRole('region', { name: 'Scan billet' });
    expect(within(scanBox).getByRole('link', { name: 'Scan-tilstand' })).toHaveAttribute(
      'href',
      '/events/e-1/door',
    );
  });

  it('lists the attendees and sends the search, company and status', async () => {
    const { lists } = serveAttendees();
    renderApp('/events/e-1?tab=60');
    await screen.findByRole('cell', { name: 'Karen Kunde' });
    expect(lists[0]).toEqual(ALL);
    const table = screen.getByRole('table', { name: 'Deltagerliste' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Nr.',
      'Navn',
      'Virksomhed',
      'Produkt',
      'Plads',
      'Tilvalg',
      'Scannet',
      'Handlinger',
    ]);
    expect(listRows()).toEqual([
      [
        '1042',
        'Karen Kunde',
        'Bageriet ApS',
        'Voksen',
        'Tribune Nord, række N1, plads 1',
        'Parkering',
        '–Ikke scannet',
        'Scan',
      ],
      ['1043', 'Ole Olsen', '', 'Barn', '', '', '05-12-2026 19:05', ''],
      [
        '1044',
        'Jens Jensen',
        'Nordisk Byg ApS',
        'Voksen',
        'Tribune Nord, række N1, plads 2',
        '',
        '–Ikke scannet',
        'Scan',
      ],
    ]);

    await chooseOption('Status', 'Ikke scannet');
    await waitFor(() => expect(lists.at(-1)).toEqual({ ...ALL, status: 'notScanned' }));
    await waitFor(() => expect(listRows()).toHaveLength(2));
    await chooseOption('Virksomhed', 'Bageriet ApS');
    await waitFor(() =>
      expect(lists.at(-1)).toEqual({ ...ALL, status: 'notScanned', company: 'c-1' }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'karen');
    await waitFor(() =>
      expect(lists.at(-1)).toEqual({
        ...ALL,
        search: 'karen',
        status: 'notScanned',
        company: 'c-1',
      }),
    );
    expect(listRows().map((row) => row[1])).toEqual(['Karen Kunde']);

    await chooseOption('Virksomhed', 'Nordisk Byg ApS');
    expect(await screen.findByText('Ingen tilmeldte')).toBeInTheDocument();
    await chooseOption('Virksomhed', 'Alle virksomheder');
    await waitFor(() =>
      expect(lists.at(-1)).toEqual({ ...ALL, search: 'karen', status: 'notScanned' }),
    );
  });

  it("scans a row's ticket by its number with 'Scan' and shows a refusal's reason", async () => {
    const { scans } = serveAttendees({
      scan: (rows, ticketId) =>
        ticketId === '1044'
          ? HttpResponse.json(
              {
                success: false,
                error: 'Billetten er annulleret: Refunderet',
                code: 'not_confirmed',
                data: karensTicket({ number: 1044, name: 'Jens Jensen' }),
              },
              { status: 422 },
            )
          : confirmKnown(rows, ticketId),
    });
    renderApp('/events/e-1?tab=60');
    await userEvent.click(await screen.findByRole('button', { name: 'Scan billet 1042' }));
    expect(await screen.findByText('Billet 1042 er bekræftet')).toBeInTheDocument();
    expect(scans).toEqual(['1042']);
    // The list is read again: Karen is scanned now.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Scan billet 1042' })).toBeNull(),
    );
    expect(listRows()[0]?.[6]).toBe('05-12-2026 19:30');

    await userEvent.click(screen.getByRole('button', { name: 'Scan billet 1044' }));
    expect(await screen.findByText('Billetten er annulleret: Refunderet')).toBeInTheDocument();
    expect(scans).toEqual(['1042', '1044']);
    expect(screen.getByRole('button', { name: 'Scan billet 1044' })).toBeInTheDocument();
  });

  it("exports what the filter shows as 'Tilmeldte - Derby.xlsx'", async () => {
    const { exports, lists } = serveAttendees();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderApp('/events/e-1?tab=60');
    await screen.findByRole('cell', { name: 'Karen Kunde' });
    await chooseOption('Status', 'Scannet');
    await waitFor(() => expect(lists.at(-1)?.status).toBe('scanned'));

    await userEvent.click(screen.getByRole('button', { name: 'Eksporter' }));
    await waitFor(() => expect(clicks).toEqual(['Tilmeldte - Derby.xlsx']));
    expect(exports).toEqual([
      { search: null, company: null, status: 'scanned', page: null, perPage: null },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says so when the attendees or the figures cannot be read', async () => {
    serveAttendees();
    server.use(
      http.post('/api/events/e-1/attendees', () =>
        HttpResponse.json({ success: false, error: 'Databasen svarer ikke' }, { status: 500 }),
      ),
      http.get('/api/events/e-1/attendees/overview', () =>
        HttpResponse.json({ success: false }, { status: 500 }),
      ),
    );
    renderApp('/events/e-1?tab=60');
    expect(await screen.findByText('Databasen svarer ikke')).toBeInTheDocument();
    expect(await screen.findByText('Tallene kunne ikke hentes.')).toBeInTheDocument();
    expect(screen.getByText('Ingen tilmeldte')).toBeInTheDocument();
    expect(screen.getByLabelText('Billetnummer')).toBeInTheDocument();
  });
});
