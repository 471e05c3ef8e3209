import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderShared } from '../../test/renderShared';
import { server, sessionHandlers } from '../../test/server';
import { HistoryTab } from './HistoryTab';

// jsdom does not follow the download link; the saved file is what matters.
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../download', () => ({ saveBlob }));

beforeEach(() => {
  saveBlob.mockReset();
  server.use(
    ...sessionHandlers({}),
    http.get('/api/history/contract/k-1', () =>
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
            ip: '192.0.2.1',
            command: 'contract.create',
            changes: [],
            hash: 'ab',
          },
        ],
      }),
    ),
  );
});

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
    renderShared(
      <HistoryTab
        aggregateType="contract"
        id="k-1"
        labels={{ Created: 'Oprettet' }}
        asOfHeading={() => 'Aftalen'}
        renderAsOf={() => null}
      />,
    );
    expect(await screen.findByText('Sofie Sælger')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eksporter historik' }));
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Historik-contract-k-1.xlsx'),
    );
  });
});
