import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NewsletterListRow } from '../../api/generated/newsletters';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { marketingSession } from './newsletterFixtures';

const rows: NewsletterListRow[] = [
  {
    Id: 'n-1',
    Name: 'Forårsbrev',
    Title: 'Nyt fra klubben',
    Subject: 'Forår i Demo FC',
    CreateDate: '2026-03-01T10:00:00Z',
  },
  {
    Id: 'n-2',
    Name: 'Sponsorbrev',
    Title: 'Tak til vores sponsorer',
    Subject: 'Tak!',
    CreateDate: '2026-04-15T08:30:00Z',
  },
];

/** POST /api/newsletters answers `rows` until one is deleted; returns the requests and deletes. */
function serveList() {
  const requests: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    ...marketingSession(),
    http.post('/api/newsletters', async ({ request }) => {
      requests.push(await request.json());
      const left = rows.filter((row) => !deleted.includes(row.Id));
      return HttpResponse.json({ success: true, Result: left, TotalPages: 1, Total: left.length });
    }),
    http.delete('/api/newsletters/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
  );
  return { requests, deleted };
}

describe('the newsletters list', () => {
  it('is where /marketing goes: Navn, Titel, Emne and Dato by title, 10 a page', async () => {
    const { requests } = serveList();
    const { router } = renderApp('/marketing');
    const table = await screen.findByRole('table', { name: 'Nyhedsbreve' });
    expect(router.state.location.pathname).toBe('/marketing/newsletters');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim()),
    ).toEqual(['Navn', 'Titel', 'Emne', 'Dato', 'Handlinger']);
    const first = await within(table).findByRole('row', { name: /Forårsbrev/ });
    expect(first).toHaveTextContent('Nyt fra klubben');
    expect(first).toHaveTextContent('Forår i Demo FC');
    expect(first).toHaveTextContent('01-03-2026');
    expect(within(first).getByRole('link', { name: 'Forårsbrev' })).toHaveAttribute(
      'href',
      '/marketing/newsletters/n-1',
    );
    expect(within(first).getByRole('link', { name: 'Rediger Forårsbrev' })).toHaveAttribute(
      'href',
      '/marketing/newsletters/n-1',
    );
    expect(requests[0]).toEqual({
      filter: { search: '' },
      sort: { field: 'Title', dir: 'asc' },
      page: 1,
      perPage: 10,
    });
    expect(screen.getByRole('link', { name: 'Opret nyhedsbrev' })).toHaveAttribute(
      'href',
      '/marketing/newsletters/create',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Undermenu' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Nyhedsbreve']);
  });

  it('searches by the typed text', async () => {
    const { requests } = serveList();
    renderApp('/marketing/newsletters');
    await screen.findByRole('row', { name: /Forårsbrev/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Søg' }), 'sponsor');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ filter: { search: 'sponsor' }, page: 1 }),
    );
  });

  it("deletes a newsletter after 'Er du sikker på at du vil slette dette nyhedsbrev?'", async () => {
    const { deleted } = serveList();
    renderApp('/marketing/newsletters');
    await screen.findByRole('row', { name: /Sponsorbrev/ });
    await userEvent.click(screen.getByRole('button', { name: 'Slet Sponsorbrev' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette nyhedsbrev?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Slet Sponsorbrev' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Nyhedsbrevet blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual(['n-2']);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Sponsorbrev/ })).not.toBeInTheDocument(),
    );
  });
});
