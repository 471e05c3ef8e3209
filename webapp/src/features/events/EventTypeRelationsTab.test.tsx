import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventTypeDto } from '../../shared/events/types';
import { fieldOf, readMultipart } from '../../test/multipart';
import { contractRow } from '../../test/contracts';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, matchType } from '../../test/events';

/** 'Kamp' relating its new events to Nordisk Byg and its contract 1001; one event made of it. */
const relatedType = (): EventTypeDto =>
  matchType({
    relations: {
      companyIds: ['c-2'],
      contractIds: ['k-1'],
      companies: [{ id: 'c-2', name: 'Nordisk Byg ApS' }],
      contracts: [{ id: 'k-1', contractNumber: 1001, companyName: 'Nordisk Byg ApS' }],
    },
    events: [{ id: 'e-1', title: 'Derby', startDate: '2026-12-05T18:30:00Z' }],
  });

/** The type t-1 with its picker searches; the `data` of each save (answered `refusal` if set). */
function serveType(type: EventTypeDto, refusal?: Record<string, string[]>) {
  const saved: Record<string, unknown>[] = [];
  server.use(
    ...eventsSession(),
    emptyList('/api/events/types/v2'),
    http.get('/api/events/types/t-1', () => HttpResponse.json({ success: true, result: type })),
    http.post('/api/events/types/update', async ({ request }) => {
      saved.push(JSON.parse(fieldOf(await readMultipart(request), 'data') ?? '{}'));
      if (refusal) {
        return HttpResponse.json(
          { success: false, error: 'Der opstod en fejl!', errors: refusal },
          { status: 422 },
        );
      }
      return HttpResponse.json({ success: true, result: 't-1' });
    }),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'c-3', name: 'Havnens Fisk', cvr: null, city: 'Esbjerg' }],
      }),
    ),
    http.post('/api/contracts', () =>
      HttpResponse.json({ success: true, Result: [contractRow()], TotalPages: 1, Total: 1 }),
    ),
  );
  return saved;
}

async function openRelations() {
  renderApp('/events/types/t-1?tab=70');
  await screen.findByRole('heading', { level: 1, name: 'Kamp' });
  return screen.findByRole('tabpanel', { name: 'Relationer' });
}

describe('EventTypeRelationsTab', () => {
  it("shows what a new event of the type is linked to, and the type's events", async () => {
    serveType(relatedType());
    const tab = await openRelations();
    const companies = within(tab).getByRole('list', { name: 'Virksomheder' });
    expect(within(companies).getByRole('link', { name: 'Nordisk Byg ApS' })).toHaveAttribute(
      'href',
      '/companies/c-2',
    );
    const contracts = within(tab).getByRole('list', { name: 'Kontrakter' });
    expect(within(contracts).getByRole('link', { name: 'Kontrakt nr. 1001' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    expect(contracts).toHaveTextContent('Nordisk Byg ApS');
    const events = within(tab).getByRole('list', { name: 'Arrangementer af typen' });
    expect(within(events).getByRole('link', { name: 'Derby' })).toHaveAttribute(
      'href',
      '/events/e-1',
    );
    expect(events).toHaveTextContent('05-12-2026 19:30');
  });

  it("adds a company and a contract, removes one, and saves them with the type's 'Gem'", async () => {
    const saved = serveType(relatedType());
    const tab = await openRelations();

    await userEvent.type(within(tab).getByLabelText('Tilknyt virksomhed'), 'havn');
    await userEvent.click(
      await screen.findByRole('option', { name: /Havnens Fisk/, hidden: true }),
    );
    await userEvent.type(within(tab).getByLabelText('Kontrakt'), '1002');
    await userEvent.click(
      await screen.findByRole('option', { name: /Kontrakt nr\. 1002/, hidden: true }),
    );
    await userEvent.click(within(tab).getByRole('button', { name: 'Fjern Nordisk Byg ApS' }));
    const companies = within(tab).getByRole('list', { name: 'Virksomheder' });
    expect(within(companies).getAllByRole('listitem')).toHaveLength(1);
    expect(companies).toHaveTextContent('Havnens Fisk');

    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Typen blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      id: 't-1',
      version: 2,
      relations: { companyIds: ['c-3'], contractIds: ['k-1', 'k-2'] },
    });
    expect(saved[0]).not.toHaveProperty('events');
  });

  it("shows the server's refusal on the relations in this tab", async () => {
    serveType(relatedType(), { 'relations.companyIds': ['En virksomhed findes ikke'] });
    renderApp('/events/types/t-1');
    await screen.findByRole('heading', { level: 1, name: 'Kamp' });
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    const tab = await screen.findByRole('tabpanel', { name: 'Relationer' });
    expect(await within(tab).findByText('En virksomhed findes ikke')).toBeInTheDocument();
  });

  it('is not there while a type is created', async () => {
    server.use(...eventsSession(), emptyList('/api/events/types/v2'));
    renderApp('/events/types/create');
    await screen.findByRole('heading', { level: 1, name: 'Opret type' });
    expect(screen.queryByRole('tab', { name: 'Relationer' })).not.toBeInTheDocument();
  });
});
