import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { server, sessionHandlers } from '../../test/server';
import { InvoicesTable } from './InvoicesTable';

const draft = {
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
};

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  server.use(
    ...sessionHandlers({}),
    http.get('/api/invoices/k1', () => HttpResponse.json({ success: true, result: [draft] })),
    http.post('/api/contracts/invoice', () => {
      calls.push('create');
      return HttpResponse.json({ success: true, result: 'f2' });
    }),
    http.post('/api/invoices/f1/book', () => {
      calls.push('book');
      return HttpResponse.json({ success: true, result: { ...draft, number: 1001 } });
    }),
  );
});

describe('the Fakturaer tab', () => {
  it("makes the next invoice, and books a draft from its row's menu", async () => {
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    const row = await screen.findByRole('row', { name: /Kladde/ });
    expect(row).toHaveTextContent('Ikke sendt, Ikke betalt');
    await userEvent.click(screen.getByRole('button', { name: 'Opret faktura' }));
    expect(await screen.findByText('Faktura blev oprettet!')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Handlinger for Kladde' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Godkend', hidden: true }));
    expect(await screen.findByText('Fakturaen blev godkendt')).toBeInTheDocument();
    expect(calls).toEqual(['create', 'book']);
  });

  it('offers nothing to a user who may only read', async () => {
    renderShared(
      <InvoicesTable sourceId="k1" collection="contracts" canCreate={false} canManage={false} />,
    );
    await screen.findByRole('row', { name: /Kladde/ });
    expect(screen.queryByRole('button', { name: 'Opret faktura' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Handlinger/ })).not.toBeInTheDocument();
  });
});
