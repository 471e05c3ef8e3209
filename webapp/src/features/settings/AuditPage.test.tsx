import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ChainCheck } from '../../api/generated/history';
import { adminUser, clubs, demoFc, modules } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

const base: ChainCheck = {
  id: 'k1',
  status: 'queued',
  recordsTotal: 1200,
  recordsChecked: 0,
  eventsChecked: 0,
  brokenRecords: 0,
  broken: [],
  names: {},
  error: null,
  createdAt: '2026-11-29T10:00:00Z',
  finishedAt: null,
};

/** The server's answers to the latest check, one per read (the last repeats). */
function serve(answers: (ChainCheck | null)[], started: ChainCheck) {
  const starts: number[] = [];
  let reads = 0;
  server.use(
    ...sessionHandlers({ user: adminUser, clients: clubs, client: demoFc, modules }),
    http.get('/api/audit/chain-checks/latest', () => {
      const answer = answers[Math.min(reads, answers.length - 1)];
      reads += 1;
      return HttpResponse.json({ success: true, result: answer });
    }),
    http.post('/api/audit/chain-checks', () => {
      starts.push(reads);
      return HttpResponse.json({ success: true, result: started });
    }),
    http.get('/api/audit/exports/key', () =>
      HttpResponse.json({
        success: true,
        result: { algorithm: 'Ed25519', keyId: '0123abcd4567ef89', publicKey: 'cHVibGlj' },
      }),
    ),
  );
  return starts;
}

describe('Revision: the club-wide chain check', () => {
  it('starts a check, follows its progress and says every chain is whole', async () => {
    const starts = serve(
      [
        null,
        { ...base, status: 'running', recordsChecked: 400, eventsChecked: 2100 },
        {
          ...base,
          status: 'done',
          recordsChecked: 1200,
          eventsChecked: 6400,
          finishedAt: '2026-11-29T10:01:00Z',
        },
      ],
      base,
    );
    renderApp('/settings/audit');

    expect(await screen.findByText('Der er endnu ikke kørt en kontrol.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Kontrollér alle kæder' }));

    expect(await screen.findByText(/Kontrolleret 400 af 1\.200 poster/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kontrollér alle kæder' })).toBeDisabled();
    expect(
      await screen.findByText(
        /Alle 1\.200 kæder er intakte: 6\.400 hændelser er uændrede\. Kontrolleret 29-11-2026 11:01\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(starts).toHaveLength(1);
  });

  it('lists the broken records, each at its first changed event, named, with a link to the record', async () => {
    serve(
      [
        {
          ...base,
          status: 'done',
          recordsChecked: 1200,
          eventsChecked: 6399,
          brokenRecords: 2,
          broken: [
            {
              recordType: 'order',
              recordId: 'o-7',
              sequence: 3,
              eventType: 'LineAdded',
              problem: 'hash',
            },
            {
              recordType: 'ticket',
              recordId: 't-2',
              sequence: 2,
              eventType: 'Scanned',
              problem: 'sequence',
            },
          ],
          names: { 'o-7': { kind: 'order', name: '1042' } },
          finishedAt: '2026-11-29T10:01:00Z',
        },
      ],
      base,
    );
    renderApp('/settings/audit');

    expect(await screen.findByText(/2 poster har en brudt kæde\./)).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByRole('link', { name: 'Ordre 1042' })).toHaveAttribute(
      'href',
      '/orders/o-7',
    );
    expect(rows[1]).toHaveTextContent('#3 Produkt tilføjet');
    expect(rows[1]).toHaveTextContent('hændelsen er ændret, efter den blev gemt');
    expect(rows[2]).toHaveTextContent('Billet t-2');
    expect(rows[2]).toHaveTextContent('en hændelse mangler eller står i forkert rækkefølge');
  });
});

describe('checking a signed export', () => {
  it('says a file is genuine and unchanged, or not recognised', async () => {
    serve([null], base);
    const sent: string[] = [];
    server.use(
      http.post('/api/audit/exports/verify', async ({ request }) => {
        const text = await request.text();
        sent.push(text);
        return HttpResponse.json({
          success: true,
          result: {
            valid: !text.includes('12501'),
            kind: 'tribune.audit-period',
            keyId: '0123abcd4567ef89',
          },
        });
      }),
    );
    renderApp('/settings/audit');
    const input = await screen.findByLabelText('Signeret eksport (.json)');
    expect(await screen.findByText(/id 0123abcd4567ef89/)).toBeInTheDocument();

    const file = '{"document":{"amount":12500},"signature":{}}';
    await userEvent.upload(input, new File([file], 'Revision.json', { type: 'application/json' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ægte og uændret: revisionseksport for en periode lavet af denne installation.',
    );
    expect(sent).toEqual([file]);

    await userEvent.upload(
      input,
      new File(['{"document":{"amount":12501},"signature":{}}'], 'Revision.json', {
        type: 'application/json',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ikke genkendt: filen er ændret, eller den er ikke lavet af denne installation.',
    );
  });
});
