import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { modules } from '../../test/fixtures';
import { staffAtDemoFc, staffSession } from '../../test/staffSession';
import { fieldOf, filesOf, readMultipart, type MultipartPart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import type { Company } from './types';

const bakery = {
  name: 'Bageriet Grøn ApS',
  cvr: '40112233',
  address: 'Bagergade 1',
  zipCode: '8000',
  city: 'Aarhus C',
  email: 'info@bager.test',
  phone: '11223344',
  website: 'https://bager.test',
};

const saved: Company = {
  id: 'c-1',
  version: 3,
  ...bakery,
  ean: null,
  status: 1,
  followUpDate: '2025-09-01',
  vatExcluded: false,
  useEAN: false,
  logoWeb: null,
  logoPrint: null,
  extraInfo: {
    branche: { title: 'Branche', alias: 'branche', value: 'Mad', values: ['Byg', 'Mad'] },
  },
  ticketLimits: {},
  ownerId: 'u2',
  contacts: [
    {
      id: 'p-1',
      firstname: 'Bo',
      lastname: 'Bager',
      email: 'bo@bager.test',
      phone: null,
      mobile: null,
    },
  ],
};

const COMPANY_CONFLICT =
  'Virksomheden er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.';

/** The company endpoints; returns the multipart bodies POSTed to /api/companies/update. */
function serveCompanies(answer?: () => Response) {
  const updates: MultipartPart[][] = [];
  server.use(
    ...staffSession(),
    http.get('/api/companies/cvr-search', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      if (query === 'kvote') {
        return HttpResponse.json(
          { success: false, error: 'CVR-opslag er midlertidigt spærret (kvote opbrugt)' },
          { status: 422 },
        );
      }
      return HttpResponse.json({ success: true, result: query.length >= 3 ? [bakery] : [] });
    }),
    http.post('/api/companies/update', async ({ request }) => {
      updates.push(await readMultipart(request));
      return answer?.() ?? HttpResponse.json({ success: true, result: 'c-1' });
    }),
    http.get('/api/companies/c-1', () =>
      HttpResponse.json({ success: true, result: saved, data: { orders: [], contracts: [] } }),
    ),
  );
  return updates;
}

/** jsdom cannot measure PrimeReact's positioned overlays, so they stay display:none here. */
function findOption(name: string | RegExp) {
  return screen.findByRole('option', { name, hidden: true });
}

/** Opens a select with the keyboard (its focusable input is visually hidden) and picks `option`. */
async function chooseOption(label: string, option: string) {
  screen.getByLabelText(label).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await findOption(option));
}

describe('the company editor', () => {
  it('creates a company from the CVR lookup and sends its JSON and logo as multipart', async () => {
    const updates = serveCompanies();
    const { router } = renderApp('/companies/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opret virksomhed' }),
    ).toBeInTheDocument();
    // Once unsaved: no Filer or Arrangementer tab.
    expect(screen.getByRole('tab', { name: 'Virksomhed' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Filer' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('CVR-opslag'), 'bager');
    await userEvent.click(await findOption(/Bageriet Grøn ApS/));
    expect(screen.getByLabelText('Navn')).toHaveValue('Bageriet Grøn ApS');
    expect(screen.getByLabelText('CVR')).toHaveValue('40112233');
    expect(screen.getByLabelText('By')).toHaveValue('Aarhus C');
    expect(screen.getByLabelText('Hjemmeside')).toHaveValue('https://bager.test');

    await chooseOption('Branche', 'Byg');
    await chooseOption('Status', 'Kunde');
    await userEvent.type(screen.getByLabelText('Opfølgning'), '2025-09-01');
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo (web)'), logo);
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

    expect(await screen.findByText('Virksomheden blev oprettet!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/c-1'));
    expect(updates).toHaveLength(1);
    const parts = updates[0] ?? [];
    expect(JSON.parse(fieldOf(parts, 'data') ?? '{}')).toEqual({
      id: null,
      version: null,
      ...bakery,
      ean: '',
      status: 1,
      followUpDate: '2025-09-01',
      vatExcluded: false,
      useEAN: false,
      logoWeb: null,
      logoPrint: null,
      extraInfo: {
        branche: { title: 'Branche', alias: 'branche', value: 'Byg', values: ['Byg', 'Mad'] },
        nyhedsbrev: { title: 'Nyhedsbrev', alias: 'nyhedsbrev', value: [], values: ['Ja'] },
      },
      ticketLimits: {},
      ownerId: null,
      contactIds: [],
    });
    expect(filesOf(parts, 'logoWebFile')).toEqual([
      expect.objectContaining({ filename: 'logo.png', contentType: 'image/png' }),
    ]);
    expect(filesOf(parts, 'logoPrintFile')).toEqual([]);
    // The saved company with its tabs.
    expect(await screen.findByRole('tab', { name: 'Filer' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Arrangementer' })).toBeInTheDocument();
  });

  it('checks the rules of spec 1 §5 and focuses the first invalid field', async () => {
    const updates = serveCompanies();
    renderApp('/companies/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByText('CVR skal udfyldes, når telefon ikke er udfyldt')).toBeInTheDocument();
    expect(screen.getByText('Telefon skal udfyldes, når CVR ikke er udfyldt')).toBeInTheDocument();
    expect(screen.getByText('Branche skal udfyldes')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Navn')).toHaveFocus());

    // Either CVR or phone is enough; a CVR has 8 digits.
    await userEvent.type(screen.getByLabelText('Telefon'), '12345678');
    await waitFor(() =>
      expect(
        screen.queryByText('CVR skal udfyldes, når telefon ikke er udfyldt'),
      ).not.toBeInTheDocument(),
    );
    await userEvent.type(screen.getByLabelText('CVR'), '123');
    await userEvent.tab();
    expect(await screen.findByText('CVR skal være 8 cifre')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Brug EAN'));
    expect(await screen.findByText('EAN skal udfyldes')).toBeInTheDocument();

    const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Logo (print)'), pdf, { applyAccept: false });
    expect(await screen.findByText('Logo (print) skal være et billede')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });

  it("shows the server's 422 messages on the fields and as a toast", async () => {
    serveCompanies(() =>
      HttpResponse.json(
        {
          success: false,
          error: 'Virksomheden kunne ikke gemmes',
          errors: {
            email: ['E-mail skal være en gyldig e-mail adresse'],
            ownerId: ['Ansvarlig findes ikke'],
          },
        },
        { status: 422 },
      ),
    );
    renderApp('/companies/c-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bageriet Grøn ApS' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Virksomheden kunne ikke gemmes')).toBeInTheDocument();
    expect(screen.getByText('Ansvarlig findes ikke')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'E-mail skal være en gyldig e-mail adresse',
    );
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });

  it('saves with the version it read, and after a save with the next one', async () => {
    let version = 3;
    const updates = serveCompanies(() => {
      version += 1;
      return HttpResponse.json({ success: true, result: 'c-1' });
    });
    server.use(
      http.get('/api/companies/c-1', () =>
        HttpResponse.json({
          success: true,
          result: { ...saved, version },
          data: { orders: [], contracts: [] },
        }),
      ),
    );
    renderApp('/companies/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Bageriet Grøn ApS' });
    const save = screen.getByRole('button', { name: 'Gem' });
    await userEvent.click(save);
    expect(await screen.findByText('Virksomheden blev gemt!')).toBeInTheDocument();
    // The save ends once the company is read again.
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(updates).toHaveLength(2));
    const versions = updates.map((parts) => JSON.parse(fieldOf(parts, 'data') ?? '{}').version);
    expect(versions).toEqual([3, 4]);
  });

  it("shows a 409's Danish text and keeps what was typed (and the version read)", async () => {
    const updates = serveCompanies(() =>
      HttpResponse.json({ success: false, error: COMPANY_CONFLICT }, { status: 409 }),
    );
    renderApp('/companies/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Bageriet Grøn ApS' });
    await userEvent.clear(screen.getByLabelText('Navn'));
    await userEvent.type(screen.getByLabelText('Navn'), 'Bageriet Blå ApS');
    await userEvent.clear(screen.getByLabelText('By'));
    await userEvent.type(screen.getByLabelText('By'), 'Odense C');
    const save = screen.getByRole('button', { name: 'Gem' });
    await userEvent.click(save);
    expect(await screen.findByText(COMPANY_CONFLICT)).toBeInTheDocument();
    expect(screen.queryByText('Virksomheden kunne ikke gemmes.')).not.toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.getByLabelText('Navn')).toHaveValue('Bageriet Blå ApS');
    expect(screen.getByLabelText('By')).toHaveValue('Odense C');
    expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
      id: 'c-1',
      version: 3,
      name: 'Bageriet Blå ApS',
      city: 'Odense C',
    });
    // Until the page is read again, a second try is refused too: nothing is overwritten.
    await userEvent.click(save);
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(JSON.parse(fieldOf(updates[1] ?? [], 'data') ?? '{}')).toMatchObject({ version: 3 });
    expect(screen.getByLabelText('Navn')).toHaveValue('Bageriet Blå ApS');
  });

  it("shows the lookup service's Danish error", async () => {
    serveCompanies();
    renderApp('/companies/create');
    await userEvent.type(await screen.findByLabelText('CVR-opslag'), 'kvote');
    expect(
      await screen.findAllByText('CVR-opslag er midlertidigt spærret (kvote opbrugt)'),
    ).not.toHaveLength(0);
  });

  it('adds an existing contact with the picker and a new one in the dialog, removes one, and saves', async () => {
    const updates = serveCompanies();
    const created: MultipartPart[][] = [];
    server.use(
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
      http.post('/api/contacts/update', async ({ request }) => {
        created.push(await readMultipart(request));
        return HttpResponse.json({ success: true, data: { id: 'p-3' } });
      }),
    );
    renderApp('/companies/c-1');
    const contacts = await screen.findByRole('table', { name: 'Kontaktpersoner' });
    expect(within(contacts).getByRole('link', { name: 'Bo Bager' })).toHaveAttribute(
      'href',
      '/contacts/p-1',
    );

    await userEvent.type(screen.getByLabelText('Tilføj kontaktperson'), 'eva');
    await userEvent.click(await findOption(/Eva Ejer/));
    expect(await within(contacts).findByRole('link', { name: 'Eva Ejer' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Opret kontaktperson' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret kontaktperson' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opret' }));
    expect(await within(dialog).findByText('Fornavn skal udfyldes')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Fornavn'), 'Ny');
    await userEvent.type(within(dialog).getByLabelText('Efternavn'), 'Person');
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'ny@test.dk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opret' }));
    expect(await screen.findByText('Kontaktpersonen blev oprettet!')).toBeInTheDocument();
    expect(await within(contacts).findByRole('link', { name: 'Ny Person' })).toBeInTheDocument();
    expect(JSON.parse(fieldOf(created[0] ?? [], 'data') ?? '{}')).toMatchObject({
      firstname: 'Ny',
      lastname: 'Person',
      email: 'ny@test.dk',
      noInvitations: false,
      noNewsletters: false,
    });
    // The dialog's own submit never saved the company.
    expect(updates).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Fjern Bo Bager' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Virksomheden blev gemt!')).toBeInTheDocument();
    expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
      id: 'c-1',
      ownerId: 'u2',
      contactIds: ['p-2', 'p-3'],
    });
  });

  it('edits ticket limits per event type and product on the Arrangementer tab and saves them', async () => {
    const updates = serveCompanies();
    server.use(
      http.get('/api/companies/event-types', () =>
        HttpResponse.json({
          success: true,
          result: [
            { id: 'et-1', title: 'Hjemmekamp' },
            { id: 'et-2', title: 'Pokalkamp' },
          ],
          products: [
            { id: 'pr-1', title: 'VIP-billet' },
            { id: 'pr-2', title: 'Ståplads' },
          ],
        }),
      ),
      http.get('/api/companies/c-1/ticket-utilization', () =>
        HttpResponse.json({
          success: true,
          result: [{ id: 'u-1', product: 'VIP-billet', used: 12, total: 10, utilization: 120 }],
        }),
      ),
    );
    renderApp('/companies/c-1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Arrangementer' }));
    const limit = await screen.findByRole('spinbutton', {
      name: 'Maks. antal VIP-billet til Pokalkamp',
    });
    await userEvent.type(limit, '20');
    const used = screen.getByRole('table', { name: 'Billetter brugt i indeværende sæson' });
    expect(within(used).getByText('VIP-billet')).toBeInTheDocument();
    expect(within(used).getByText('120 %')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Virksomheden blev gemt!')).toBeInTheDocument();
    expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}').ticketLimits).toEqual({
      'et-2': [{ productId: 'pr-1', maxAmount: 20 }],
    });
  });

  it("lists the company's contracts and orders with 'Vis alle', the year's sales, and removes a logo", async () => {
    const updates = serveCompanies();
    server.use(
      http.get('/api/companies/c-1', () =>
        HttpResponse.json({
          success: true,
          result: { ...saved, logoWeb: '/api/files/download/logo-1' },
          data: {
            contracts: [
              {
                id: 'k-1',
                contractNumber: 1001,
                category: 'Sponsorat',
                status: 'approved',
                startDate: '2025-01-01',
                endDate: null,
                noEndDate: true,
                renewDate: null,
                subtotal: 1000000,
                additionalFee: 5000,
                total: 1256250,
              },
              {
                id: 'k-2',
                contractNumber: 1002,
                category: null,
                status: 'renewal',
                startDate: '2026-01-01',
                endDate: '2026-12-31',
                noEndDate: false,
                renewDate: '2026-10-01',
                subtotal: 200000,
                additionalFee: 0,
                total: 250000,
              },
            ],
            orders: [
              {
                id: 'o-1',
                orderNumber: 5001,
                status: 'draft',
                createDate: '2025-03-02T10:00:00Z',
                subtotal: 25000,
                additionalFee: 0,
              },
            ],
          },
        }),
      ),
      http.get('/api/companies/c-1/revenue', () =>
        HttpResponse.json({ success: true, result: { revenue: 1234550, year: 2025 } }),
      ),
    );
    renderApp('/companies/c-1');
    const contracts = await screen.findByRole('table', { name: 'Aftaler' });
    expect(within(contracts).getByRole('link', { name: '1001' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-1',
    );
    expect(contracts).toHaveTextContent('Sponsorat');
    expect(contracts).toHaveTextContent('Godkendt');
    expect(contracts).toHaveTextContent('01-01-2025 – Løbende');
    // Listed totals are subtotal plus fee, without VAT.
    expect(contracts).toHaveTextContent(/10\.050,00\skr\./);
    expect(contracts).not.toHaveTextContent(/12\.562,50/);
    const renewal = within(contracts).getByRole('row', { name: /1002/ });
    expect(renewal).toHaveTextContent('Gentegning');
    expect(renewal).toHaveTextContent('01-01-2026 – 31-12-2026');
    expect(renewal).toHaveTextContent(/2\.000,00\skr\./);
    expect(within(contracts).getByRole('link', { name: '1002' })).toHaveAttribute(
      'href',
      '/orders/contracts/k-2',
    );
    const orders = screen.getByRole('table', { name: 'Ordrer' });
    expect(within(orders).getByRole('link', { name: '5001' })).toHaveAttribute(
      'href',
      '/orders/o-1',
    );
    expect(orders).toHaveTextContent('Kladde');
    const showAll = screen.getAllByRole('link', { name: 'Vis alle' });
    expect(showAll.map((link) => link.getAttribute('href'))).toEqual([
      '/orders/contracts?companyId=c-1',
      '/orders?companyId=c-1',
    ]);
    expect(await screen.findByText(/12\.345,50\skr\./)).toBeInTheDocument();
    expect(screen.getByText('Salg år til dato')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Billede: Logo (web)' })).toHaveAttribute(
      'src',
      '/api/files/download/logo-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fjern Logo (web)' }));
    expect(screen.queryByRole('img', { name: 'Billede: Logo (web)' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Virksomheden blev gemt!')).toBeInTheDocument();
    expect(JSON.parse(fieldOf(updates[0] ?? [], 'data') ?? '{}')).toMatchObject({
      logoWeb: null,
    });
  });

  it("opens under the club's own endpoint name and leaves out the CVR lookup the club hid", async () => {
    const renamed = modules.map((module) =>
      module.alias === 'companies'
        ? { ...module, endpoint: 'sponsorer', customComponents: { cvrLookup: 'Skjul' } }
        : module,
    );
    const asked: string[] = [];
    server.use(
      ...staffSession({ ...staffAtDemoFc, modules: renamed }),
      http.get('/api/sponsorer/event-types', () =>
        HttpResponse.json({ success: true, result: [], products: [] }),
      ),
      http.get('/api/sponsorer/c-1/revenue', () =>
        HttpResponse.json({ success: true, result: { revenue: 0, year: 2025 } }),
      ),
      http.get('/api/sponsorer/c-1/ticket-utilization', () =>
        HttpResponse.json({ success: true, result: [] }),
      ),
      http.get('/api/sponsorer/c-1', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({
          success: true,
          result: saved,
          data: { orders: [], contracts: [] },
        });
      }),
    );
    renderApp('/companies/c-1');
    expect(await screen.findByLabelText('Navn')).toHaveValue('Bageriet Grøn ApS');
    expect(asked).toEqual(['/api/sponsorer/c-1']);
    expect(screen.queryByLabelText('CVR-opslag')).not.toBeInTheDocument();
  });
});
