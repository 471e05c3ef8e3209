import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffSession } from '../../test/staffSession';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { withOrders } from './orderSetupFixtures';
import type { Season } from './types';

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function serve(path: string, body: Record<string, unknown>) {
  const saved: unknown[] = [];
  server.use(
    ...staffSession(withOrders),
    http.get('/api/orders/categories', () =>
      HttpResponse.json({ success: true, result: [{ id: 'k1', title: 'Sponsor' }] }),
    ),
    http.get('/api/orders/seasons/parents', () =>
      HttpResponse.json({ success: true, result: [{ id: 's0', title: 'Reservationer 25/26' }] }),
    ),
    http.get('/api/seats/charts', () => HttpResponse.json({ success: true, result: [] })),
    http.get('/api/products', () => HttpResponse.json({ success: true, result: [] })),
    http.post(`${path}/update`, async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ success: true, result: 'new-id' });
    }),
    http.get(`${path}/new-id`, () => HttpResponse.json({ success: true, result: body })),
  );
  return saved;
}

describe('the order category editor', () => {
  it('checks title and price and sends the price in øre', async () => {
    const saved = serve('/api/orders/categories', {
      id: 'new-id',
      title: 'Sponsor',
      sku: '',
      price: 123450,
      invoiceTitle: '',
    });
    const { router } = renderApp('/orders/categories/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Titel skal udfyldes')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Titel'), 'Sponsor');
    await userEvent.type(screen.getByLabelText('Pris'), '12,3,4');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Pris skal være et gyldigt tal.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Pris'));
    await userEvent.type(screen.getByLabelText('Pris'), '1.234,50');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kategorien blev oprettet!')).toBeInTheDocument();
    expect(saved).toEqual([
      { id: null, version: null, title: 'Sponsor', sku: '', price: 123450, invoiceTitle: '' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/categories/new-id'));
    expect(await screen.findByLabelText('Pris')).toHaveValue('1.234,50');
  });
});

describe('the season editor', () => {
  it("hides the parent choice with 'Kun reservationer' and the flag with a parent", async () => {
    serve('/api/orders/seasons', {});
    renderApp('/orders/seasons/create');
    const reservations = await screen.findByLabelText('Kun reservationer');
    expect(screen.getByLabelText('Reservationssæson')).toBeInTheDocument();
    await userEvent.click(reservations);
    expect(screen.queryByLabelText('Reservationssæson')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Kun reservationer'));
    await chooseOption('Reservationssæson', 'Reservationer 25/26');
    expect(screen.queryByLabelText('Kun reservationer')).not.toBeInTheDocument();
  });

  it('requires title and dates and the end after the start', async () => {
    serve('/api/orders/seasons', {});
    renderApp('/orders/seasons/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Start dato skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Slut dato skal udfyldes')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Start dato'), '2025-07-01');
    await userEvent.type(screen.getByLabelText('Slut dato'), '2025-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Slut dato skal være efter start dato')).toBeInTheDocument();
  });
});

const SEASON_CONFLICT =
  'Sæsonen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.';

const season: Season = {
  id: 's-1',
  version: 5,
  title: 'Sæson 25/26',
  startDate: '2025-07-01',
  endDate: '2026-06-30',
  parentId: null,
  reservations: false,
  inactive: false,
  seats: [],
};

/** Season s-1 at its current version; `answer` answers its saves (default: saved, version + 1). */
function serveSeason(answer?: () => Response) {
  const saves: Season[] = [];
  let version = season.version ?? 0;
  serve('/api/orders/seasons', {});
  server.use(
    http.get('/api/orders/seasons/s-1', () =>
      HttpResponse.json({ success: true, result: { ...season, version } }),
    ),
    http.post('/api/orders/seasons/update', async ({ request }) => {
      saves.push((await request.json()) as Season);
      if (answer) return answer();
      version += 1;
      return HttpResponse.json({ success: true, result: 's-1' });
    }),
  );
  return saves;
}

describe('a saved season', () => {
  it('is saved with the version it was read with, and after a save with the next one', async () => {
    const saves = serveSeason();
    renderApp('/orders/seasons/s-1');
    await screen.findByRole('heading', { level: 1, name: 'Sæson 25/26' });
    const save = screen.getByRole('button', { name: 'Gem' });
    await userEvent.click(save);
    expect(await screen.findByText('Sæsonen blev gemt!')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves.map((saved) => saved.version)).toEqual([5, 6]);
  });

  it("shows a 409's Danish text and keeps what was typed (and the version read)", async () => {
    const saves = serveSeason(() =>
      HttpResponse.json({ success: false, error: SEASON_CONFLICT }, { status: 409 }),
    );
    renderApp('/orders/seasons/s-1');
    await screen.findByRole('heading', { level: 1, name: 'Sæson 25/26' });
    await userEvent.clear(screen.getByLabelText('Titel'));
    await userEvent.type(screen.getByLabelText('Titel'), 'Sæson 2025/26');
    await userEvent.click(screen.getByLabelText('Inaktiv'));
    const save = screen.getByRole('button', { name: 'Gem' });
    await userEvent.click(save);
    expect(await screen.findByText(SEASON_CONFLICT)).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.getByLabelText('Titel')).toHaveValue('Sæson 2025/26');
    expect(screen.getByLabelText('Inaktiv')).toBeChecked();
    expect(saves).toEqual([{ ...season, version: 5, title: 'Sæson 2025/26', inactive: true }]);
    await userEvent.click(save);
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ version: 5, title: 'Sæson 2025/26' });
  });
});

describe('the custom field editor', () => {
  it('clears the default value when the type changes', async () => {
    const saved = serve('/api/orders/fields', {});
    renderApp('/orders/fields/create');
    await userEvent.type(await screen.findByLabelText('Titel'), 'Antal gæster');
    await chooseOption('Type', 'Tal');
    await userEvent.type(screen.getByLabelText('Standardværdi'), 'mange');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Standardværdi skal være et gyldigt tal.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Standardværdi'));
    await userEvent.type(screen.getByLabelText('Standardværdi'), '12,5');
    await chooseOption('Type', 'Tekst');
    expect(screen.getByLabelText('Standardværdi')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Feltet blev oprettet!')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        id: null,
        version: null,
        title: 'Antal gæster',
        categoryIds: [],
        type: 'Text',
        sorting: null,
        values: [],
        defaultValue: null,
      },
    ]);
  });
});
