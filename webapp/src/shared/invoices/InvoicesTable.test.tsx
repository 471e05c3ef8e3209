import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

/** Booked, sent and paid: its receipt may be sent. */
const paid = {
  ...draft,
  Id: 'f3',
  Number: 1001,
  IsDraft: false,
  IsSent: true,
  IsPaid: true,
  PaymentDate: '2026-12-10',
};

/** Booked, not yet paid. */
const unpaid = { ...paid, Id: 'f4', Number: 1002, IsSent: false, IsPaid: false, PaymentDate: null };

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  server.use(
    ...sessionHandlers({}),
    http.get('/api/invoices/k1', () =>
      HttpResponse.json({ success: true, result: [draft, paid, unpaid] }),
    ),
    http.post('/api/invoices/:id/send', async ({ params, request }) => {
      calls.push(`send ${String(params.id)} ${JSON.stringify(await request.json())}`);
      return params.id === 'f4'
        ? HttpResponse.json(
            { success: false, error: 'Kunden har ingen e-mailadresse' },
            { status: 422 },
          )
        : HttpResponse.json({ success: true, result: null });
    }),
    http.post('/api/invoices/:id/send-receipt', ({ params }) => {
      calls.push(`send-receipt ${String(params.id)}`);
      return HttpResponse.json({ success: true, result: null });
    }),
    http.get('/api/invoices/:id/pdf', ({ params }) => {
      calls.push(`pdf ${String(params.id)}`);
      return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
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

async function choose(rowName: RegExp, actions: string, item: string) {
  const row = await screen.findByRole('row', { name: rowName });
  await userEvent.click(within(row).getByRole('button', { name: actions }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

async function menuOf(rowName: RegExp, actions: string): Promise<string[]> {
  const row = await screen.findByRole('row', { name: rowName });
  await userEvent.click(within(row).getByRole('button', { name: actions }));
  const items = await screen.findAllByRole('menuitem', { hidden: true });
  const labels = items.map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

/** PDFs open as blob URLs in a new tab; `blocked` makes the browser refuse the tab. */
function watchPdfTabs(blocked = false) {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  const open = vi.spyOn(window, 'open').mockImplementation(() => (blocked ? null : ({} as Window)));
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  return { open, downloads };
}

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

  it('e-mails a booked invoice and, once paid, its receipt', async () => {
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    expect(await menuOf(/Faktura 1001/, 'Handlinger for Faktura 1001')).toEqual([
      'Send faktura',
      'Hent PDF',
      'Send kvittering',
      'Bogføringsnummer',
      'Krediter',
      'Historik',
    ]);
    // No receipt before the invoice is paid; a draft is approved before it is sent.
    expect(await menuOf(/Faktura 1002/, 'Handlinger for Faktura 1002')).not.toContain(
      'Send kvittering',
    );
    const draftMenu = await menuOf(/Kladde/, 'Handlinger for Kladde');
    expect(draftMenu).toContain('Hent PDF');
    expect(draftMenu).not.toContain('Send faktura');

    await choose(/Faktura 1001/, 'Handlinger for Faktura 1001', 'Send faktura');
    expect(await screen.findByText('E-mail med faktura sendt')).toBeInTheDocument();
    await choose(/Faktura 1001/, 'Handlinger for Faktura 1001', 'Send kvittering');
    expect(await screen.findByText('E-mail med kvittering sendt')).toBeInTheDocument();
    expect(calls).toEqual(['send f3 {}', 'send-receipt f3']);
  });

  it("shows the server's words when an invoice cannot be sent", async () => {
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    await choose(/Faktura 1002/, 'Handlinger for Faktura 1002', 'Send faktura');
    expect(await screen.findByText('Kunden har ingen e-mailadresse')).toBeInTheDocument();
    expect(screen.queryByText('E-mail med faktura sendt')).not.toBeInTheDocument();
  });

  it("opens an invoice's PDF in a new tab, or saves it when the tab is blocked", async () => {
    const tabs = watchPdfTabs();
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    await choose(/Faktura 1001/, 'Handlinger for Faktura 1001', 'Hent PDF');
    await waitFor(() => expect(tabs.open).toHaveBeenCalledWith('blob:pdf', '_blank'));
    expect(tabs.downloads).toEqual([]);

    tabs.open.mockImplementation(() => null);
    await choose(/Kladde/, 'Handlinger for Kladde', 'Hent PDF');
    await waitFor(() => expect(tabs.downloads).toEqual(['Kladde.pdf']));
    expect(calls).toEqual(['pdf f3', 'pdf f1']);
  });

  it("says why a PDF can't be had", async () => {
    watchPdfTabs();
    server.use(
      http.get('/api/invoices/f3/pdf', () =>
        HttpResponse.json({ success: false, error: 'Fakturaen findes ikke' }, { status: 404 }),
      ),
    );
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    await choose(/Faktura 1001/, 'Handlinger for Faktura 1001', 'Hent PDF');
    expect(await screen.findByText('Fakturaen findes ikke')).toBeInTheDocument();
  });

  it('offers a user who may only read the PDFs, nothing else', async () => {
    const tabs = watchPdfTabs(true);
    renderShared(
      <InvoicesTable sourceId="k1" collection="contracts" canCreate={false} canManage={false} />,
    );
    await screen.findByRole('row', { name: /Kladde/ });
    expect(screen.queryByRole('button', { name: 'Opret faktura' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Handlinger/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Hent PDF for / })).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Hent PDF for Faktura 1001' }));
    await waitFor(() => expect(tabs.downloads).toEqual(['Faktura-1001.pdf']));
    expect(tabs.open).toHaveBeenCalledWith('blob:pdf', '_blank');
    expect(calls).toEqual(['pdf f3']);
  });
});

describe("an invoice's history", () => {
  it('shows who made, booked and sent it, each event with what it changed', async () => {
    server.use(
      http.get('/api/history/invoice/f3/names', () =>
        HttpResponse.json({ success: true, result: {} }),
      ),
      http.get('/api/history/invoice/f3', () =>
        HttpResponse.json({
          success: true,
          result: [
            {
              sequence: 1,
              eventType: 'Created',
              eventVersion: '1',
              recordedAt: '2026-11-24T10:00:00Z',
              userId: null,
              userName: 'Sofie Sælger',
              impersonatorName: null,
              reason: null,
              ip: null,
              command: 'invoice.create',
              changes: [{ field: 'source.type', old: null, new: 'contract' }],
              hash: 'ab',
            },
            {
              sequence: 2,
              eventType: 'Booked',
              eventVersion: '1',
              recordedAt: '2026-11-24T11:00:00Z',
              userId: null,
              userName: 'Bo Bogholder',
              impersonatorName: null,
              reason: null,
              ip: null,
              command: 'invoice.book',
              changes: [{ field: 'number', old: null, new: 1001 }],
              hash: 'cd',
            },
          ],
        }),
      ),
    );
    renderShared(<InvoicesTable sourceId="k1" collection="contracts" canCreate canManage />);
    await choose(/Faktura 1001/, 'Handlinger for Faktura 1001', 'Historik');
    const dialog = await screen.findByRole('dialog', { name: 'Historik for Faktura 1001' });
    expect(await within(dialog).findByText('Godkendt')).toBeInTheDocument();
    expect(within(dialog).getByText('Oprettet')).toBeInTheDocument();
    expect(within(dialog).getByText('Bo Bogholder')).toBeInTheDocument();
    // Where it came from reads in Danish, not as the API's 'contract'.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toContain('Type: – → Aftale');
  });

  it('is there for read-only users too', async () => {
    renderShared(
      <InvoicesTable sourceId="k1" collection="contracts" canCreate={false} canManage={false} />,
    );
    expect(
      await screen.findByRole('button', { name: 'Historik for Faktura 1001' }),
    ).toBeInTheDocument();
  });
});
