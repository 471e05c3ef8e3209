import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { openSelect } from '../../test/contracts';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { subscriptionRow, subscriptionsSession } from './subscriptionFixtures';

const rows = [
  subscriptionRow({ paymentFailed: true }),
  subscriptionRow({
    id: 's-2',
    subscriptionNumber: 1002,
    status: 'draft',
    contactName: 'Bo Holm',
    startDate: null,
    endDate: null,
    subtotal: 60_000,
    total: 75_000,
  }),
  subscriptionRow({ id: 's-3', subscriptionNumber: 1003, status: 'cancelled', contactName: 'Eva' }),
];

/** POST /api/subscriptions answers `rows`; returns the list requests. */
function serveList() {
  const requests: unknown[] = [];
  server.use(
    ...subscriptionsSession(),
    http.post('/api/subscriptions', async ({ request }) => {
      requests.push(await request.json());
      return HttpResponse.json({ success: true, Result: rows, TotalPages: 1, Total: rows.length });
    }),
  );
  return { requests };
}

describe('the subscriptions list', () => {
  it('shows the columns of spec 3 §2, by contact name, 10 a page', async () => {
    const { requests } = serveList();
    renderApp('/orders/subscriptions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementer' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Abonnementer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim()),
    ).toEqual([
      'Status',
      'Nummer',
      'Kontaktperson',
      'Start dato',
      'Slut dato',
      'Subtotal',
      'Total',
      'Handlinger',
    ]);
    const first = await within(table).findByRole('row', { name: /1001/ });
    expect(first).toHaveTextContent('Aktiv');
    expect(first).toHaveTextContent('Betaling fejlet');
    expect(first).toHaveTextContent('Anna Berg');
    expect(first).toHaveTextContent('01-01-2026');
    expect(first).toHaveTextContent('31-12-2026');
    expect(first).toHaveTextContent('DKK 239,20');
    expect(first).toHaveTextContent('DKK 299,00');
    const draft = within(table).getByRole('row', { name: /1002/ });
    expect(draft).toHaveTextContent('Kladde');
    expect(draft).not.toHaveTextContent('Betaling fejlet');
    expect(draft).toHaveTextContent('DKK 750,00');
    const cancelled = within(table).getByRole('row', { name: /1003/ });
    expect(within(cancelled).getByText('Annulleret', { selector: 's' })).toBeInTheDocument();
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'Name', dir: 'asc' },
      page: 1,
      perPage: 10,
    });
    expect(screen.getByRole('link', { name: 'Se abonnement #1001' })).toHaveAttribute(
      'href',
      '/orders/subscriptions/s-1',
    );
    expect(screen.getByRole('link', { name: 'Opret abonnement' })).toHaveAttribute(
      'href',
      '/orders/subscriptions/create',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Undermenu' })).getByRole('link', {
        name: 'Abonnementer',
      }),
    ).toHaveAttribute('href', '/orders/subscriptions');
  });

  it('filters by status: Alle, Kladde, Aktiv, Annulleret', async () => {
    const { requests } = serveList();
    renderApp('/orders/subscriptions');
    await screen.findByRole('row', { name: /1001/ });
    const options = await openSelect('Status');
    expect(options.map((option) => option.textContent)).toEqual([
      'Alle',
      'Kladde',
      'Aktiv',
      'Annulleret',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Aktiv', hidden: true }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { status: 'approved', search: '' } }),
    );
  });

  it('searches, and sorts by the server names of the columns', async () => {
    const { requests } = serveList();
    renderApp('/orders/subscriptions');
    await screen.findByRole('row', { name: /1001/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'anna');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { search: 'anna' }, page: 1 }),
    );
    await userEvent.click(screen.getByRole('columnheader', { name: /Nummer/ }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sort: { field: 'Number', dir: 'asc' } }),
    );
    await userEvent.click(screen.getByRole('columnheader', { name: /Nummer/ }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sort: { field: 'Number', dir: 'desc' } }),
    );
    await userEvent.click(screen.getByRole('columnheader', { name: /Slut dato/ }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sort: { field: 'EndDate', dir: 'asc' } }),
    );
  });
});
