import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fieldOf, readMultipart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import { eventsSession, matchType } from '../../test/events';

/** jsdom cannot measure PrimeReact's overlays: open a select with the keyboard and pick. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The type calls; returns the `data` JSON of each save and the deleted ids. */
function serveType() {
  const saved: Record<string, unknown>[] = [];
  const deleted: string[] = [];
  server.use(
    ...eventsSession(),
    http.get('/api/events/types/t-1', () =>
      HttpResponse.json({ success: true, result: matchType() }),
    ),
    http.get('/api/events/types/new-id', () =>
      HttpResponse.json({
        success: true,
        result: matchType({ id: 'new-id', title: 'Gallamiddag' }),
      }),
    ),
    http.post('/api/events/types/update', async ({ request }) => {
      const data = JSON.parse(fieldOf(await readMultipart(request), 'data') ?? '{}') as {
        id?: string | null;
      };
      saved.push(data);
      return HttpResponse.json({ success: true, result: data.id ?? 'new-id' });
    }),
    http.delete('/api/events/types/:id', ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
    emptyList('/api/events/types/v2'),
  );
  return { saved, deleted };
}

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent?.trim() ?? '');
}

describe('the event type editor', () => {
  it('needs only a title, then creates the type and goes to it', async () => {
    const { saved } = serveType();
    const { router } = renderApp('/events/types/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret type' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slet' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    expect(tabNames()).toEqual(['Arrangement', 'Invitationer']);
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Titel skal udfyldes')).toBeInTheDocument();
    expect(screen.queryByText('Start skal udfyldes')).not.toBeInTheDocument();
    expect(screen.queryByText('Afsendernavn skal udfyldes')).not.toBeInTheDocument();
    expect(saved).toEqual([]);

    await userEvent.type(screen.getByLabelText('Titel'), 'Gallamiddag');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Typen blev oprettet!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      id: null,
      version: 0,
      title: 'Gallamiddag',
      startDate: null,
      signUpDeadline: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/types/new-id'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gallamiddag' }),
    ).toBeInTheDocument();
  });

  it("shows a type's tabs by its switches and saves the table cards' format", async () => {
    const { saved } = serveType();
    renderApp('/events/types/t-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kamp' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Arrangement', 'Billetter', 'Invitationer', 'Relationer']);
    await userEvent.click(screen.getByLabelText('Borde'));
    expect(tabNames()).toEqual([
      'Arrangement',
      'Billetter',
      'Bordplan',
      'Invitationer',
      'Relationer',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Bordplan' }));
    await chooseOption('Format', 'A5');
    await chooseOption('Retning', 'Liggende');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Typen blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      id: 't-1',
      version: 2,
      title: 'Kamp',
      hasTables: true,
      tablePlan: {
        productIds: [],
        cardPicture: null,
        cardFormat: 'A5',
        cardOrientation: 'Landscape',
      },
      tickets: { controlType: 'Scan', products: [{ id: 'tp-1', price: 25_000 }] },
    });
  });

  it('saves whom a new event of the type invites: products, order products and contact lists', async () => {
    const { saved } = serveType();
    server.use(
      http.get('/api/products', () =>
        HttpResponse.json({
          success: true,
          result: [
            { id: 'p-season', title: 'Sæsonkort', price: 100_000, type: 'other', variants: [] },
            { id: 'p-box', title: 'Logepakke', price: 900_000, type: 'other', variants: [] },
          ],
        }),
      ),
      http.get('/api/contacts/lists', () =>
        HttpResponse.json({
          success: true,
          result: [
            { id: 'l-1', title: 'VIP-kunder' },
            { id: 'l-2', title: 'Presse' },
          ],
        }),
      ),
    );
    renderApp('/events/types/t-1?tab=40');
    const section = await screen.findByRole('region', { name: 'Invitationer' });
    // A type invites no companies or contacts of its own, and creates no invitations.
    expect(within(section).queryByLabelText('Virksomheder')).not.toBeInTheDocument();
    expect(within(section).queryByLabelText('Kontakter')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Opret valgte' })).not.toBeInTheDocument();

    await chooseOption('Aftaleprodukter', 'Sæsonkort');
    await userEvent.keyboard('{Escape}');
    await chooseOption('Ordreprodukter', 'Logepakke');
    await userEvent.keyboard('{Escape}');
    await chooseOption('Kontaktlister', 'Presse');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Typen blev gemt!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      id: 't-1',
      invitees: {
        productIds: ['p-season'],
        orderProductIds: ['p-box'],
        companyIds: [],
        contactIds: [],
        contactListIds: ['l-2'],
      },
    });
  });

  it("deletes a saved type after 'Er du sikker på at du vil slette denne type?'", async () => {
    const { deleted } = serveType();
    const { router } = renderApp('/events/types/t-1');
    await screen.findByRole('heading', { level: 1, name: 'Kamp' });
    await userEvent.click(screen.getByRole('button', { name: 'Slet' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne type?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Typen blev slettet!')).toBeInTheDocument();
    expect(deleted).toEqual(['t-1']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/types'));
  });
});
