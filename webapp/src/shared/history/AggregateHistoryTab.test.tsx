import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { server, sessionHandlers } from '../../test/server';
import { AggregateHistoryTab, type HistoryFields } from './AggregateHistoryTab';

const COMPANY = '5f0c6c1e-3c1a-4c59-9d7e-2f1b8e0a6a11';
const FIELD = '0b7d2a55-8a0e-4b8e-a0c4-6f5f2c9e1d22';
const CLUB = '7d1e4c2b-0000-4000-8000-00000000c1ab';

const FIELDS: HistoryFields = {
  money: ['price', 'orderDiscount'],
  percent: [],
  labelKeys: { orderDiscount: 'orders.totals.orderDiscount' },
  values: () => ({}),
};

/**
 * An order made with every kind of field a record keeps, as the history API reports it; `late`:
 * the names come after the history has been drawn.
 */
function serveHistory(late = false) {
  server.use(
    ...sessionHandlers({}),
    http.get('/api/history/order/o-9', () =>
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
            changes: [
              { field: 'clientId', old: null, new: CLUB },
              { field: 'createdAt', old: null, new: '2026-11-24T10:00:00Z' },
              { field: 'number', old: 0, new: 1042 },
              { field: 'vat.pricesWithVat', old: false, new: true },
              { field: 'companyId', old: null, new: COMPANY },
              { field: `fieldValues.${FIELD}`, old: null, new: 'XL' },
              { field: 'orderDiscount', old: 0, new: 5_000 },
              {
                field: 'lines',
                old: [],
                new: [{ id: 'l1', title: 'Bandereklame', price: 125_000, amount: 1 }],
              },
            ],
          },
        ],
      }),
    ),
    http.get('/api/history/order/o-9/names', async () => {
      if (late) await delay(400);
      return HttpResponse.json({
        success: true,
        result: {
          [COMPANY]: { kind: 'company', name: 'Hansen ApS' },
          [FIELD]: { kind: 'customField', name: 'Trøjestørrelse' },
        },
      });
    }),
    http.get('/api/history/order/o-9/at/1', () =>
      HttpResponse.json({ success: true, result: { companyId: COMPANY } }),
    ),
  );
}

describe('a history a person can read', () => {
  it('labels every field in Danish, names records instead of ids, hides the bookkeeping', async () => {
    serveHistory();
    renderShared(
      <AggregateHistoryTab<{ companyId: string }>
        aggregateType="order"
        id="o-9"
        eventTypes={['Created']}
        eventsKey="orders.history.events"
        fields={FIELDS}
        asOfHeading={(sequence) => `Ordren efter hændelse #${sequence}`}
        renderAsOf={(state, names) => <p>Virksomhed: {names[state.companyId ?? ''] ?? '–'}</p>}
      />,
    );
    const changes = await screen.findByRole('list');
    const items = within(changes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Oprettet: – → 24-11-2026 11:00',
      'Nummer: 0 → 1042',
      'Priser inkl. moms: Nej → Ja',
      'Virksomhed: – → Hansen ApS',
      'Felter › Trøjestørrelse: – → XL',
      'Ordrerabat: DKK\u00a00,00 → DKK\u00a050,00',
      'Produkter: – → Bandereklame · 1 × DKK\u00a01.250,00',
    ]);
    expect(screen.queryByText(/clientId|pricesWithVat|fieldValues/)).toBeNull();
    expect(screen.queryByText(new RegExp(COMPANY))).toBeNull();

    // The record as it was names its company too.
    await userEvent.click(screen.getByRole('button', { name: 'Vis som på dette tidspunkt' }));
    expect(await screen.findByText('Virksomhed: Hansen ApS')).toBeInTheDocument();
  });

  it('names the records when the names come after the history is shown', async () => {
    serveHistory(true);
    renderShared(
      <AggregateHistoryTab<{ companyId: string }>
        aggregateType="order"
        id="o-9"
        eventTypes={['Created']}
        eventsKey="orders.history.events"
        fields={FIELDS}
        asOfHeading={(sequence) => `Ordren efter hændelse #${sequence}`}
        renderAsOf={() => null}
      />,
    );
    expect(await screen.findByText(new RegExp(COMPANY))).toBeInTheDocument();
    expect(await screen.findByText(/Hansen ApS/)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(COMPANY))).toBeNull();
  });
});
