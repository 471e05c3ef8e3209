import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { server, sessionHandlers } from '../../test/server';
import { HistoryTab } from './HistoryTab';

// jsdom does not follow the download link; the saved file is what matters.
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../download', () => ({ saveBlob }));

/** Event `sequence` of a history, by Sofie Sælger, changing nothing. */
const event = (sequence: number, eventType: string) => ({
  sequence,
  eventType,
  eventVersion: '1',
  recordedAt: '2026-11-24T10:00:00Z',
  userId: null,
  userName: 'Sofie Sælger',
  impersonatorName: null,
  reason: null,
  changes: [],
});

beforeEach(() => {
  saveBlob.mockReset();
  server.use(
    ...sessionHandlers({}),
    http.get('/api/history/contract/k-1/names', () =>
      HttpResponse.json({ success: true, result: {} }),
    ),
    http.get('/api/history/contract/k-1', () =>
      HttpResponse.json({
        success: true,
        result: [
          { ...event(1, 'Created'), ip: '192.0.2.1', command: 'contract.create', hash: 'ab' },
        ],
      }),
    ),
  );
});

/** A contract's history tab, its one event 'Oprettet'. */
function renderTab() {
  renderShared(
    <HistoryTab
      aggregateType="contract"
      id="k-1"
      labels={{ Created: 'Oprettet' }}
      asOfHeading={() => 'Aftalen'}
      renderAsOf={() => null}
    />,
  );
}

describe('the history tab', () => {
  it("downloads the auditor's workbook of the aggregate's events", async () => {
    let asked = false;
    server.use(
      http.get('/api/history/contract/k-1/export', () => {
        asked = true;
        return new HttpResponse(new Blob(['xlsx']), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        });
      }),
    );
    renderTab();
    expect(await screen.findByText('Sofie Sælger')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eksporter historik' }));
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Historik-contract-k-1.xlsx'),
    );
  });

  it("says 'Verificér' found the chain whole, and names the first changed event when not", async () => {
    let answer: unknown = { valid: true, events: 1, brokenAt: null };
    server.use(
      http.get('/api/history/contract/k-1/verify', () =>
        HttpResponse.json({ success: true, result: answer }),
      ),
    );
    renderTab();
    expect(await screen.findByText('Sofie Sælger')).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verificér' });
    await userEvent.click(verify);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Kæden er intakt: hændelsen er uændret.',
    );

    answer = {
      valid: false,
      events: 0,
      brokenAt: { sequence: 1, eventType: 'Created', problem: 'hash' },
    };
    await userEvent.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kæden er brudt ved hændelse #1 (Oprettet): hændelsen er ændret, efter den blev gemt.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('compares the last two versions field by field and line by line, with amounts', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/history/order/o-1/names', () =>
        HttpResponse.json({ success: true, result: {} }),
      ),
      http.get('/api/history/order/o-1', () =>
        HttpResponse.json({
          success: true,
          result: [event(1, 'Created'), event(2, 'LineChanged'), event(3, 'Approved')],
        }),
      ),
      http.get('/api/history/order/o-1/diff', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          success: true,
          result: {
            from: 2,
            to: 3,
            changes: [
              { field: 'status', old: 'draft', new: 'approved' },
              { field: 'version', old: 2, new: 3 },
            ],
            lines: [
              {
                list: 'orderLines',
                id: 'l1',
                kind: 'changed',
                old: { id: 'l1', title: 'Bande', price: 10000 },
                new: { id: 'l1', title: 'Bande', price: 12000 },
                changes: [{ field: 'price', old: 10000, new: 12000 }],
              },
              {
                list: 'orderLines',
                id: 'l3',
                kind: 'added',
                old: null,
                new: { id: 'l3', title: 'Skilt', price: 2500 },
                changes: [],
              },
            ],
          },
        });
      }),
    );
    renderShared(
      <HistoryTab
        aggregateType="order"
        id="o-1"
        labels={{ Created: 'Ordre oprettet', LineChanged: 'Produkt ændret', Approved: 'Godkendt' }}
        formats={{
          money: ['price'],
          labels: { status: 'Status', orderLines: 'Linjer', price: 'Pris', title: 'Produkt' },
          values: { status: { draft: 'Kladde', approved: 'Godkendt' } },
        }}
        asOfHeading={() => 'Ordren'}
        renderAsOf={() => null}
      />,
    );
    const compare = await screen.findByRole('region', { name: 'Sammenlign versioner' });
    expect(within(compare).getByLabelText('Fra hændelse')).toBeInTheDocument();
    await userEvent.click(within(compare).getByRole('button', { name: 'Sammenlign' }));

    const table = await within(compare).findByRole('table', {
      name: 'Forskelle mellem hændelse #2 og #3',
    });
    expect(asked).toEqual(['?from=2&to=3']);
    // Money is spaced with no-break spaces.
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows[0]).toBe('FeltEfter #2Efter #3');
    expect(rows[1]).toBe('StatusKladdeGodkendt');
    expect(rows[2]).toBe('Linjer (Bande): PrisDKK 100,00DKK 120,00');
    expect(rows[3]).toBe('Linjer (Skilt): Produkt–Skilt');
    expect(rows[4]).toBe('Linjer (Skilt): Pris–DKK 25,00');
    // The write counter is not a change anyone made.
    expect(rows.some((row) => row?.startsWith('version'))).toBe(false);
  });
});
