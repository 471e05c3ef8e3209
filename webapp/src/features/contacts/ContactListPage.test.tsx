import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { staffSession } from '../../test/staffSession';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { CONTACT_PICKER_CLEAR_MS } from '../../shared/pickers/ContactPicker';

function serveList() {
  const saves: unknown[] = [];
  server.use(
    http.get('/api/contacts/lists/l-1', () =>
      HttpResponse.json({
        success: true,
        result: {
          id: 'l-1',
          version: 2,
          title: 'VIP',
          contacts: [{ id: 'p-1', firstname: 'Bo', lastname: 'Bager', email: 'bo@bager.test' }],
        },
      }),
    ),
    http.get('/api/contacts', () =>
      HttpResponse.json({
        success: true,
        result: [
          {
            id: 'p-2',
            firstname: 'Eva',
            lastname: 'Ejer',
            email: 'eva@test.dk',
            phone: null,
            mobile: null,
          },
        ],
      }),
    ),
    http.post('/api/contacts/lists/update', async ({ request }) => {
      saves.push(await request.json());
      return HttpResponse.json({ success: true, result: 'l-1' });
    }),
    ...staffSession(),
  );
  return saves;
}

describe('the contact list editor', () => {
  it("requires the 'Navn' and creates a list, then offers its contacts", async () => {
    const saves = serveList();
    const { router } = renderApp('/contacts/contact-lists/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navn skal udfyldes')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tilføj kontakt')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Navn'), 'VIP');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kontaktliste blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/contact-lists/l-1'));
    expect(saves[0]).toEqual({ id: null, version: null, title: 'VIP', contactIds: [] });
    expect(await screen.findByLabelText('Tilføj kontakt')).toBeInTheDocument();
  });

  it('adds a contact with the picker, which empties 300 ms later, removes one and saves', async () => {
    const saves = serveList();
    renderApp('/contacts/contact-lists/l-1');
    const table = await screen.findByRole('table', { name: 'Kontakter' });
    expect(within(table).getByRole('link', { name: 'Bo Bager' })).toBeInTheDocument();
    const picker = screen.getByLabelText('Tilføj kontakt');
    await userEvent.type(picker, 'eva');
    const option = await screen.findByRole('option', { name: /Eva Ejer/, hidden: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(option);
      expect(await within(table).findByRole('link', { name: 'Eva Ejer' })).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CONTACT_PICKER_CLEAR_MS + 50);
      });
      await waitFor(() => expect(picker).toHaveValue(''));
    } finally {
      vi.useRealTimers();
    }
    await userEvent.click(within(table).getByRole('button', { name: 'Fjern Bo Bager' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kontaktliste blev gemt!')).toBeInTheDocument();
    expect(saves[0]).toEqual({ id: 'l-1', version: 2, title: 'VIP', contactIds: ['p-2'] });
  });
});
