import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { eventRow, eventsSession } from '../../test/events';
import type { EventRow } from '../../shared/events/types';

const rows: EventRow[] = [
  eventRow({
    children: [
      eventRow({
        Id: 'e-2',
        Title: 'VIP-frokost',
        Type: null,
        Location: 'Loungen',
        StartDate: '2026-12-05T16:00:00Z',
        children: undefined,
      }),
    ],
  }),
  eventRow({
    Id: 'e-3',
    Title: 'Julefrokost',
    Type: 'Netværk',
    Location: 'Klubhuset',
    StartDate: '2026-11-20T17:00:00Z',
    SignUpDeadline: '2026-11-15T22:00:00Z',
    Cancelled: true,
  }),
];

/** POST /api/events/v2 answers `rows` (25 in all) until one is deleted; returns the requests. */
function serveList() {
  const requests: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    ...eventsSession(),
    http.post('/api/events/v2', async ({ request }) => {
      requests.push(await request.json());
      const left = rows.filter((row) => !deleted.includes(row.Id));
      return HttpResponse.json({
        success: true,
        Result: left,
        TotalPages: 3,
        Total: 23 + left.length,
      });
    }),
    http.delete('/api/events/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { requests, deleted };
}

describe('the events list', () => {
  it('shows the events newest first with their sub-events nested under them', async () => {
    const { requests } = serveList();
    renderApp('/events');
    const table = await screen.findByRole('table', { name: 'Arrangementer' });
    const derby = await within(table).findByRole('row', { name: /Derby/ });
    expect(derby).toHaveTextContent('Kamp');
    expect(derby).toHaveTextContent('Stadion');
    expect(derby).toHaveTextContent('05-12-2026 19:30');
    expect(derby).toHaveTextContent('04-12-2026 23:00');
    expect(within(derby).getByRole('link', { name: 'Derby' })).toHaveAttribute(
      'href',
      '/events/e-1',
    );
    expect(within(derby).getByRole('link', { name: 'Rediger Derby' })).toHaveAttribute(
      'href',
      '/events/e-1',
    );
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'StartDate', dir: 'desc' },
      page: 1,
      perPage: 10,
    });
    // A cancelled event says so beside its title.
    expect(within(derby).queryByText('Aflyst')).not.toBeInTheDocument();
    const party = within(table).getByRole('row', { name: /Julefrokost/ });
    expect(within(party).getByText('Aflyst')).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /VIP-frokost/ })).not.toBeInTheDocument();
    // PrimeReact names its expander in its own locale, which the app's provider sets to 'en'.
    await userEvent.click(within(derby).getByRole('button', { name: /^(Udvid|Expand)$/ }));
    const lunch = await within(table).findByRole('row', { name: /VIP-frokost/ });
    expect(lunch).toHaveTextContent('Loungen');
    expect(within(lunch).getByRole('link', { name: 'VIP-frokost' })).toHaveAttribute(
      'href',
      '/events/e-2',
    );
    expect(screen.getByRole('link', { name: 'Opret arrangement' })).toHaveAttribute(
      'href',
      '/events/create',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Undermenu' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Arrangementer', 'Typer', 'Pladskort']);
  });

  it('pages and searches on the server', async () => {
    const { requests } = serveList();
    renderApp('/events');
    await screen.findByRole('row', { name: /Derby/ });
    expect(screen.getByText('1 - 10 af 25 resultater')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Side 2' }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 2, perPage: 10 }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'derby');
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({
        filter: { search: 'derby' },
        sort: { field: 'StartDate', dir: 'desc' },
        page: 1,
        perPage: 10,
      }),
    );
  });

  it("deletes an event from its actions menu after 'Er du sikker …?'", async () => {
    const { deleted } = serveList();
    renderApp('/events');
    const row = await screen.findByRole('row', { name: /Julefrokost/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Handlinger' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Slet', hidden: true }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette arrangement?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(deleted).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Handlinger' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Slet', hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Arrangementet blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual(['e-3']);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Julefrokost/ })).not.toBeInTheDocument(),
    );
  });
});
