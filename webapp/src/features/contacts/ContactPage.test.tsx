import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffSession } from '../../test/staffSession';
import { fieldOf, filesOf, readMultipart, type MultipartPart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { emptyList, server } from '../../test/server';
import type { Contact } from './types';

const contact: Contact = {
  id: 'p-1',
  version: 1,
  firstname: 'Bo',
  lastname: 'Bager',
  email: 'bo@bager.test',
  phone: '11223344',
  mobile: null,
  linkedin: null,
  about: 'Indehaver',
  highlighted: true,
  noInvitations: false,
  noNewsletters: false,
  picture: null,
  extraInfo: {},
  companyIds: ['c-1'],
  listIds: [],
  paymentCards: [{ cardType: 'Visa', cardNumber: '4242424242424242', expMonth: 4, expYear: 2028 }],
};

function serveContact(answer?: () => Response, served: Contact = contact) {
  const updates: MultipartPart[][] = [];
  const deletedCards: unknown[] = [];
  server.use(
    http.get('/api/contacts/lists', () =>
      HttpResponse.json({ success: true, result: [{ id: 'l-1', title: 'VIP' }] }),
    ),
    http.get('/api/companies', () =>
      HttpResponse.json({
        success: true,
        result: [{ id: 'c-2', name: 'Nordisk Byggeservice ApS', cvr: '12345678', city: 'Odense' }],
      }),
    ),
    http.get('/api/contacts/p-1', () =>
      HttpResponse.json({
        success: true,
        result: served,
        data: { companies: [{ id: 'c-1', name: 'Bageriet Grøn ApS' }] },
      }),
    ),
    http.post('/api/contacts/update', async ({ request }) => {
      updates.push(await readMultipart(request));
      return answer?.() ?? HttpResponse.json({ success: true, data: { id: 'p-1' } });
    }),
    http.post('/api/contacts/p-1/delete-card', async ({ request }) => {
      deletedCards.push(await request.json());
      return HttpResponse.json({ success: true });
    }),
    emptyList('/api/contacts'),
    ...staffSession(),
  );
  return { updates, deletedCards };
}

describe('the contact editor', () => {
  it('asks for first name, last name and e-mail, and wants a picture', async () => {
    const { updates } = serveContact();
    renderApp('/contacts/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Fornavn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('Efternavn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('E-mail skal udfyldes')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Fornavn')).toHaveFocus());
    await userEvent.upload(
      screen.getByLabelText('Billede'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(await screen.findByText('Billede skal være et billede')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
    // The contacts module's side menu.
    const menu = screen.getByRole('navigation', { name: 'Undermenu' });
    expect(within(menu).getByRole('link', { name: 'Kontakter' })).toHaveAttribute(
      'href',
      '/contacts',
    );
    expect(within(menu).getByRole('link', { name: 'Kontaktlister' })).toHaveAttribute(
      'href',
      '/contacts/contact-lists',
    );
  });

  it('creates a contact with its picture and moves to its page', async () => {
    const { updates } = serveContact();
    const { router } = renderApp('/contacts/create');
    await userEvent.type(await screen.findByLabelText('Fornavn'), 'Bo');
    await userEvent.type(screen.getByLabelText('Efternavn'), 'Bager');
    await userEvent.type(screen.getByLabelText('E-mail'), 'bo@bager.test');
    await userEvent.upload(
      screen.getByLabelText('Billede'),
      new File([new Uint8Array([137, 80, 78, 71])], 'bo.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kontaktpersonen blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/p-1'));
    const parts = updates[0] ?? [];
    expect(JSON.parse(fieldOf(parts, 'data') ?? '{}')).toMatchObject({
      id: null,
      version: null,
      firstname: 'Bo',
      lastname: 'Bager',
      email: 'bo@bager.test',
      companyIds: [],
      listIds: [],
    });
    expect(filesOf(parts, 'file')).toEqual([
      expect.objectContaining({ filename: 'bo.png', contentType: 'image/png' }),
    ]);
  });

  it('shows the payment cards and deletes one after confirmation', async () => {
    const { deletedCards } = serveContact();
    server.use(
      http.get('/api/comments/p-1', () =>
        HttpResponse.json({ success: true, comments: [], totalComments: 0, unread: 0 }),
      ),
    );
    renderApp('/contacts/p-1');
    const cards = await screen.findByRole('table', { name: 'Betalingskort' });
    expect(cards).toHaveTextContent('Visa •••• 4242');
    expect(cards).toHaveTextContent('04/2028');
    expect(screen.getByRole('heading', { name: 'Kommentarer' })).toBeInTheDocument();
    await userEvent.click(within(cards).getByRole('button', { name: 'Slet Visa •••• 4242' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette betalingskort?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(deletedCards).toEqual([{ card: contact.paymentCards[0] }]));
  });

  it("saves, and shows the server's field errors", async () => {
    const { updates } = serveContact(() =>
      HttpResponse.json(
        {
          success: false,
          error: 'Kontakten kunne ikke gemmes',
          errors: { email: ['E-mail skal være en gyldig e-mail adresse'] },
        },
        { status: 422 },
      ),
    );
    renderApp('/contacts/p-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo Bager' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Kontakten kunne ikke gemmes')).toBeInTheDocument();
    expect(screen.getByText('E-mail skal være en gyldig e-mail adresse')).toBeInTheDocument();
    expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
      id: 'p-1',
      highlighted: true,
      about: 'Indehaver',
      companyIds: ['c-1'],
    });
  });

  describe("the contact's newsletters", () => {
    const unsubscribed: Contact = { ...contact, noNewsletters: true };

    it("shows 'Ingen nyhedsbreve' ticked for an unsubscribed contact and keeps it on save", async () => {
      const { updates } = serveContact(undefined, unsubscribed);
      renderApp('/contacts/p-1');
      expect(await screen.findByRole('checkbox', { name: 'Ingen nyhedsbreve' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Ingen invitationer' })).not.toBeChecked();
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(await screen.findByText('Kontaktpersonen blev gemt!')).toBeInTheDocument();
      expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
        id: 'p-1',
        noInvitations: false,
        noNewsletters: true,
      });
    });

    it('sends newsletters to the contact again when staff untick it', async () => {
      const { updates } = serveContact(undefined, unsubscribed);
      renderApp('/contacts/p-1');
      const noNewsletters = await screen.findByRole('checkbox', { name: 'Ingen nyhedsbreve' });
      await userEvent.click(noNewsletters);
      expect(noNewsletters).not.toBeChecked();
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(await screen.findByText('Kontaktpersonen blev gemt!')).toBeInTheDocument();
      expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
        id: 'p-1',
        noNewsletters: false,
      });
    });
  });
});
