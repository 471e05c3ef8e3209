import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  EventRelations,
  RelatedCompany,
  RelatedContract,
  RelationInput,
} from '../../api/generated/events';
import { contractRow } from '../../test/contracts';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, savedEvent } from '../../test/events';

const bageriet: RelatedCompany = {
  id: 'c-1',
  name: 'Bageriet ApS',
  tickets: 2,
  invited: true,
  linked: false,
};
const nordiskByg: RelatedCompany = {
  id: 'c-2',
  name: 'Nordisk Byg ApS',
  tickets: 0,
  invited: false,
  linked: true,
};
const sponsorContract: RelatedContract = {
  id: 'k-1',
  contractNumber: 1001,
  status: 'approved',
  companyName: 'Nordisk Byg ApS',
  linkedAt: '2026-11-02T10:00:00Z',
};

/** The derby's relations: Karen's order, Bageriet (invited) and Nordisk Byg (linked), a contract. */
function relations(extra: Partial<EventRelations> = {}): EventRelations {
  return {
    orders: [
      {
        id: 'o-1',
        orderNumber: 5001,
        status: 'approved',
        customer: 'Karen Kunde',
        companyName: 'Bageriet ApS',
        tickets: 2,
        total: 50_000,
        createdAt: '2026-11-03T09:15:00Z',
      },
    ],
    companies: [bageriet, nordiskByg],
    contracts: [sponsorContract],
    ...extra,
  };
}

/** The derby (e-1) with its relation calls; the server keeps what was linked and unlinked. */
function serveRelations(
  initial: EventRelations = relations(),
  { refuseLink }: { refuseLink?: string } = {},
) {
  let current = initial;
  const linked: RelationInput[] = [];
  const unlinked: string[] = [];
  const searches: unknown[] = [];
  server.use(
    ...eventsSession(),
    emptyList('/api/events/v2'),
    http.get('/api/events/e-1', () =>
      HttpResponse.json({ success: true, result: savedEvent({ subEvents: [] }) }),
    ),
    http.get('/api/events/e-1/relations', () =>
      HttpResponse.json({ success: true, result: current }),
    ),
    http.post('/api/events/e-1/relations/create', async ({ request }) => {
      const body = (await request.json()) as RelationInput;
      linked.push(body);
      if (refuseLink) {
        return HttpResponse.json(
          { success: false, error: refuseLink, errors: { relationId: [refuseLink] } },
          { status: 422 },
        );
      }
      current =
        body.relationType === 'company'
          ? {
              ...current,
              companies: [
                ...current.companies,
                {
                  id: body.relationId ?? '',
                  name: 'Havnens Fisk',
                  tickets: 0,
                  invited: false,
                  linked: true,
                },
              ],
            }
          : {
              ...current,
              contracts: [
                ...current.contracts,
                {
                  ...sponsorContract,
                  id: 'k-2',
                  contractNumber: 1002,
                  companyName: 'Bageriet ApS',
                },
              ],
            };
      return HttpResponse.json({ success: true, result: current });
    }),
    http.delete('/api/events/e-1/relations/:type/:relationId', ({ params }) => {
      const { type, relationId } = params as { type: string; relationId: string };
      unlinked.push(`${type}/${relationId}`);
      current = {
        ...current,
        companies: current.companies.filter((company) => company.id !== relationId),
        contracts: current.contracts.filter((contract) => contract.id !== relationId),
      };
      return HttpResponse.json({ success: true, result: current });
    }),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'c-3', name: 'Havnens Fisk', cvr: null, city: 'Esbjerg' }],
      }),
    ),
    http.post('/api/contracts', async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ success: true, Result: [contractRow()], TotalPages: 1, Total: 1 });
    }),
  );
  return { linked, unlinked, searches };
}

async function openRelations() {
  renderApp('/events/e-1?tab=70');
  await screen.findByRole('heading', { level: 1, name: 'Derby' });
}

const table = (name: string) => screen.findByRole('table', { name });
const bodyRows = (tableElement: HTMLElement) => within(tableElement).getAllByRole('row').slice(1);

describe('EventRelationsTab', () => {
  it("lists the event's orders, companies and contracts as the server relates them", async () => {
    serveRelations();
    await openRelations();

    const orders = await table('Ordrer');
    await within(orders).findByRole('link', { name: '5001' });
    expect(within(orders).getByRole('link', { name: '5001' })).toHaveAttribute(
      'href',
      '/orders/o-1',
    );
    const [order] = bodyRows(orders);
    expect(order).toHaveTextContent('Karen Kunde');
    expect(order).toHaveTextContent('Bageriet ApS');
    expect(order).toHaveTextContent('500,00 kr.');
    expect(order).toHaveTextContent('Godkendt');
    expect(order).toHaveTextContent('03-11-2026 10:15');

    const companies = await table('Virksomheder');
    const [bagerietRow, bygRow] = bodyRows(companies);
    expect(within(bagerietRow).getByRole('link', { name: 'Bageriet ApS' })).toHaveAttribute(
      'href',
      '/companies/c-1',
    );
    expect(bagerietRow).toHaveTextContent('Inviteret');
    // Only those linked by hand may be unlinked.
    expect(within(bagerietRow).queryByRole('button', { name: /Fjern/ })).not.toBeInTheDocument();
    expect(bygRow).not.toHaveTextContent('Inviteret');
    expect(
      within(bygRow).getByRole('button', { name: 'Fjern Nordisk Byg ApS' }),
    ).toBeInTheDocument();

    const contracts = await table('Kontrakter');
    const [contract] = bodyRows(contracts);
    expect(within(contract).getByRole('link', { name: '1001' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    expect(contract).toHaveTextContent('Nordisk Byg ApS');
    expect(contract).toHaveTextContent('Godkendt');
    expect(contract).toHaveTextContent('02-11-2026');
  });

  it('says so when the event has no orders', async () => {
    serveRelations(relations({ orders: [], companies: [], contracts: [] }));
    await openRelations();
    expect(
      await screen.findByText('Ingen ordrer med billetter til arrangementet'),
    ).toBeInTheDocument();
  });

  it('links a company and shows it among the companies', async () => {
    const { linked } = serveRelations();
    await openRelations();
    await table('Virksomheder');
    const link = screen.getByRole('button', { name: 'Tilknyt virksomhed' });
    expect(link).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Virksomhed'), 'havn');
    await userEvent.click(
      await screen.findByRole('option', { name: /Havnens Fisk/, hidden: true }),
    );
    await userEvent.click(link);

    expect(await screen.findByText('Relationen blev tilføjet!')).toBeInTheDocument();
    expect(linked).toEqual([{ relationType: 'company', relationId: 'c-3' }]);
    const companies = await table('Virksomheder');
    await waitFor(() => expect(bodyRows(companies)).toHaveLength(3));
    expect(within(companies).getByRole('link', { name: 'Havnens Fisk' })).toHaveAttribute(
      'href',
      '/companies/c-3',
    );
  });

  it('links a contract found by its number', async () => {
    const { linked, searches } = serveRelations();
    await openRelations();
    await table('Kontrakter');

    await userEvent.type(screen.getByLabelText('Kontrakt'), '1002');
    await userEvent.click(
      await screen.findByRole('option', { name: /Kontrakt nr\. 1002/, hidden: true }),
    );
    expect(searches[0]).toMatchObject({ filter: { search: '1002' }, page: 1, perPage: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Tilknyt kontrakt' }));

    expect(await screen.findByText('Relationen blev tilføjet!')).toBeInTheDocument();
    expect(linked).toEqual([{ relationType: 'contract', relationId: 'k-2' }]);
    const contracts = await table('Kontrakter');
    await waitFor(() => expect(bodyRows(contracts)).toHaveLength(2));
  });

  it('asks before it unlinks a company, then removes it', async () => {
    const { unlinked } = serveRelations();
    await openRelations();
    const companies = await table('Virksomheder');

    await userEvent.click(within(companies).getByRole('button', { name: 'Fjern Nordisk Byg ApS' }));
    expect(
      await screen.findByText(
        'Er du sikker på at du vil fjerne virksomheden Nordisk Byg ApS fra arrangementet?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(unlinked).toEqual([]);

    await userEvent.click(within(companies).getByRole('button', { name: 'Fjern Nordisk Byg ApS' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));

    expect(await screen.findByText('Relationen blev fjernet!')).toBeInTheDocument();
    expect(unlinked).toEqual(['company/c-2']);
    await waitFor(() =>
      expect(within(companies).queryByRole('link', { name: 'Nordisk Byg ApS' })).toBeNull(),
    );
  });

  it('unlinks a contract after asking', async () => {
    const { unlinked } = serveRelations();
    await openRelations();
    const contracts = await table('Kontrakter');

    await userEvent.click(
      within(contracts).getByRole('button', { name: 'Fjern Kontrakt nr. 1001' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));

    expect(await screen.findByText('Relationen blev fjernet!')).toBeInTheDocument();
    expect(unlinked).toEqual(['contract/k-1']);
    expect(
      await within(contracts).findByText('Ingen kontrakter er knyttet til arrangementet'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when it refuses a link", async () => {
    serveRelations(relations(), { refuseLink: 'Virksomheden findes ikke' });
    await openRelations();
    await table('Virksomheder');

    await userEvent.type(screen.getByLabelText('Virksomhed'), 'havn');
    await userEvent.click(
      await screen.findByRole('option', { name: /Havnens Fisk/, hidden: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tilknyt virksomhed' }));

    // In the toast and under the field.
    await waitFor(() => expect(screen.getAllByText('Virksomheden findes ikke')).toHaveLength(2));
    expect(screen.getByLabelText('Virksomhed')).toHaveAttribute('aria-invalid', 'true');
    expect(bodyRows(await table('Virksomheder'))).toHaveLength(2);
  });
});
