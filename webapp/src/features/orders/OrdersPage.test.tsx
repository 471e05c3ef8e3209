import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ordersSession } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import type { OrderRow } from './types';

function row(extra: Partial<OrderRow>): OrderRow {
  return {
    Id: 'o-1',
    OrderNumber: 1001,
    Number: 1001,
    Status: 'approved',
    PaymentStatus: 'paid',
    IsPOS: false,
    Contact: 'Anna Berg',
    Firstname: 'Anna',
    Lastname: 'Berg',
    Company: 'Bageriet Grøn ApS',
    Event: 'FCK - AGF',
    OrderLines: 2,
    Total: 123_450,
    CreateDate: '2026-03-01T10:00:00Z',
    ...extra,
  };
}

const rows = [
  row({}),
  row({
    Id: 'o-2',
    OrderNumber: 1000,
    Number: 1000,
    Status: 'cancelled',
    PaymentStatus: 'cancelled',
    IsPOS: true,
    Contact: null,
    Company: null,
    Event: null,
    Total: 12_000,
  }),
];

/** POST /api/orders answers `rows` until one is deleted; returns the list requests and deletes. */
function serveList() {
  const requests: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    ...ordersSession(),
    http.post('/api/orders', async ({ request }) => {
      requests.push(await request.json());
      const left = rows.filter((candidate) => !deleted.includes(candidate.Id));
      return HttpResponse.json({ success: true, Result: left, TotalPages: 1, Total: left.length });
    }),
    http.delete('/api/orders/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { requests, deleted };
}

describe('the orders list', () => {
  it("shows the orders newest number first with 'Billetsalg' for point-of-sale orders", async () => {
    const { requests } = serveList();
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Ordrer' });
    const first = await within(table).findByRole('row', { name: /1001/ });
    expect(first).toHaveTextContent('Godkendt');
    expect(first).toHaveTextContent('Betalt');
    expect(first).toHaveTextContent('Anna Berg');
    expect(first).toHaveTextContent('Bageriet Grøn ApS');
    expect(first).toHaveTextContent('FCK - AGF');
    expect(first).toHaveTextContent('DKK 1.234,50');
    expect(first).toHaveTextContent('01-03-2026');
    const pos = within(table).getByRole('row', { name: /1000/ });
    expect(pos).toHaveTextContent('Billetsalg');
    expect(within(pos).getByText('Annulleret', { selector: 's' })).toBeInTheDocument();
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'Number', dir: 'desc' },
      page: 1,
      perPage: 10,
    });
    expect(screen.getByRole('link', { name: 'Se ordre #1001' })).toHaveAttribute(
      'href',
      '/orders/o-1',
    );
    expect(screen.getByRole('link', { name: 'Opret ordre' })).toHaveAttribute(
      'href',
      '/orders/create',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Undermenu' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Pipeline',
      'Aftaler',
      'Ordrer',
      'Abonnementer',
      'Fakturaer',
      'Økonomi',
      'Kategorier',
      'Sæsoner',
      'Felter',
      'Rabatkoder',
    ]);
  });

  it("offers 'Slet' only for cancelled orders, after a confirmation", async () => {
    const { deleted } = serveList();
    renderApp('/orders');
    await screen.findByRole('row', { name: /1001/ });
    expect(screen.queryByRole('button', { name: 'Slet ordre #1001' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Slet ordre #1000' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne ordre?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Ordren blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual(['o-2']);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /1000/ })).not.toBeInTheDocument(),
    );
  });

  it('searches lazily and exports the rows of the search as Ordrer.xlsx', async () => {
    const { requests } = serveList();
    const exports: unknown[] = [];
    server.use(
      http.post('/api/orders/export', async ({ request }) => {
        exports.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Ordrer.xlsx"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderApp('/orders');
    await screen.findByRole('row', { name: /1001/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'berg');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { search: 'berg' }, page: 1 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Eksport' }));
    await waitFor(() => expect(clicks).toEqual(['Ordrer.xlsx']));
    expect(exports).toEqual([
      { filter: { search: 'berg' }, sort: { field: 'Number', dir: 'desc' } },
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
