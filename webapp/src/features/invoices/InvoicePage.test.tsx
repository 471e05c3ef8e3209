import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDto, InvoiceRelated } from '../../api/generated/invoices';
import { renderApp } from '../../test/renderApp';
import { orderLine, ordersSession } from '../../test/orders';
import { server } from '../../test/server';

const invoice: InvoiceDto = {
  id: 'f7',
  version: 4,
  kind: 'invoice',
  number: 1042,
  isDraft: false,
  externalNumber: 'E-88',
  source: { type: 'order', orderId: 'o9', key: 'single' },
  creditOf: null,
  creditedBy: 'c1',
  customer: {
    companyId: 'co1',
    contactId: null,
    name: 'Hansen ApS',
    attention: 'Mette Holm',
    address: 'Havnegade 1',
    zipCode: '5000',
    city: 'Odense C',
    cvr: '12345678',
    ean: null,
    email: 'bogholderi@hansen.dk',
  },
  description: null,
  lines: [orderLine({ title: 'Kampbillet', sku: 'KB', price: 15_000, amount: 3, discount: 1_000 })],
  rows: [
    {
      kind: 'line',
      title: 'Kampbillet',
      sku: 'KB',
      amount: 3,
      unitPrice: 15_000,
      discount: 1_000,
      total: 42_000,
      vatExempt: false,
      lines: ['l-1'],
      parts: [],
    },
  ],
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-15',
  bookedAt: '2026-10-01T09:00:00Z',
  sentAt: null,
  paidOn: null,
  receiptSent: false,
  subtotal: 33_600,
  discount: 0,
  additionalFee: 0,
  vat: 8_400,
  total: 42_000,
};

const related: InvoiceRelated = {
  payments: [
    {
      number: 5501,
      provider: 'stripe',
      amount: 42_000,
      status: 'failed',
      reference: 'pi_1',
      period: null,
      createdAt: '2026-10-02T10:00:00Z',
      updatedAt: '2026-10-02T10:01:00Z',
    },
  ],
  economic: true,
  booking: {
    customerNumber: 7,
    draftNumber: 31,
    bookedNumber: null,
    updatedAt: '2026-10-01T09:01:00Z',
  },
  creditRelations: [
    {
      Id: 'c1',
      Number: 1043,
      ExternalNumber: null,
      Type: 'creditNote',
      IsDraft: false,
      IsSent: false,
      IsPaid: false,
      Company: 'Hansen ApS',
      Contact: 'Hansen ApS',
      InvoiceDate: '2026-10-20',
      DueDate: '2026-11-03',
      PaymentDate: null,
      Total: -42_000,
      Collection: 'orders',
      OrderId: 'o9',
      ContractId: null,
    },
  ],
  names: { o9: { kind: 'order', name: '1017' }, co1: { kind: 'company', name: 'Hansen ApS' } },
};

beforeEach(() => {
  server.use(
    ...ordersSession(),
    http.get('/api/invoices/f7/detail', () =>
      HttpResponse.json({ success: true, result: invoice }),
    ),
    http.get('/api/invoices/f7/related', () =>
      HttpResponse.json({ success: true, result: related }),
    ),
    http.get('/api/history/invoice/f7/names', () =>
      HttpResponse.json({ success: true, result: {} }),
    ),
    http.get('/api/history/invoice/f7', () => HttpResponse.json({ success: true, result: [] })),
  );
});

describe("an invoice's own page", () => {
  it('prints the rows, not the lines: a group under its title and sku, a left-out line not at all', async () => {
    const skilt = orderLine({ id: 'l-2', title: 'Skilt', sku: 'S-1', price: 100_000, amount: 1 });
    const logo = orderLine({ id: 'l-3', title: 'Logo', sku: 'L-1', price: 50_000, amount: 1 });
    const free = orderLine({ id: 'l-4', title: 'Fribillet', sku: 'F-1', price: 0, amount: 4 });
    server.use(
      http.get('/api/invoices/f7/detail', () =>
        HttpResponse.json({
          success: true,
          result: {
            ...invoice,
            lines: [skilt, logo, free],
            rows: [
              {
                kind: 'group',
                title: 'Sponsorpakke',
                sku: 'SP-100',
                amount: 1,
                unitPrice: 150_000,
                discount: 0,
                total: 150_000,
                vatExempt: false,
                lines: ['l-2', 'l-3'],
                parts: ['1 × Skilt på banden', '1 × Logo'],
              },
            ],
          },
        }),
      ),
    );
    renderApp('/orders/invoices/f7');
    const lines = await screen.findByRole('table', { name: 'Linjer' });
    const rows = within(lines).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Sponsorpakke');
    expect(rows[1]).toHaveTextContent('SP-100');
    expect(rows[1]).toHaveTextContent('1 × Skilt på banden · 1 × Logo');
    expect(rows[1]).toHaveTextContent('1.500,00');
    expect(lines).not.toHaveTextContent('Fribillet');
    expect(lines).not.toHaveTextContent('S-1');
  });

  it('shows its lines with amounts, the totals, payments, e-conomic, its credit note and its source', async () => {
    renderApp('/orders/invoices/f7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura 1042' })).toBeVisible();
    const lines = screen.getByRole('table', { name: 'Linjer' });
    const line = within(lines).getAllByRole('row')[1];
    expect(line).toHaveTextContent('Kampbillet');
    expect(line).toHaveTextContent('KB');
    // (150,00 − 10,00) × 3 = 420,00
    expect(line).toHaveTextContent('420,00');
    expect(screen.getByRole('row', { name: /Total/ })).toHaveTextContent('DKK 420,00');
    expect(screen.getByRole('row', { name: /Moms/ })).toHaveTextContent('DKK 84,00');
    const payments = screen.getByRole('table', { name: 'Betalinger' });
    expect(payments).toHaveTextContent('5501');
    expect(payments).toHaveTextContent('Kort (Stripe)');
    expect(payments).toHaveTextContent('Fejlet');
    expect(screen.getByText('Kladde nr. 31, ikke bogført endnu')).toBeVisible();
    expect(screen.getByText('E-88')).toBeVisible();
    // Credited: its credit note leads to its own page; the order it bills by its number.
    expect(screen.getByText('Krediteret')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kreditnota 1043' })).toHaveAttribute(
      'href',
      '/orders/invoices/c1',
    );
    expect(screen.getByRole('link', { name: 'Ordre 1017' })).toHaveAttribute('href', '/orders/o9');
    expect(screen.getByRole('link', { name: 'Hansen ApS' })).toHaveAttribute(
      'href',
      '/companies/co1',
    );
    expect(screen.getByRole('button', { name: 'Hent PDF' })).toBeEnabled();
  });
});
