import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FinanceMonth, FinanceOverview } from '../../api/generated/invoices';
import { renderApp } from '../../test/renderApp';
import { ordersSession } from '../../test/orders';
import { server } from '../../test/server';

const zero = { count: 0, amount: 0 };
const months: FinanceMonth[] = Array.from({ length: 12 }, (_, index) => {
  const month = index + 12; // December 2025 … November 2026
  const year = 2025 + Math.floor((month - 1) / 12);
  const first = `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { month: first, invoiced: zero, credited: zero, paid: zero };
});
months[11] = {
  month: '2026-11-01',
  invoiced: { count: 3, amount: 125_000 },
  credited: { count: 1, amount: -12_500 },
  paid: { count: 2, amount: 80_000 },
};

const overview: FinanceOverview = {
  today: '2026-11-29',
  economic: false,
  invoices: {
    months,
    overdue: [
      { fromDays: 1, toDays: 30, tally: { count: 1, amount: 10_000 } },
      { fromDays: 31, toDays: 60, tally: { count: 2, amount: 55_000 } },
      { fromDays: 61, toDays: 90, tally: zero },
      { fromDays: 91, toDays: null, tally: { count: 1, amount: 7_500 } },
    ],
    unbooked: { count: 4, amount: 99_000 },
    drafts: { count: 1, amount: 20_000 },
  },
};

const listed: Record<string, unknown>[] = [];

/** An accessible name as read, whatever its spaces (money has a no-break space before 'kr.'). */
const named = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;

beforeEach(() => {
  listed.length = 0;
  server.use(
    ...ordersSession(),
    http.get('/api/invoices/finance', () => HttpResponse.json({ success: true, result: overview })),
    http.post('/api/dashboard/invoices', () =>
      HttpResponse.json({
        success: true,
        Result: [
          {
            contractId: 'k1',
            contractNumber: 12,
            planKey: '2026-12',
            company: 'Hansen ApS',
            amount: 250_000,
            category: null,
            invoiceDate: '2026-12-01',
          },
        ],
        TotalPages: 1,
        Total: 1,
      }),
    ),
    http.post('/api/subscriptions', async ({ request }) => {
      listed.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({
        success: true,
        Result: [
          {
            id: 's1',
            subscriptionNumber: 7,
            status: 'approved',
            contactName: 'Mette Holm',
            companyId: null,
            startDate: '2026-01-01',
            endDate: null,
            nextPayment: '2026-12-01',
            paymentFailed: false,
            subtotal: 8_000,
            total: 10_000,
          },
        ],
        TotalPages: 1,
        Total: 1,
      });
    }),
  );
});

describe('the finance page', () => {
  it('links every figure to the list behind it', async () => {
    renderApp('/orders/finance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Økonomi' })).toBeVisible();
    // The tiles: overdue in all, not booked (the club does not use e-conomic), drafts, credits.
    const overdue = screen.getByRole('link', { name: /^Forfaldne DKK/ });
    expect(overdue).toHaveAttribute('href', '/orders/invoices?status=overdue');
    expect(overdue).toHaveTextContent('DKK 725,00');
    expect(overdue).toHaveTextContent('4 stk.');
    const unbooked = screen.getByRole('link', { name: /^Ikke bogført i e-conomic/ });
    expect(unbooked).toHaveAttribute('href', '/orders/invoices?status=unbooked');
    expect(unbooked).toHaveTextContent('Klubben bogfører ikke i e-conomic.');
    expect(screen.getByRole('link', { name: /^Kreditnotaer, 12 måneder/ })).toHaveAttribute(
      'href',
      '/orders/invoices?type=creditNote&status=booked&from=2025-12-01&to=2026-11-30',
    );
    // A month's figures: its invoices by invoice date, its payments by the day paid.
    const months = screen.getByRole('table', { name: 'Faktureret og betalt pr. måned' });
    const november = within(months).getByRole('row', { name: /november 2026/ });
    expect(
      within(november).getByRole('link', {
        name: named('Faktureret november 2026: 1.250,00 kr. 3 stk.'),
      }),
    ).toHaveAttribute(
      'href',
      '/orders/invoices?type=invoice&status=booked&from=2026-11-01&to=2026-11-30',
    );
    expect(
      within(november).getByRole('link', {
        name: named('Betalt november 2026: 800,00 kr. 2 stk.'),
      }),
    ).toHaveAttribute(
      'href',
      '/orders/invoices?type=invoice&paidFrom=2026-11-01&paidTo=2026-11-30',
    );
    expect(november).toHaveTextContent('-125,00 kr.');
    // The age buckets: a range, and the last one open-ended.
    const ages = screen.getByRole('table', { name: 'Forfaldne efter alder' });
    expect(
      within(ages).getByRole('link', {
        name: named('Forfaldne efter alder 31–60 dage: 550,00 kr. 2 stk.'),
      }),
    ).toHaveAttribute('href', '/orders/invoices?overdueFrom=31&overdueTo=60');
    expect(
      within(ages).getByRole('link', {
        name: named('Forfaldne efter alder 91 dage og derover: 75,00 kr. 1 stk.'),
      }),
    ).toHaveAttribute('href', '/orders/invoices?overdueFrom=91');
    // The next invoices and charges lead to their contract and subscription.
    expect(await screen.findByRole('link', { name: 'Hansen ApS' })).toHaveAttribute(
      'href',
      '/orders/contracts/k1',
    );
    expect(await screen.findByRole('link', { name: '7 · Mette Holm' })).toHaveAttribute(
      'href',
      '/orders/subscriptions/s1',
    );
    expect(listed[0]).toMatchObject({
      filter: { status: 'approved' },
      sort: { field: 'NextPayment', dir: 'asc' },
      perPage: 5,
    });
  });
});
