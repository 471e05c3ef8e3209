import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

// jsdom does not follow the download link; the saved file is what matters.
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../shared/download', () => ({ saveBlob }));

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

describe('the audit export', () => {
  it("downloads the period chosen, as signed JSON, and shows the server's reason on its field", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/invoices/audit-export', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        if (query.get('from') === '2020-01-01') {
          return HttpResponse.json(
            { success: false, errors: { to: ['Perioden må højst være tre år'] } },
            { status: 422 },
          );
        }
        return new HttpResponse(new Blob(['{}']), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderApp('/orders/invoices');
    await screen.findByText('Kreditnota 1002');
    await userEvent.click(screen.getByRole('button', { name: 'Revisionseksport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revisionseksport' });
    fireEvent.change(within(dialog).getByLabelText('Fra dato'), {
      target: { value: '2026-01-01' },
    });
    fireEvent.change(within(dialog).getByLabelText('Til dato'), {
      target: { value: '2026-03-31' },
    });
    await chooseOption('Format', 'Signeret JSON');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hent eksport' }));
    await expect.poll(() => saveBlob.mock.calls.length).toBe(1);
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Revision-2026-01-01-2026-03-31.json');
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      format: 'json',
    });

    // Too long a period: the server's reason shows on 'Til dato', and nothing is saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Revisionseksport' }));
    const again = await screen.findByRole('dialog', { name: 'Revisionseksport' });
    fireEvent.change(within(again).getByLabelText('Fra dato'), {
      target: { value: '2020-01-01' },
    });
    await userEvent.click(within(again).getByRole('button', { name: 'Hent eksport' }));
    expect(await within(again).findByText('Perioden må højst være tre år')).toBeInTheDocument();
    expect(saveBlob).toHaveBeenCalledTimes(1);
  });
});

describe("the finance page's links", () => {
  it('narrow the list by the URL, say so in words, and are removed with one click', async () => {
    renderApp('/orders/invoices?type=creditNote&status=booked&from=2026-11-01&to=2026-11-30');
    await screen.findByText('Kreditnota 1002');
    expect(bodies[0]).toMatchObject({
      filter: { status: 'booked', type: 'creditNote', from: '2026-11-01', to: '2026-11-30' },
    });
    const chosen = screen.getByRole('status');
    expect(chosen).toHaveTextContent('Kreditnotaer · Faktura dato 01-11-2026–30-11-2026');
    expect(screen.getByRole('link', { name: 'Kreditnota 1002' })).toHaveAttribute(
      'href',
      '/orders/invoices/f2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fjern udvalget fra økonomisiden' }));
    await expect
      .poll(() => bodies.at(-1))
      .toMatchObject({ filter: { status: 'booked', search: '' } });
    expect((bodies.at(-1) as { filter: Record<string, unknown> }).filter).not.toHaveProperty(
      'type',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('take days overdue as numbers', async () => {
    renderApp('/orders/invoices?overdueFrom=31&overdueTo=60');
    await screen.findByText('Kreditnota 1002');
    expect(bodies[0]).toMatchObject({ filter: { overdueFrom: 31, overdueTo: 60 } });
    expect(screen.getByRole('status')).toHaveTextContent('31–60 dage over forfald');
  });
});
