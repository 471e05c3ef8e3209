import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { eventsSession } from '../../test/events';
import type { EventTypeRow } from '../../shared/events/types';

const rows: EventTypeRow[] = [
  { Id: 't-1', Title: 'Kamp' },
  { Id: 't-2', Title: 'Netværk' },
];

/** POST /api/events/types/v2 answers `rows` until one is deleted; returns the requests. */
function serveTypes() {
  const requests: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    ...eventsSession(),
    http.post('/api/events/types/v2', async ({ request }) => {
      requests.push(await request.json());
      const left = rows.filter((row) => !deleted.includes(row.Id));
      return HttpResponse.json({ success: true, Result: left, TotalPages: 1, Total: left.length });
    }),
    http.delete('/api/events/types/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { requests, deleted };
}

describe('the event types list', () => {
  it('shows the types by title with Rediger, and Opret type', async () => {
    const { requests } = serveTypes();
    renderApp('/events/types');
    const table = await screen.findByRole('table', { name: 'Typer' });
    await within(table).findByRole('row', { name: /Kamp/ });
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'Title', dir: 'asc' },
      page: 1,
      perPage: 10,
    });
    expect(screen.getByRole('link', { name: 'Rediger Kamp' })).toHaveAttribute(
      'href',
      '/events/types/t-1',
    );
    expect(screen.getByRole('link', { name: 'Opret type' })).toHaveAttribute(
      'href',
      '/events/types/create',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'kamp');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { search: 'kamp' }, page: 1 }),
    );
  });

  it("deletes a type after 'Er du sikker på at du vil slette denne type?'", async () => {
    const { deleted } = serveTypes();
    renderApp('/events/types');
    await userEvent.click(await screen.findByRole('button', { name: 'Slet Netværk' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne type?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Typen blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual(['t-2']);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Netværk/ })).not.toBeInTheDocument(),
    );
  });
});
