import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  chooseOption,
  contractLine,
  contractsSession,
  newContractTemplate,
  openSelect,
  savedContract,
} from '../../test/contracts';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import type { Contract } from './types';

const CONFLICT = 'Aftalen er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.';

interface Serve {
  /** What GET /api/contracts/a-1 answers, read on every call. */
  contract?: () => Contract;
  /** What POST /api/contracts/{path} answers; default success with 'a-1'. */
  answers?: Record<string, () => Response>;
}

/** The contract calls; returns the bodies POSTed per path and how often the contract was read. */
function serveContract({ contract = () => savedContract(), answers = {} }: Serve = {}) {
  const posted: Record<string, unknown[]> = {};
  const reads = { count: 0 };
  const record = (path: string) =>
    http.post(`/api/contracts/${path}`, async ({ request }) => {
      const text = await request.text();
      (posted[path] ??= []).push(text ? JSON.parse(text) : null);
      const answer = answers[path];
      return answer ? answer() : HttpResponse.json({ success: true, result: 'a-1' });
    });
  server.use(
    ...contractsSession(),
    http.get('/api/contracts/new', () =>
      HttpResponse.json({ success: true, result: newContractTemplate() }),
    ),
    http.get('/api/contracts/a-1', () => {
      reads.count += 1;
      return HttpResponse.json({ success: true, result: contract() });
    }),
    ...[
      'update',
      'approve',
      'edit',
      'cancel',
      'renew',
      'agreement-status',
      'a-1/reactivate',
      'a-1/send',
      'a-1/send-signing',
    ].map(record),
    http.delete('/api/contracts/a-1', () => HttpResponse.json({ success: true })),
    emptyList('/api/contracts'),
  );
  return { posted, reads };
}

async function openPage(path = '/orders/contracts/a-1', name: string | RegExp = /Aftale #1001/) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name });
  return view;
}

/** Opens 'Handlinger' and returns the names of its items. */
async function openActions(): Promise<string[]> {
  await userEvent.click(await screen.findByRole('button', { name: 'Handlinger' }));
  await screen.findAllByRole('menuitem', { hidden: true });
  return screen
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent?.trim() ?? '');
}

async function chooseAction(name: string) {
  await openActions();
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

function totalsRow(name: string | RegExp) {
  return within(screen.getByRole('table', { name: 'Beløb' })).getByRole('row', { name });
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
}

describe('the contract page', () => {
  it('is the contract editor at /orders/contracts/{id}, not an order', async () => {
    serveContract();
    await openPage();
    expect(screen.getByRole('tab', { name: 'Aftale' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Brødkrummer' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['', 'Ordrer', 'Aftaler', 'Aftale']);
  });

  it('shows a draft editable: fields, lines, total and the saved tabs', async () => {
    serveContract();
    await openPage();
    for (const label of [
      'Sæson',
      'Kategori',
      'Startdato',
      'Slutdato',
      'Genforhandlingsdato',
      'Ansvarlig',
      'Beskrivelse',
      'Faktureringsmetode',
    ]) {
      expect(screen.getByLabelText(label), label).toBeEnabled();
    }
    expect(screen.getByLabelText('Ingen slutdato')).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Fjern virksomheden Bageriet Grøn ApS' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tilføj produkt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vælg produkter' })).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Produkter' });
    const banner = within(lines).getByRole('row', { name: /Bandereklame/ });
    expect(banner).toHaveTextContent('2 meter');
    expect(banner).toHaveTextContent('DKK 20.000,00');
    expect(within(banner).getByRole('button', { name: 'Rediger Bandereklame' })).toBeEnabled();
    expect(screen.getByLabelText('Total')).toHaveValue('20.000,00');
    expect(screen.getByRole('button', { name: 'Gem' })).toBeInTheDocument();
    for (const tab of ['Aftale', 'Fakturaer', 'Filer', 'Detaljer', 'Noter', 'Historik']) {
      expect(screen.getByRole('tab', { name: tab }), tab).toBeInTheDocument();
    }
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText('Kladde')).toBeInTheDocument();
    expect(within(status).getByText('Ikke afsendt', { selector: '.p-tag-value' })).toBeVisible();
  });

  it('shows an approved contract read-only but for the start date, owner, plan and notes', async () => {
    serveContract({ contract: () => savedContract({ status: 'approved' }) });
    await openPage();
    for (const label of ['Sæson', 'Kategori', 'Slutdato', 'Genforhandlingsdato', 'Beskrivelse']) {
      expect(screen.getByLabelText(label), label).toBeDisabled();
    }
    expect(screen.getByLabelText('Ingen slutdato')).toBeDisabled();
    for (const label of ['Startdato', 'Ansvarlig', 'Faktureringsmetode']) {
      expect(screen.getByLabelText(label), label).toBeEnabled();
    }
    expect(
      screen.queryByRole('button', { name: 'Fjern virksomheden Bageriet Grøn ApS' }),
    ).not.toBeInTheDocument();
    // The company can be changed for another one, not cleared.
    expect(screen.getByLabelText('Virksomhed')).toHaveValue('Bageriet Grøn ApS');
    expect(screen.queryByRole('button', { name: 'Tilføj produkt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rediger Bandereklame' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Total')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Aftalerabat')).not.toBeInTheDocument();
    expect(totalsRow(/Total/)).toHaveTextContent('DKK 20.000,00');

    // The lines show, disabled, in 'Aftalelinjer'.
    await userEvent.click(screen.getByRole('button', { name: 'Vis produkter' }));
    const modal = await screen.findByRole('dialog', { name: 'Aftalelinjer' });
    expect(within(modal).getByLabelText('Bandereklame')).toBeDisabled();
    expect(within(modal).getByLabelText('Bandereklame')).toHaveValue('2');
    expect(within(modal).queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Luk' }));

    await openTab('Detaljer');
    for (const label of ['Intern note', 'Aftalebeskrivelse', 'Supplerende beskrivelse']) {
      expect(screen.getByLabelText(label), label).toBeEnabled();
    }
  });

  it.each([
    ['draft', {}, ['Godkend', 'Send', 'Send til underskrift', 'Vis PDF', 'Slet kladde']],
    ['renewal', {}, ['Godkend', 'Send', 'Send til underskrift', 'Vis PDF']],
    ['approved', {}, ['Rediger', 'Annuller', 'Forny', 'Send', 'Send til underskrift', 'Vis PDF']],
    [
      'approved',
      { agreementStatus: 'signed', renewedBy: { id: 'a-2', contractNumber: 1002 } },
      ['Rediger', 'Annuller', 'Send', 'Vis PDF'],
    ],
    ['cancelled', {}, ['Genaktiver', 'Vis PDF', 'Slet']],
  ] as const)('offers the actions of a %s contract %j', async (status, extra, actions) => {
    serveContract({ contract: () => savedContract({ status, ...extra }) });
    await openPage();
    expect(await openActions()).toEqual(actions);
  });

  it('hides Gem and strikes the title through when cancelled', async () => {
    serveContract({ contract: () => savedContract({ status: 'cancelled' }) });
    await openPage();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByText('Aftale #1001', { selector: 's' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Startdato')).toBeDisabled();
    expect(screen.getByLabelText('Forhandlingsstatus')).toBeDisabled();
  });

  it('creates a contract from the template with its preselected line and goes to it', async () => {
    const { posted } = serveContract();
    const { router } = await openPage('/orders/contracts/create', 'Opret aftale');
    expect(screen.queryByRole('tab', { name: 'Historik' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Handlinger' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Produkter' })).getByRole('row', {
        name: /Logo på trøjen/,
      }),
    ).toBeInTheDocument();

    // The preselected product shows ticked; the modal's inputs make and remove lines.
    await userEvent.click(screen.getByRole('button', { name: 'Vælg produkter' }));
    const modal = await screen.findByRole('dialog', { name: 'Aftalelinjer' });
    expect(
      within(modal)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Reklame', 'Hospitality', 'Slettede (0)']);
    expect(within(modal).getByLabelText('Logo på trøjen')).toBeChecked();
    await userEvent.type(within(modal).getByLabelText('Bandereklame'), '3');
    await userEvent.type(within(modal).getByLabelText('Speakeromtale'), '1.234,50');
    await userEvent.click(within(modal).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const lines = screen.getByRole('table', { name: 'Produkter' });
    expect(within(lines).getByRole('row', { name: /Bandereklame/ })).toHaveTextContent('3 meter');
    expect(within(lines).getByRole('row', { name: /Speakeromtale/ })).toHaveTextContent(
      'DKK 1.234,50',
    );
    // 5.000 + 30.000 + 1.234,50 with VAT included.
    expect(screen.getByLabelText('Total')).toHaveValue('36.234,50');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kategori skal vælges')).toBeInTheDocument();
    expect(screen.getByText('Virksomhed skal vælges')).toBeInTheDocument();
    expect(screen.getByText('Kontaktperson skal vælges')).toBeInTheDocument();
    expect(posted.update).toBeUndefined();

    await chooseOption('Kategori', 'Sponsorat');
    server.use(
      http.get('/api/companies', () =>
        HttpResponse.json({
          success: true,
          result: [{ id: 'c-1', name: 'Bageriet Grøn ApS', city: 'Odense' }],
        }),
      ),
      http.get('/api/contacts', () =>
        HttpResponse.json({
          success: true,
          result: [
            {
              id: 'k-1',
              firstname: 'Anna',
              lastname: 'Berg',
              email: 'anna@bageriet.test',
              phone: null,
              mobile: null,
            },
          ],
        }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Virksomhed'), 'bag');
    await userEvent.click(
      await screen.findByRole('option', { name: /Bageriet Grøn ApS/, hidden: true }),
    );
    await userEvent.type(screen.getByLabelText('Kontaktperson'), 'anna');
    await userEvent.click(await screen.findByRole('option', { name: /Anna Berg/, hidden: true }));

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Aftalen blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/contracts/a-1'));
    expect(posted.update).toHaveLength(1);
    expect(posted.update?.[0]).toMatchObject({
      id: null,
      version: 0,
      categoryId: 'k1',
      companyId: 'c-1',
      contactId: 'k-1',
      total: 3_623_450,
      contractLines: [
        { productId: 'p-logo', amount: 1, price: 500_000, unit: 'stk' },
        {
          productId: 'p-banner',
          title: 'Bandereklame',
          amount: 3,
          price: 1_000_000,
          unit: 'meter',
        },
        { productId: 'p-speak', amount: 1, price: 123_450, unit: 'stk' },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aftale #1001' }),
    ).toBeInTheDocument();
  });

  it("saves a contract with 'Aftalen blev gemt!' and reads it again", async () => {
    const { posted, reads } = serveContract();
    await openPage();
    await userEvent.clear(screen.getByLabelText('Beskrivelse'));
    await userEvent.type(screen.getByLabelText('Beskrivelse'), 'Guld');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Aftalen blev gemt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({ id: 'a-1', version: 4, description: 'Guld' });
    await waitFor(() => expect(reads.count).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's field messages on their fields", async () => {
    serveContract({
      contract: () =>
        savedContract({
          invoicing: {
            ...savedContract().invoicing,
            type: 'customPeriod',
            customPeriods: [
              { date: '2026-01-01', amount: 100 },
              { date: '2026-07-01', amount: 100 },
            ],
          },
        }),
      answers: {
        update: () =>
          HttpResponse.json(
            {
              success: false,
              error: 'Virksomheden findes ikke',
              errors: {
                companyId: ['Virksomheden findes ikke'],
                endDate: ['Slutdato kan ikke ligge før startdato'],
                'contractLines.0.title': ['Titel skal udfyldes'],
                'invoicing.customPeriods.1.date': ['Datoen ligger uden for aftalen'],
              },
            },
            { status: 422 },
          ),
      },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findAllByText('Virksomheden findes ikke')).toHaveLength(2);
    expect(screen.getByLabelText('Slutdato')).toHaveAccessibleDescription(
      'Slutdato kan ikke ligge før startdato',
    );
    expect(screen.getByRole('list', { name: 'Fejl i produkterne' })).toHaveTextContent(
      'Bandereklame: Titel skal udfyldes',
    );
    expect(screen.getByText('Datoen ligger uden for aftalen')).toBeInTheDocument();
  });

  it("shows 'Der opstod en ukendt fejl!' when a save fails without a text", async () => {
    serveContract({
      answers: { update: () => HttpResponse.json({ success: false }, { status: 500 }) },
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Der opstod en ukendt fejl!')).toBeInTheDocument();
  });

  it("shows a 409's text and the server's contract again", async () => {
    let description = 'Sponsorat 2026';
    const { posted, reads } = serveContract({
      contract: () => savedContract({ description }),
      answers: {
        update: () => {
          description = 'Ændret af Bente';
          return HttpResponse.json({ success: false, error: CONFLICT }, { status: 409 });
        },
      },
    });
    await openPage();
    await userEvent.clear(screen.getByLabelText('Beskrivelse'));
    await userEvent.type(screen.getByLabelText('Beskrivelse'), 'Mit');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Beskrivelse')).toHaveValue('Ændret af Bente'),
    );
    expect(reads.count).toBeGreaterThanOrEqual(2);
    expect(posted.update?.[0]).toMatchObject({ version: 4, description: 'Mit' });
  });

  it('checks the form before approving, saves unsaved changes, then approves', async () => {
    let version = 4;
    let status: Contract['status'] = 'draft';
    const { posted } = serveContract({
      contract: () =>
        savedContract({
          version,
          status,
          invoicing: { ...savedContract().invoicing, type: 'single' },
        }),
      answers: {
        update: () => {
          version += 1;
          return HttpResponse.json({ success: true, result: 'a-1' });
        },
        approve: () => {
          status = 'approved';
          version += 1;
          return HttpResponse.json({ success: true, result: 'a-1' });
        },
      },
    });
    await openPage();
    await chooseAction('Godkend');
    expect(await screen.findByText('Fakturadato skal udfyldes')).toBeInTheDocument();
    expect(posted.approve).toBeUndefined();

    await userEvent.type(screen.getByLabelText('Fakturadato'), '2026-02-01');
    await chooseAction('Godkend');
    expect(await screen.findByText('Aftalen blev godkendt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({
      version: 4,
      invoicing: { type: 'single', invoiceDate: '2026-02-01' },
    });
    expect(posted.approve).toEqual([{ id: 'a-1', version: 5 }]);
    await waitFor(() => expect(screen.getByLabelText('Kategori')).toBeDisabled());
  });

  it("shows the server's refusal of a transition as an error", async () => {
    serveContract({
      contract: () => savedContract({ status: 'approved' }),
      answers: {
        edit: () =>
          HttpResponse.json(
            { success: false, error: 'Kun en godkendt aftale kan redigeres' },
            { status: 422 },
          ),
      },
    });
    await openPage();
    await chooseAction('Rediger');
    expect(await screen.findByText('Kun en godkendt aftale kan redigeres')).toBeInTheDocument();
  });

  it.each([
    ['approved', 'Rediger', 'edit', 'Aftalen kan nu redigeres.'],
    ['cancelled', 'Genaktiver', 'a-1/reactivate', 'Aftalen blev genaktiveret!'],
  ] as const)('a %s contract: %s', async (status, action, path, message) => {
    const { posted } = serveContract({ contract: () => savedContract({ status }) });
    await openPage();
    await chooseAction(action);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted[path]).toEqual([{ id: 'a-1', version: 4 }]);
  });

  it('sends the contract, and sends it for signing', async () => {
    const { posted } = serveContract();
    await openPage();
    await chooseAction('Send');
    expect(await screen.findByText('Aftalen blev sendt.')).toBeInTheDocument();
    await chooseAction('Send til underskrift');
    expect(await screen.findByText('Aftalen blev sendt til underskrift.')).toBeInTheDocument();
    expect(posted['a-1/send']).toHaveLength(1);
    expect(posted['a-1/send-signing']).toHaveLength(1);
  });

  it('cancels an approved contract after a confirmation', async () => {
    const { posted } = serveContract({ contract: () => savedContract({ status: 'approved' }) });
    await openPage();
    await chooseAction('Annuller');
    expect(
      await screen.findByText('Er du sikker på at du vil annullere denne aftale?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Aftalen blev annulleret!')).toBeInTheDocument();
    expect(posted.cancel).toEqual([{ id: 'a-1', version: 4 }]);
  });

  it('renews an approved contract and goes to the new one', async () => {
    const { posted } = serveContract({
      contract: () => savedContract({ status: 'approved' }),
      answers: { renew: () => HttpResponse.json({ success: true, result: 'a-2' }) },
    });
    server.use(
      http.get('/api/contracts/a-2', () =>
        HttpResponse.json({
          success: true,
          result: savedContract({
            id: 'a-2',
            contractNumber: 1002,
            status: 'renewal',
            renewalOf: { id: 'a-1', contractNumber: 1001 },
          }),
        }),
      ),
    );
    const { router } = await openPage();
    await chooseAction('Forny');
    expect(await screen.findByText('Ny aftale blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/contracts/a-2'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aftale #1002' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fornyet fra Aftale #1001' })).toHaveAttribute(
      'href',
      '/orders/contracts/a-1',
    );
    expect(screen.getByText('Gentegning')).toBeInTheDocument();
    expect(posted.renew).toEqual([{ id: 'a-1', version: 4 }]);
  });

  it('deletes a saved draft after the confirmation and goes to the list', async () => {
    serveContract();
    const { router } = await openPage();
    await chooseAction('Slet kladde');
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne aftale?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Aftalen blev slettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/contracts'));
  });

  it('sets the agreement status at once with the version read', async () => {
    const { posted } = serveContract();
    await openPage();
    await chooseOption('Forhandlingsstatus', 'Møde planlagt');
    await waitFor(() =>
      expect(posted['agreement-status']).toEqual([
        { id: 'a-1', version: 4, agreementStatus: 'scheduled' },
      ]),
    );
  });

  it("opens the PDF, or says 'Der opstod en fejl ved indlæsning af aftalen'", async () => {
    serveContract();
    let fails = false;
    server.use(
      http.get('/api/contracts/a-1/pdf', () =>
        fails
          ? HttpResponse.json({ success: false }, { status: 500 })
          : new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
              headers: { 'Content-Type': 'application/pdf' },
            }),
      ),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    await openPage();
    await chooseAction('Vis PDF');
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:pdf', '_blank'));
    // The browser blocked the tab: the PDF is saved instead.
    await waitFor(() => expect(downloads).toEqual(['Aftale-1001.pdf']));
    fails = true;
    await chooseAction('Vis PDF');
    expect(
      await screen.findByText('Der opstod en fejl ved indlæsning af aftalen'),
    ).toBeInTheDocument();
    open.mockRestore();
    click.mockRestore();
  });

  it('shows the signature of a signed contract with a link to the signed copy', async () => {
    serveContract({
      contract: () =>
        savedContract({
          status: 'approved',
          agreementStatus: 'signed',
          signing: {
            signerName: 'Anna Berg',
            signerEmail: 'anna@bageriet.test',
            signedAt: '2026-02-03T09:15:00Z',
            ip: '192.0.2.7',
            userAgent: 'Firefox',
            documentSha256: 'ab'.repeat(32),
          },
          signedFileId: 'f-9',
        }),
    });
    await openPage();
    const card = screen.getByRole('region', { name: 'Underskrevet' });
    expect(card).toHaveTextContent('Anna Berg (anna@bageriet.test)');
    expect(card).toHaveTextContent('03-02-2026 10:15');
    expect(card).toHaveTextContent('192.0.2.7');
    expect(card).toHaveTextContent('ab'.repeat(32));
    expect(within(card).getByRole('link', { name: 'Underskrevet aftale' })).toHaveAttribute(
      'href',
      '/api/files/download/f-9',
    );
  });

  it("lists lines of products no longer offered in 'Slettede (n)', removable", async () => {
    serveContract({
      contract: () =>
        savedContract({
          contractLines: [
            contractLine(),
            contractLine({ id: 'cl-old', productId: 'p-old', title: 'Gammel skilt', amount: 1 }),
            contractLine({ id: 'cl-cat', productId: 'p-cat', title: 'Kategori', type: 'category' }),
          ],
        }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Vælg produkter' }));
    const modal = await screen.findByRole('dialog', { name: 'Aftalelinjer' });
    await userEvent.click(within(modal).getByRole('tab', { name: 'Slettede (1)' }));
    const deleted = within(modal).getByRole('table', { name: 'Slettede (1)' });
    expect(within(deleted).getByRole('row', { name: /Gammel skilt/ })).toBeInTheDocument();
    expect(within(deleted).queryByRole('row', { name: /Kategori/ })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Fjern Gammel skilt' }));
    expect(within(modal).getByRole('tab', { name: 'Slettede (0)' })).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const lines = screen.getByRole('table', { name: 'Produkter' });
    expect(within(lines).queryByRole('row', { name: /Gammel skilt/ })).not.toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: /Kategori/ })).toBeInTheDocument();
  });

  it('edits a line in the line dialog, keeping its unit', async () => {
    serveContract();
    server.use(
      http.get('/api/products/p-banner', () =>
        HttpResponse.json({
          success: true,
          result: {
            id: 'p-banner',
            title: 'Bandereklame',
            sku: 'B-1',
            type: 'product',
            price: 1_000_000,
            prePayment: false,
            vatExempt: false,
            variants: [],
            options: [],
          },
        }),
      ),
    );
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Rediger Bandereklame' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger produkt' });
    await userEvent.clear(within(dialog).getByLabelText('Antal'));
    await userEvent.type(within(dialog).getByLabelText('Antal'), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(screen.getByRole('table', { name: 'Produkter' })).getByRole('row', {
      name: /Bandereklame/,
    });
    expect(row).toHaveTextContent('4 meter');
    expect(row).toHaveTextContent('DKK 40.000,00');
  });

  it('shows the unread notes on the Noter tab', async () => {
    serveContract();
    server.use(
      http.get('/api/comments/a-1', () =>
        HttpResponse.json({ success: true, comments: [], totalComments: 0, unread: 2 }),
      ),
    );
    await openPage();
    expect(await screen.findByRole('tab', { name: 'Noter 2' })).toBeInTheDocument();
  });

  it('goes back to the list when the contract cannot be loaded', async () => {
    server.use(
      ...contractsSession(),
      http.get('/api/contracts/a-9', () =>
        HttpResponse.json({ success: false, error: 'Aftalen findes ikke' }, { status: 404 }),
      ),
      emptyList('/api/contracts'),
    );
    const { router } = renderApp('/orders/contracts/a-9');
    expect(await screen.findByText('Aftalen findes ikke')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/contracts'));
    await screen.findByRole('table', { name: 'Aftaler' });
  });
});

describe('the invoicing card', () => {
  it('suggests the recurring amount: total × interval / 12', async () => {
    serveContract();
    await openPage();
    expect((await openSelect('Faktureringsmetode')).map((option) => option.textContent)).toEqual([
      'Ingen',
      'Enkelt faktura',
      'Rater',
      'Løbende',
      'Perioder',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Løbende', hidden: true }));
    await userEvent.type(screen.getByLabelText('Interval (måneder)'), '3');
    // 20.000,00 with VAT × 3 / 12.
    expect(screen.getByText('Foreslået beløb: DKK 5.000,00')).toBeInTheDocument();
    expect(screen.getByLabelText('Beløb pr. faktura')).toHaveAttribute('placeholder', '5.000,00');
    expect(screen.queryByLabelText('Fakturadato')).not.toBeInTheDocument();
  });

  it('suggests from the subtotal when the prices are without VAT', async () => {
    serveContract({
      contract: () =>
        savedContract({ pricesWithVat: false, subtotal: 2_000_000, total: 2_500_000 }),
    });
    await openPage();
    await chooseOption('Faktureringsmetode', 'Løbende');
    await userEvent.type(screen.getByLabelText('Interval (måneder)'), '1');
    expect(screen.getByText('Foreslået beløb: DKK 1.666,67')).toBeInTheDocument();
  });

  it('proposes periods from the start date to the end date, the total split evenly', async () => {
    const { posted } = serveContract({
      contract: () =>
        savedContract({
          contractLines: [contractLine({ amount: 1, price: 1_000_000, total: 1_000_000 })],
          subtotal: 800_000,
          vat: 200_000,
          total: 1_000_000,
          regularTotal: 1_000_000,
        }),
    });
    await openPage();
    await chooseOption('Faktureringsmetode', 'Perioder');
    await userEvent.type(screen.getByLabelText('Interval (måneder)'), '5');
    await userEvent.type(screen.getByLabelText('Startdato (fakturering)'), '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Foreslå perioder' }));
    expect(screen.getByLabelText('Dato for periode 1')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Dato for periode 2')).toHaveValue('2026-06-01');
    expect(screen.getByLabelText('Dato for periode 3')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Beløb for periode 1')).toHaveValue('3.333,33');
    expect(screen.getByLabelText('Beløb for periode 3')).toHaveValue('3.333,34');
    await userEvent.click(screen.getByRole('button', { name: 'Fjern periode 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj periode' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Dato skal udfyldes')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Dato for periode 3'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Beløb for periode 3'), '1,00');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Aftalen blev gemt!')).toBeInTheDocument();
    expect(posted.update?.[0]).toMatchObject({
      invoicing: {
        type: 'customPeriod',
        intervals: 5,
        startDate: '2026-01-01',
        customPeriods: [
          { date: '2026-01-01', amount: 333_333 },
          { date: '2026-11-01', amount: 333_334 },
          { date: '2026-12-01', amount: 100 },
        ],
      },
    });
  });

  it("offers 'Perioder' only with an end date, and asks the prepayment date for prepaid lines", async () => {
    serveContract({
      contract: () =>
        savedContract({
          endDate: null,
          noEndDate: true,
          contractLines: [contractLine({ prePayment: true })],
        }),
    });
    await openPage();
    expect(screen.queryByLabelText('Slutdato')).not.toBeInTheDocument();
    expect((await openSelect('Faktureringsmetode')).map((option) => option.textContent)).toEqual([
      'Ingen',
      'Enkelt faktura',
      'Rater',
      'Løbende',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Enkelt faktura', hidden: true }));
    expect(screen.getByLabelText('Forudbetalingsdato')).toBeInTheDocument();
    expect(screen.getByLabelText('Delte betalinger')).toBeInTheDocument();
    expect(screen.getByText(/Én faktura pr. fakturagruppe/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Forudbetalingsdato skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Fakturadato skal udfyldes')).toBeInTheDocument();
  });
});
