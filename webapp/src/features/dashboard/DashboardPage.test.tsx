import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AclRule } from '../../api/appApi';
import { staffUser } from '../../test/fixtures';
import { staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { AmountSeriesKind } from './dashboardApi';
import type {
  AmountSeries,
  DashboardWidgets,
  LeadFollowupRow,
  NextInvoiceRow,
  RenegotiationRow,
} from './types';

// Chart.js draws on a canvas, which jsdom cannot: a graph is an image named by its widget, and
// what it was given to draw is kept for the test to read. Its figures are read from its table.
interface DrawnChart {
  type?: string;
  ariaLabel?: string;
  data?: { labels?: string[]; datasets: { data: number[] }[] };
}
const charts = vi.hoisted(() => ({ drawn: [] as DrawnChart[] }));
vi.mock('primereact/chart', () => ({
  Chart: (props: DrawnChart) => {
    charts.drawn.push(props);
    return <canvas role="img" aria-label={props.ariaLabel} />;
  },
}));

/** What the graph named `name` was last given to draw. */
function drawn(name: string): DrawnChart | undefined {
  return charts.drawn.filter((chart) => chart.ariaLabel === name).at(-1);
}

const read = (module: string): AclRule => ({
  subject: [module],
  action: ['read'],
  inverted: false,
  fields: ['*'],
});

const renegotiations: RenegotiationRow[] = [
  { id: 'k-1', contractNumber: 1001, name: 'Bageriet Grøn ApS', renewDate: '2026-04-01' },
  { id: 'k-2', contractNumber: 1002, name: null, renewDate: '2026-05-15' },
];

const leads: LeadFollowupRow[] = [
  { id: 'c-7', name: 'Cykelsmeden', owner: 'Sofie Staff', followUpDate: '2026-03-20' },
];

const nextInvoices: NextInvoiceRow[] = [
  {
    contractId: 'k-1',
    contractNumber: 1001,
    planKey: 'single:2026-06-01',
    company: 'Bageriet Grøn ApS',
    amount: 123_456_789,
    category: 'Sponsorat',
    invoiceDate: '2026-06-01',
  },
  {
    contractId: 'k-2',
    contractNumber: 1002,
    planKey: 'single:2026-06-01',
    company: null,
    amount: 50_000,
    category: null,
    invoiceDate: '2026-07-15',
  },
];

const thisYear = new Date().getFullYear();
const months = (year: number) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
/** Twelve months of `year` with `amounts` (øre) in the first ones and nothing in the rest. */
function monthly(year: number, amounts: number[]): AmountSeries {
  const series = months(year).map((_, index) => amounts[index] ?? 0);
  return { year, labels: months(year), series, total: series.reduce((sum, ore) => sum + ore, 0) };
}

/** The graphs' answers: this year has figures (but no contract products), last year others. */
function amountSeries(kind: AmountSeriesKind, year: number): AmountSeries {
  const current = year === thisYear;
  switch (kind) {
    case 'invoiced-amount':
      return monthly(year, current ? [12_500_000, 0, 3_456_789] : [99_900]);
    case 'contract-sales-amount':
      return monthly(year, current ? [0, 0, 0, 0, 4_000_000] : []);
    case 'products-amount':
      return {
        year,
        labels: ['Lounge', 'Bandereklame'],
        series: [30_000_000, 5_000_050],
        total: 35_000_050,
      };
    case 'contract-products-amount':
      return { year, labels: [], series: [], total: 0 };
    case 'invoiced-status':
      return {
        year,
        labels: ['Faktureret', 'Resterende'],
        series: [12_500_000, 27_500_000],
        total: 40_000_000,
      };
  }
}

const graphs: AmountSeriesKind[] = [
  'invoiced-amount',
  'products-amount',
  'contract-sales-amount',
  'contract-products-amount',
  'invoiced-status',
];

/**
 * Staff of Demo FC (with the orders module) whose role reads `modules`; returns the list calls
 * (their bodies by path) and the graphs' calls (their URLs, in `graphs`).
 */
function serveDashboard(
  modules: string[],
  rows = { renegotiations, leads, nextInvoices },
  widgets: DashboardWidgets = eightWidgets,
) {
  const requests: Record<string, unknown[]> & { graphs?: string[] } = {};
  const list = (path: string, result: unknown[]) =>
    http.post(`/api/dashboard/${path}`, async ({ request }) => {
      (requests[path] ??= []).push(await request.json());
      return HttpResponse.json({ success: true, Result: result, Total: result.length });
    });
  const graph = (kind: AmountSeriesKind) =>
    http.post(`/api/dashboard/${kind}`, ({ request }) => {
      const url = new URL(request.url);
      (requests.graphs ??= []).push(`${url.pathname}${url.search}`);
      const year = Number(url.searchParams.get('year'));
      return HttpResponse.json({ success: true, result: amountSeries(kind, year) });
    });
  server.use(
    // Before the session's own (which shows no widgets).
    http.get('/api/dashboard/widgets', () => HttpResponse.json({ success: true, result: widgets })),
    ...staffSession({ ...staffWithOrders, user: { ...staffUser, acl: modules.map(read) } }),
    list('renegotiations', rows.renegotiations),
    list('leads-followup', rows.leads),
    list('invoices', rows.nextInvoices),
    ...graphs.map(graph),
  );
  return requests;
}

const eight = [
  'DashRenegotiations',
  'DashInvoices',
  'DashLeadsFollowup',
  'DashInvoicedAmount',
  'DashProductsAmount',
  'DashInvoicedStatus',
  'DashContractSalesAmount',
  'DashContractProductsAmount',
];

/** Nobody chose: the spec's eight (the server narrows nothing here: the page's own check does). */
const eightWidgets: DashboardWidgets = {
  shown: eight,
  chosen: eight,
  chosenBy: 'default',
  club: eight,
  available: [...eight, 'DashEvents'],
  events: { promoted: false, limit: 5 },
};

const financeWidgets = [
  'Næste faktureringer',
  'Faktureret pr. måned',
  'Faktureret pr. produkt',
  'Faktureringsstatus',
  'Aftalesalg pr. måned',
  'Aftalesalg pr. produkt',
];

/** The figures of a graph's table, one 'label amount' text per row. */
async function figures(name: string): Promise<string[]> {
  const region = await screen.findByRole('region', { name });
  const table = await within(region).findByRole('table', { name });
  return within(table)
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)
    .map((row) =>
      Array.from(row.cells, (cell) => cell.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' '),
    );
}

function widget(name: string) {
  return screen.getByRole('region', { name });
}

describe('the dashboard', () => {
  it('shows the renegotiations and the leads to follow up under the club name', async () => {
    const requests = serveDashboard(['orders', 'companies']);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo FC' })).toBeInTheDocument();

    const renewals = await screen.findByRole('table', { name: 'Kommende genforhandlinger' });
    const first = await within(renewals).findByRole('row', { name: /Bageriet Grøn ApS/ });
    expect(first).toHaveTextContent('01-04-2026');
    expect(within(first).getByRole('link', { name: 'Bageriet Grøn ApS' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    // Without a company or contact the contract names itself.
    expect(within(renewals).getByRole('link', { name: 'Aftale #1002' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-2',
    );
    expect(within(renewals).getByRole('row', { name: /Aftale #1002/ })).toHaveTextContent(
      '15-05-2026',
    );

    const followUps = screen.getByRole('table', { name: 'Opfølgning på leads' });
    const lead = await within(followUps).findByRole('row', { name: /Cykelsmeden/ });
    expect(lead).toHaveTextContent('Sofie Staff');
    expect(lead).toHaveTextContent('20-03-2026');
    expect(within(lead).getByRole('link', { name: 'Cykelsmeden' })).toHaveAttribute(
      'href',
      '/companies/c-7',
    );
    expect(widget('Kommende genforhandlinger')).toBeInTheDocument();
    expect(widget('Opfølgning på leads')).toBeInTheDocument();

    expect(requests['renegotiations']).toEqual([
      { filter: {}, sort: { field: 'RenewDate', dir: 'asc' }, page: 1, perPage: 10 },
    ]);
    expect(requests['leads-followup']).toEqual([
      { filter: {}, sort: { field: 'FollowUpDate', dir: 'asc' }, page: 1, perPage: 10 },
    ]);
  });

  it('says when there is nothing to renegotiate, invoice or follow up', async () => {
    serveDashboard(['orders', 'companies'], { renegotiations: [], leads: [], nextInvoices: [] });
    renderApp('/');
    expect(await screen.findByText('Ingen kommende genforhandlinger')).toBeInTheDocument();
    expect(await screen.findByText('Ingen planlagte faktureringer')).toBeInTheDocument();
    expect(await screen.findByText('Ingen leads til opfølgning')).toBeInTheDocument();
  });

  it('lists the next invoices, soonest first, each linking to its contract', async () => {
    const requests = serveDashboard(['orders']);
    renderApp('/');
    const table = await screen.findByRole('table', { name: 'Næste faktureringer' });
    const first = await within(table).findByRole('row', { name: /Bageriet Grøn ApS/ });
    expect(first).toHaveTextContent('1.234.567,89 kr.');
    expect(first).toHaveTextContent('Sponsorat');
    expect(first).toHaveTextContent('01-06-2026');
    expect(within(first).getByRole('link', { name: 'Bageriet Grøn ApS' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    // Without a company or contact the contract names itself.
    const second = within(table).getByRole('row', { name: /Aftale #1002/ });
    expect(second).toHaveTextContent('500,00 kr.');
    expect(second).toHaveTextContent('15-07-2026');
    expect(within(second).getByRole('link', { name: 'Aftale #1002' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-2',
    );
    expect(requests['invoices']).toEqual([
      { filter: {}, sort: { field: 'InvoiceDate', dir: 'asc' }, page: 1, perPage: 10 },
    ]);
  });

  it("draws this year's invoicing and contract sales by month and by product", async () => {
    const requests = serveDashboard(['orders']);
    renderApp('/');

    const invoiced = await figures('Faktureret pr. måned');
    expect(invoiced).toHaveLength(12);
    expect(invoiced.slice(0, 3)).toEqual([
      'jan. 125.000,00 kr.',
      'feb. 0,00 kr.',
      'mar. 34.567,89 kr.',
    ]);
    expect(invoiced[4]).toBe('maj 0,00 kr.');
    expect(invoiced[11]).toBe('dec. 0,00 kr.');
    // The graph counts kroner.
    expect(drawn('Faktureret pr. måned')).toMatchObject({ type: 'bar' });
    expect(drawn('Faktureret pr. måned')?.data?.datasets[0]?.data.slice(0, 3)).toEqual([
      125_000, 0, 34_567.89,
    ]);
    expect(screen.getByRole('img', { name: 'Faktureret pr. måned' })).toBeInTheDocument();

    expect(await figures('Faktureret pr. produkt')).toEqual([
      'Lounge 300.000,00 kr.',
      'Bandereklame 50.000,50 kr.',
    ]);
    expect(drawn('Faktureret pr. produkt')?.data?.labels).toEqual(['Lounge', 'Bandereklame']);

    expect((await figures('Aftalesalg pr. måned'))[4]).toBe('maj 40.000,00 kr.');

    const products = widget('Aftalesalg pr. produkt');
    expect(await within(products).findByText(`Ingen data for ${thisYear}`)).toBeInTheDocument();
    expect(within(products).queryByRole('table')).not.toBeInTheDocument();

    for (const name of financeWidgets.slice(1)) {
      if (name === 'Faktureringsstatus') continue;
      expect(within(widget(name)).getByRole('group', { name: 'År' })).toHaveTextContent(
        String(thisYear),
      );
    }
    expect([...(requests.graphs ?? [])].sort()).toEqual(
      graphs.map((kind) => `/api/dashboard/${kind}?year=${thisYear}`).sort(),
    );
  });

  it("steps a graph to last year and back, asking the server for that year's figures", async () => {
    const requests = serveDashboard(['orders']);
    renderApp('/');
    const invoiced = () => widget('Faktureret pr. måned');
    await figures('Faktureret pr. måned');

    await userEvent.click(within(invoiced()).getByRole('button', { name: 'Forrige år' }));
    await waitFor(async () =>
      expect((await figures('Faktureret pr. måned'))[0]).toBe('jan. 999,00 kr.'),
    );
    expect(within(invoiced()).getByRole('group', { name: 'År' })).toHaveTextContent(
      String(thisYear - 1),
    );
    expect(requests.graphs).toContain(`/api/dashboard/invoiced-amount?year=${thisYear - 1}`);
    // The other graphs stay on this year.
    expect(requests.graphs).not.toContain(`/api/dashboard/products-amount?year=${thisYear - 1}`);

    await userEvent.click(within(invoiced()).getByRole('button', { name: 'Næste år' }));
    await waitFor(async () =>
      expect((await figures('Faktureret pr. måned'))[0]).toBe('jan. 125.000,00 kr.'),
    );
  });

  it("shows how much of this year's invoicing is invoiced", async () => {
    serveDashboard(['orders']);
    renderApp('/');
    const status = await screen.findByRole('region', { name: 'Faktureringsstatus' });
    expect(
      await within(status).findByText(
        `125.000,00 kr. af 400.000,00 kr. faktureret for ${thisYear}`,
        { normalizer: (text) => text.replace(/\s+/g, ' ').trim() },
      ),
    ).toBeInTheDocument();
    expect(await figures('Faktureringsstatus')).toEqual([
      'Faktureret 125.000,00 kr.',
      'Resterende 275.000,00 kr.',
    ]);
    expect(drawn('Faktureringsstatus')).toMatchObject({
      type: 'pie',
      data: { labels: ['Faktureret', 'Resterende'], datasets: [{ data: [125_000, 275_000] }] },
    });
    // This year only.
    expect(within(status).queryByRole('button', { name: 'Forrige år' })).not.toBeInTheDocument();
  });

  it("shows the server's words when a graph cannot be read", async () => {
    serveDashboard(['orders']);
    server.use(
      http.post('/api/dashboard/products-amount', () =>
        HttpResponse.json(
          { success: false, error: 'Året skal ligge mellem 2000 og 2100' },
          { status: 422 },
        ),
      ),
    );
    renderApp('/');
    expect(
      await within(
        await screen.findByRole('region', { name: 'Faktureret pr. produkt' }),
      ).findByRole('alert'),
    ).toHaveTextContent('Året skal ligge mellem 2000 og 2100');
  });

  it('shows only the widgets of the modules the role may read', async () => {
    const requests = serveDashboard(['companies']);
    renderApp('/');
    await screen.findByRole('table', { name: 'Opfølgning på leads' });
    expect(
      screen.queryByRole('region', { name: 'Kommende genforhandlinger' }),
    ).not.toBeInTheDocument();
    for (const name of financeWidgets) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    await waitFor(() => expect(requests['leads-followup']).toHaveLength(1));
    expect(requests['renegotiations']).toBeUndefined();
    expect(requests['invoices']).toBeUndefined();
    expect(requests.graphs).toBeUndefined();
  });

  it('shows the widgets the club chose, in its order, with its next promoted events', async () => {
    const events: URL[] = [];
    serveDashboard(['orders', 'companies', 'events'], undefined, {
      ...eightWidgets,
      shown: ['DashEvents', 'DashInvoices'],
      chosen: ['DashEvents', 'DashInvoices'],
      chosenBy: 'club',
      club: ['DashEvents', 'DashInvoices'],
      events: { promoted: true, limit: 3 },
    });
    server.use(
      http.get('/api/events', ({ request }) => {
        events.push(new URL(request.url));
        return HttpResponse.json({
          success: true,
          result: [
            {
              id: 'e-1',
              title: 'Pokalfinale',
              description: null,
              location: 'Parken',
              startDate: '2026-05-01T16:00:00Z',
              banner: null,
              url: 'pokalfinale',
            },
          ],
        });
      }),
    );
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Fremhævede arrangementer' });
    const link = within(list).getByRole('link', { name: 'Pokalfinale' });
    expect(link).toHaveAttribute('href', '/events/e-1');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Parken');
    expect(events[0]?.searchParams.get('promoted')).toBe('1');
    expect(events[0]?.searchParams.get('limit')).toBe('3');
    // The club's order: events first, then the next invoices; nothing else.
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(regions).toHaveLength(2);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Fremhævede arrangementer', 'Næste faktureringer']);
    expect(
      screen.queryByRole('region', { name: 'Kommende genforhandlinger' }),
    ).not.toBeInTheDocument();
  });

  it("lets a staff member choose their own widgets and go back to the club's choice", async () => {
    serveDashboard(['orders', 'companies']);
    const chosen: unknown[] = [];
    let answer: DashboardWidgets = eightWidgets;
    server.use(
      http.get('/api/dashboard/widgets', () =>
        HttpResponse.json({ success: true, result: answer }),
      ),
      http.post('/api/dashboard/widgets', async ({ request }) => {
        const body = (await request.json()) as { widgets: string[] | null };
        chosen.push(body);
        answer = body.widgets
          ? { ...eightWidgets, shown: body.widgets, chosen: body.widgets, chosenBy: 'user' }
          : eightWidgets;
        return HttpResponse.json({ success: true, result: answer });
      }),
    );
    renderApp('/');
    await screen.findByRole('table', { name: 'Kommende genforhandlinger' });
    await userEvent.click(screen.getByRole('button', { name: 'Tilpas forside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tilpas forsiden' });
    // Nothing ticked is refused on the spot.
    for (const box of within(dialog).getAllByRole('checkbox', { checked: true })) {
      await userEvent.click(box);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Vælg mindst én widget');
    expect(chosen).toEqual([]);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Opfølgning på leads' }));
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Kommende genforhandlinger' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    // Saved in the home's order, whatever order they were ticked in.
    await waitFor(() =>
      expect(chosen).toEqual([{ widgets: ['DashRenegotiations', 'DashLeadsFollowup'] }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Næste faktureringer' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Opfølgning på leads' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tilpas forside' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Brug klubbens valg',
      }),
    );
    await waitFor(() => expect(chosen).toHaveLength(2));
    expect(chosen[1]).toEqual({ widgets: null });
    expect(await screen.findByRole('region', { name: 'Næste faktureringer' })).toBeInTheDocument();
  });
});
