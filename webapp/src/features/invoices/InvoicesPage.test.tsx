import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { chooseOption } from '../../test/contracts';
import { ordersSession } from '../../test/orders';

const row = (extra: Record<string, unknown>) => ({
  Id: 'f1',
  Number: null,
  ExternalNumber: null,
  Type: 'invoice',
  IsDraft: true,
  IsSent: false,
  IsPaid: false,
  Company: 'Bageriet Ærø ApS',
  Contact: 'Bageriet Ærø ApS',
  InvoiceDate: '2026-12-01',
  DueDate: '2026-12-15',
  PaymentDate: null,
  Total: 250_000,
  Collection: 'contracts',
  OrderId: null,
  ContractId: 'k1',
  ...extra,
});

let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  server.use(
    ...ordersSession(),
    http.post('/api/invoices', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        success: true,
        Result: [
          row({}),
          row({
            Id: 'f2',
            Number: 1002,
            Type: 'creditNote',
            IsDraft: false,
            IsSent: true,
            IsPaid: true,
            PaymentDate: '2026-12-10',
            Total: -100_000,
            ContractId: null,
            OrderId: 'o1',
            Collection: 'orders',
          }),
        ],
        TotalPages: 1,
        Total: 2,
      });
    }),
  );
});

describe('the invoices list', () => {
  it('shows drafts, invoices and credit notes with their links, and filters by status', async () => {
    renderApp('/orders/invoices');
    await screen.findByText('Kreditnota 1002');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Kladde');
    expect(rows[1]).toHaveTextContent('Bageriet Ærø ApS');
    expect(rows[1]).toHaveTextContent('Ikke sendt');
    expect(within(rows[1]).getByRole('link', { name: 'Gå til aftale' })).toHaveAttribute(
      'href',
      '/orders/contracts/k1?tab=20',
    );
    expect(rows[2]).toHaveTextContent('Kreditnota 1002');
    expect(rows[2]).toHaveTextContent('Betalt');
    expect(within(rows[2]).getByRole('link', { name: 'Gå til ordre' })).toHaveAttribute(
      'href',
      '/orders/o1',
    );
    expect(bodies[0]).toMatchObject({ sort: { field: 'Number', dir: 'desc' }, perPage: 10 });
    await chooseOption('Status', 'Forfaldne');
    await expect.poll(() => bodies.at(-1)).toMatchObject({ filter: { status: 'overdue' } });
  });
});
