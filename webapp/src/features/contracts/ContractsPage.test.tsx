import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { contractsSession, openSelect } from '../../test/contracts';
import { staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import type { ContractRow } from './types';

function row(extra: Partial<ContractRow>): ContractRow {
  return {
    Id: 'a-1',
    Status: 'approved',
    AgreementStatus: 'negotiation',
    ContractNumber: 1001,
    Invoices: 2,
    InvoicesPaid: 1,
    Company: 'Bageriet Grøn ApS',
    Contact: 'Anna Berg',
    Subtotal: 1_000_000,
    Total: 1_250_000,
    Files: 3,
    ...extra,
  };
}

const rows = [
  row({}),
  row({
    Id: 'a-2',
    Status: 'cancelled',
    AgreementStatus: 'unsent',
    ContractNumber: 1000,
    Invoices: 0,
    InvoicesPaid: 0,
    Company: null,
    Contact: null,
    Files: 0,
  }),
];

/** POST /api/contracts answers `rows`; returns the list requests. */
function serveList() {
  const requests: unknown[] = [];
  server.use(
    ...contractsSession(),
    http.post('/api/contracts', async ({ request }) => {
      requests.push(await request.json());
      return HttpResponse.json({ success: true, Result: rows, TotalPages: 1, Total: rows.length });
    }),
  );
  return { requests };
}

describe('the contracts list', () => {
  it('shows the columns of spec 3 §2, newest number first, 10 a page', async () => {
    const { requests } = serveList();
    renderApp('/orders/contracts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aftaler' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Aftaler' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim()),
    ).toEqual([
      'Status',
      'Forhandling',
      'Nummer',
      'Faktura',
      'Virksomhed',
      'Kontaktperson',
      'Pris',
      'Filer',
      'Handlinger',
    ]);
    const first = await within(table).findByRole('row', { name: /1001/ });
    expect(first).toHaveTextContent('Godkendt');
    expect(first).toHaveTextContent('Forhandling');
    expect(first).toHaveTextContent('Bageriet Grøn ApS');
    expect(first).toHaveTextContent('Anna Berg');
    // Demo FC's prices include VAT: the total.
    expect(first).toHaveTextContent('DKK 12.500,00');
    const cells = within(first).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('2');
    expect(cells[7]).toHaveTextContent('3');
    const cancelled = within(table).getByRole('row', { name: /1000/ });
    expect(within(cancelled).getByText('Annulleret', { selector: 's' })).toBeInTheDocument();
    expect(cancelled).toHaveTextContent('Ikke afsendt');
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'Number', dir: 'desc' },
      page: 1,
      perPage: 10,
    });
    expect(screen.getByRole('link', { name: 'Se aftale #1001' })).toHaveAttribute(
      'href',
      '/orders/contracts/a-1',
    );
    expect(screen.getByRole('link', { name: 'Opret aftale' })).toHaveAttribute(
      'href',
      '/orders/contracts/create',
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

  it("shows in 'Faktura' how many invoices a contract has and how many of them are paid", async () => {
    serveList();
    server.use(
      http.post('/api/contracts', () =>
        HttpResponse.json({
          success: true,
          Result: [
            row({}),
            row({ Id: 'a-3', ContractNumber: 1003, Invoices: 4, InvoicesPaid: 4 }),
            row({ Id: 'a-2', ContractNumber: 1000, Invoices: 0, InvoicesPaid: 0 }),
          ],
          TotalPages: 1,
          Total: 3,
        }),
      ),
    );
    renderApp('/orders/contracts');
    const table = await screen.findByRole('table', { name: 'Aftaler' });
    const invoiceCell = (number: number) =>
      within(within(table).getByRole('row', { name: new RegExp(String(number)) })).getAllByRole(
        'cell',
      )[3];
    expect(await within(table).findByText('Betalt 1/2')).toBeInTheDocument();
    expect(invoiceCell(1001)).toHaveTextContent(/^2 ?Betalt 1\/2$/);
    expect(invoiceCell(1003)).toHaveTextContent(/^4 ?Betalt 4\/4$/);
    expect(invoiceCell(1000)).toHaveTextContent(/^0$/);
  });

  it('shows the subtotal as the price when the club prices without VAT', async () => {
    serveList();
    const client = staffWithOrders.client;
    server.use(
      ...contractsSession({
        ...staffWithOrders,
        client: client && { ...client, pricesWithVat: false },
      }),
    );
    renderApp('/orders/contracts');
    const first = await screen.findByRole('row', { name: /1001/ });
    expect(first).toHaveTextContent('DKK 10.000,00');
  });

  it('filters by status: Alle, Kladde, Gentegning, Godkendt, Annulleret', async () => {
    const { requests } = serveList();
    renderApp('/orders/contracts');
    await screen.findByRole('row', { name: /1001/ });
    const options = await openSelect('Status');
    expect(options.map((option) => option.textContent)).toEqual([
      'Alle',
      'Kladde',
      'Gentegning',
      'Godkendt',
      'Annulleret',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Gentegning', hidden: true }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { status: 'renewal', search: '' } }),
    );
  });

  it("reads ?companyId= as the company filter (the company page's 'Vis alle')", async () => {
    const { requests } = serveList();
    renderApp('/orders/contracts?companyId=c-1');
    await screen.findByRole('row', { name: /1001/ });
    expect(requests[0]).toMatchObject({ filter: { companyId: 'c-1', search: '' } });
    expect(screen.getByRole('link', { name: 'Vis alle aftaler' })).toHaveAttribute(
      'href',
      '/orders/contracts',
    );
  });

  it('exports the rows of the filter as Aftaler.xlsx', async () => {
    serveList();
    const exports: unknown[] = [];
    server.use(
      http.post('/api/contracts/export', async ({ request }) => {
        exports.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderApp('/orders/contracts?companyId=c-1');
    await screen.findByRole('row', { name: /1001/ });
    await userEvent.click(screen.getByRole('button', { name: 'Eksport' }));
    await waitFor(() => expect(clicks).toEqual(['Aftaler.xlsx']));
    expect(exports).toEqual([
      { filter: { companyId: 'c-1', search: '' }, sort: { field: 'Number', dir: 'desc' } },
    ]);
    click.mockRestore();
  });
});
