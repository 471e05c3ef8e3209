import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AclRule } from '../../api/appApi';
import { staffUser } from '../../test/fixtures';
import { staffWithOrders } from '../../test/orders';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { staffSession } from '../../test/staffSession';
import type { PipelineCard, PipelineColumn } from './types';

const manageOrders: AclRule = {
  subject: ['orders'],
  action: ['manage'],
  inverted: false,
  fields: ['*'],
};
const readOrders: AclRule = { ...manageOrders, action: ['read'] };

function card(extra: Partial<PipelineCard>): PipelineCard {
  return {
    id: 'k-1',
    contractNumber: 1001,
    status: 'draft',
    agreementStatus: 'unsent',
    company: 'Bageriet Grøn ApS',
    category: 'Guldsponsorat',
    ownerId: 'u2',
    renewDate: null,
    amount: 1_250_000,
    total: 1_250_000,
    subtotal: 1_000_000,
    invoices: 3,
    invoicesPaid: 2,
    ...extra,
  };
}

function column(contracts: PipelineCard[], total: number, totalSubtotal: number): PipelineColumn {
  return { contracts, count: contracts.length, total, totalSubtotal };
}

const empty = column([], 0, 0);

const salesBoard = {
  draft: column([card({})], 1_250_000, 1_000_000),
  scheduled: column(
    [
      card({
        id: 'k-2',
        contractNumber: 1002,
        agreementStatus: 'scheduled',
        company: null,
        category: null,
        amount: 500_000,
        invoices: 0,
        invoicesPaid: 0,
      }),
    ],
    500_000,
    400_000,
  ),
  negotiation: empty,
  sent: empty,
  approved: empty,
};

const renegotiationBoard = {
  sixMonths: column(
    [card({ id: 'k-9', contractNumber: 900, status: 'approved', company: 'Cykelsmeden' })],
    250_000,
    200_000,
  ),
  threeMonths: empty,
  oneMonth: empty,
  overdue: empty,
  overdueMore: empty,
};

interface Serve {
  acl?: AclRule[];
  pricesWithVat?: boolean;
  /** What POST /api/contracts/agreement-status answers. */
  move?: () => Response;
}

/** The staff session with the orders module and the board's calls; returns what they were sent. */
function serveBoard({ acl = [manageOrders], pricesWithVat = true, move }: Serve = {}) {
  const boards: { kind: string; userId: string | null }[] = [];
  const moves: unknown[] = [];
  server.use(
    ...staffSession({ ...staffWithOrders, user: { ...staffUser, acl } }),
    http.post('/api/contracts/pipeline/:kind', ({ request, params }) => {
      const kind = String(params.kind);
      boards.push({ kind, userId: new URL(request.url).searchParams.get('userId') });
      return HttpResponse.json({
        success: true,
        result: kind === 'sales' ? salesBoard : renegotiationBoard,
      });
    }),
    http.get('/api/contracts/new', () =>
      HttpResponse.json({ success: true, result: { id: null, pricesWithVat } }),
    ),
    http.post('/api/contracts/agreement-status', async ({ request }) => {
      moves.push(await request.json());
      return move?.() ?? HttpResponse.json({ success: true, result: 'k-1' });
    }),
  );
  return { boards, moves };
}

function boardColumn(label: string) {
  return screen.getByRole('region', { name: `Kolonne ${label}` });
}

async function moveWithMenu(number: number, to: string) {
  await userEvent.click(screen.getByRole('button', { name: `Flyt aftale #${number} til …` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: to, hidden: true }));
}

describe('the pipeline board', () => {
  it('shows the Salg columns in order with counts, totals with VAT and the cards', async () => {
    const { boards } = serveBoard();
    renderApp('/orders/pipeline');
    // The static 'pipeline' wins over the orders module's ':id' (no order is read).
    expect(await screen.findByRole('heading', { level: 1, name: 'Pipeline' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Aftale #1001' });
    expect(
      screen.getAllByRole('region', { name: /^Kolonne / }).map((region) => region.ariaLabel),
    ).toEqual([
      'Kolonne Kladde',
      'Kolonne Møde planlagt',
      'Kolonne Forhandling',
      'Kolonne Afsendt',
      'Kolonne Godkendt',
    ]);
    expect(boardColumn('Kladde')).toHaveTextContent('1 aftale');
    expect(boardColumn('Kladde')).toHaveTextContent('DKK 12.500,00');
    expect(boardColumn('Møde planlagt')).toHaveTextContent('DKK 5.000,00');
    expect(boardColumn('Godkendt')).toHaveTextContent('0 aftaler');

    const first = within(boardColumn('Kladde')).getByRole('article', { name: 'Aftale #1001' });
    expect(within(first).getByRole('link', { name: 'Bageriet Grøn ApS' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    expect(first).toHaveTextContent('Guldsponsorat');
    expect(first).toHaveTextContent('Faktureret 3');
    expect(first).toHaveTextContent('Betalt 2/3');
    expect(first).toHaveTextContent('#1001');

    const second = within(boardColumn('Møde planlagt')).getByRole('article', {
      name: 'Aftale #1002',
    });
    expect(within(second).getByRole('link', { name: 'Ingen virksomhed' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-2',
    );
    expect(second).not.toHaveTextContent('Faktureret');

    expect(screen.getByRole('link', { name: 'Opret aftale' })).toHaveAttribute(
      'href',
      '/orders/contracts/create',
    );
    expect(boards).toEqual([{ kind: 'sales', userId: null }]);
  });

  it('totals the columns without VAT when the prices exclude it', async () => {
    serveBoard({ pricesWithVat: false });
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1001' });
    await waitFor(() => expect(boardColumn('Kladde')).toHaveTextContent('DKK 10.000,00'));
    expect(boardColumn('Møde planlagt')).toHaveTextContent('DKK 4.000,00');
  });

  it('filters by user and shows the Genforhandling columns, whose cards do not move', async () => {
    const { boards } = serveBoard();
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1001' });
    screen.getByLabelText('Bruger').focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Sofie Staff', hidden: true }));
    await waitFor(() => expect(boards.at(-1)).toEqual({ kind: 'sales', userId: 'u2' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Genforhandling' }));
    await screen.findByRole('article', { name: 'Aftale #900' });
    expect(boards.at(-1)).toEqual({ kind: 'renegotiation', userId: 'u2' });
    expect(
      screen.getAllByRole('region', { name: /^Kolonne / }).map((region) => region.ariaLabel),
    ).toEqual([
      'Kolonne Inden for 6 mnd.',
      'Kolonne 3 mnd.',
      'Kolonne 1 mnd.',
      'Kolonne Overskrevet',
      'Kolonne Overskrevet mere end 3 mnd.',
    ]);
    expect(boardColumn('Inden for 6 mnd.')).toHaveTextContent('DKK 2.500,00');
    expect(
      screen.queryByRole('button', { name: 'Flyt aftale #900 til …' }),
    ).not.toBeInTheDocument();
  });

  it("moves a card with its 'Flyt til …' menu and reloads the board", async () => {
    const { boards, moves } = serveBoard();
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1001' });
    await userEvent.click(screen.getByRole('button', { name: 'Flyt aftale #1001 til …' }));
    await screen.findAllByRole('menuitem', { hidden: true });
    expect(
      screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent),
    ).toEqual(['Møde planlagt', 'Forhandling', 'Afsendt', 'Godkendt']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Forhandling', hidden: true }));

    expect(await screen.findByText('Forhandlingsstatus ændret')).toBeInTheDocument();
    expect(moves).toEqual([{ id: 'k-1', version: null, agreementStatus: 'negotiation' }]);
    await waitFor(() => expect(boards.filter((board) => board.kind === 'sales')).toHaveLength(2));
  });

  it("maps each Salg column to its negotiation status ('Kladde' is unsent)", async () => {
    const { moves } = serveBoard();
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1002' });
    await moveWithMenu(1002, 'Kladde');
    await waitFor(() =>
      expect(moves).toEqual([{ id: 'k-2', version: null, agreementStatus: 'unsent' }]),
    );
    await screen.findByText('Forhandlingsstatus ændret');
  });

  it("refuses 'Godkendt': approving is done from the contract", async () => {
    const { moves } = serveBoard();
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1001' });
    await moveWithMenu(1001, 'Godkendt');
    expect(await screen.findByText('Godkend aftalen fra aftalen selv')).toBeInTheDocument();
    expect(moves).toEqual([]);
  });

  it("shows the server's reason when a move is refused", async () => {
    serveBoard({
      move: () =>
        HttpResponse.json(
          { success: false, error: 'Aftalen er annulleret og kan ikke flyttes' },
          { status: 409 },
        ),
    });
    renderApp('/orders/pipeline');
    await screen.findByRole('article', { name: 'Aftale #1001' });
    await moveWithMenu(1001, 'Afsendt');
    expect(
      await screen.findByText('Aftalen er annulleret og kan ikke flyttes'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Forhandlingsstatus ændret')).not.toBeInTheDocument();
  });

  it('moves a card dragged onto another column, and not one dropped on Godkendt', async () => {
    const { moves } = serveBoard();
    renderApp('/orders/pipeline');
    const dragged = await screen.findByRole('article', { name: 'Aftale #1001' });
    expect(dragged).toHaveAttribute('draggable', 'true');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };

    fireEvent.dragStart(dragged, { dataTransfer });
    fireEvent.dragOver(boardColumn('Afsendt'), { dataTransfer });
    fireEvent.drop(boardColumn('Afsendt'), { dataTransfer });
    await waitFor(() =>
      expect(moves).toEqual([{ id: 'k-1', version: null, agreementStatus: 'sent' }]),
    );
    await screen.findByText('Forhandlingsstatus ændret');

    fireEvent.dragStart(screen.getByRole('article', { name: 'Aftale #1001' }), { dataTransfer });
    fireEvent.dragOver(boardColumn('Godkendt'), { dataTransfer });
    fireEvent.drop(boardColumn('Godkendt'), { dataTransfer });
    expect(await screen.findByText('Godkend aftalen fra aftalen selv')).toBeInTheDocument();
    expect(moves).toHaveLength(1);
  });

  it('lets staff who may only read orders see the board but move nothing', async () => {
    serveBoard({ acl: [readOrders] });
    renderApp('/orders/pipeline');
    const first = await screen.findByRole('article', { name: 'Aftale #1001' });
    expect(first).toHaveAttribute('draggable', 'false');
    expect(screen.queryByRole('button', { name: /^Flyt aftale/ })).not.toBeInTheDocument();
  });
});
