import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/appApi';
import type { PaymentStart } from '../../api/generated/payments';
import type { ProfileSubscription, SavedPaymentCard } from '../../api/generated/subscriptions';
import { answerStripe, stripe } from '../../test/fakeStripe';
import { clubs, demoFc, modules, staffUser } from '../../test/fixtures';
import { fieldOf, readMultipart } from '../../test/multipart';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';
import type { CustomerProfile } from './customerProfileApi';

// No Stripe.js in jsdom: the fake Stripe of test/fakeStripe.
vi.mock('@stripe/stripe-js/pure', () =>
  import('../../test/fakeStripe').then((fake) => fake.stripeJs),
);
vi.mock('@stripe/react-stripe-js', () =>
  import('../../test/fakeStripe').then((fake) => fake.reactStripe),
);

const customer: SessionUser = {
  ...staffUser,
  id: 'u-kunde',
  firstname: 'Karen',
  lastname: 'Kunde',
  name: 'Karen Kunde',
  email: 'kunde@tribune.test',
  role: 'customer',
  clients: [{ clientId: 'c1', role: 'customer', systemUser: false, accepted: true }],
};

/** A customer of Demo FC: signed in, in public mode (the API says isFrontend for non-staff). */
const customerSession = {
  user: customer,
  clients: clubs.slice(0, 1),
  client: { ...demoFc, isFrontend: true },
  modules,
  isFrontend: true,
};

const profile: CustomerProfile = {
  id: 'u-kunde',
  email: 'kunde@tribune.test',
  firstname: 'Karen',
  lastname: 'Kunde',
  phone: '12345678',
  mobile: null,
  about: null,
  linkedin: null,
  picture: null,
};

const visa: SavedPaymentCard = {
  cardId: 'pm_visa',
  cardType: 'visa',
  cardNumber: '•••• 4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
};

const mastercard: SavedPaymentCard = {
  cardId: 'pm_mc',
  cardType: 'mastercard',
  cardNumber: '•••• 4444',
  expMonth: 3,
  expYear: 2031,
  isDefault: false,
};

const active: ProfileSubscription = {
  id: 's-1',
  subscriptionNumber: 1001,
  startDate: '2025-08-01',
  endDate: '2026-07-31',
  nextPayment: '2025-09-01',
  commitmentDate: '2026-07-31',
  status: 'approved',
  canCancel: false,
  total: 49900,
  orderLines: [
    {
      id: 'l-1',
      title: 'Sæsonkort',
      variant: 'Voksen',
      amount: 1,
      price: 49900,
      total: 49900,
      options: [],
      offered: [],
    },
  ],
};

const ended: ProfileSubscription = {
  id: 's-2',
  subscriptionNumber: 1002,
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  nextPayment: null,
  commitmentDate: '2024-06-30',
  status: 'cancelled',
  canCancel: false,
  total: 12000,
  orderLines: [
    {
      id: 'l-2',
      title: 'Fanklub',
      variant: null,
      amount: 2,
      price: 6000,
      total: 12000,
      options: [],
      offered: [],
    },
  ],
};

const cancellable: ProfileSubscription = {
  ...active,
  id: 's-3',
  subscriptionNumber: 1003,
  commitmentDate: '2025-01-31',
  canCancel: true,
};

interface Served {
  cards?: SavedPaymentCard[] | (() => Response);
  subscriptions?: ProfileSubscription[];
}

/** The customer's session and profile calls; returns what the page sent. */
function serve({ cards = [visa, mastercard], subscriptions = [active, ended] }: Served = {}) {
  const sent = {
    saves: [] as unknown[],
    defaults: [] as (string | null)[],
    deletes: [] as unknown[],
    accepts: [] as unknown[],
    cancels: [] as string[],
  };
  let storedCards = Array.isArray(cards) ? [...cards] : [];
  let storedSubscriptions = [...subscriptions];
  const ok = (result: unknown) => HttpResponse.json({ success: true, result });
  server.use(
    ...sessionHandlers(customerSession),
    http.get('/api/profile', () => ok(profile)),
    http.post('/api/profile/update', async ({ request }) => {
      sent.saves.push(JSON.parse(fieldOf(await readMultipart(request), 'data') ?? 'null'));
      return ok('u-kunde');
    }),
    http.get('/api/profile/cards', () => (Array.isArray(cards) ? ok(storedCards) : cards())),
    http.post('/api/profile/default-card', ({ request }) => {
      const cardId = new URL(request.url).searchParams.get('cardId');
      sent.defaults.push(cardId);
      storedCards = storedCards.map((card) => ({ ...card, isDefault: card.cardId === cardId }));
      return ok(storedCards);
    }),
    http.post('/api/profile/delete-card', async ({ request }) => {
      const body = (await request.json()) as { cardId: string };
      sent.deletes.push(body);
      storedCards = storedCards.filter((card) => card.cardId !== body.cardId);
      return ok(storedCards);
    }),
    http.post('/api/profile/create-card', () =>
      ok({
        kind: 'stripe',
        clientSecret: 'seti_1_secret_abc',
        publishableKey: 'pk_test_tribune',
      } satisfies PaymentStart),
    ),
    http.post('/api/profile/accept-card', async ({ request }) => {
      sent.accepts.push(await request.json());
      storedCards = [...storedCards, mastercard];
      return ok(storedCards);
    }),
    http.get('/api/profile/subscriptions', () => ok(storedSubscriptions)),
    http.post('/api/profile/cancel-subscription/:id', ({ params }) => {
      const id = String(params.id);
      sent.cancels.push(id);
      if (id !== cancellable.id) {
        return HttpResponse.json(
          {
            success: false,
            error: 'Abonnementet kan først opsiges når bindingsperioden er udløbet (31-07-2026)',
          },
          { status: 422 },
        );
      }
      storedSubscriptions = storedSubscriptions.map((subscription) =>
        subscription.id === id
          ? { ...subscription, status: 'cancelled', canCancel: false, nextPayment: null }
          : subscription,
      );
      return HttpResponse.json({ success: true });
    }),
  );
  return sent;
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text) !== null) as HTMLElement;

beforeEach(() => answerStripe());

describe('the customer profile: two variants of /profile', () => {
  it('shows a signed-in customer the sections in the public layout, chosen by the hash', async () => {
    serve();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Fornavn')).toHaveValue('Karen');
    // The public layout: the club's header and footer, no back-office sidebar.
    expect(screen.getByRole('link', { name: 'Handelsbetingelser' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Moduler' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Min profil' });
    expect(within(menu).getByRole('link', { name: 'Profil' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(within(menu).getByRole('link', { name: 'Betalingskort' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betalingskort' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Betalingskort' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Betalingskort' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByLabelText('Fornavn')).not.toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('link', { name: 'Abonnementer' }));
    expect(await screen.findByRole('table', { name: 'Abonnementer' })).toBeInTheDocument();
  });

  it('opens the section of the hash it is opened with', async () => {
    serve();
    renderApp('/profile#subscriptions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abonnementer' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Abonnementer' })).toBeInTheDocument();
  });

  it('shows staff the staff form in the back office', async () => {
    server.use(
      ...sessionHandlers({ user: staffUser, clients: clubs.slice(0, 1), client: demoFc, modules }),
      http.get('/api/profile', () =>
        HttpResponse.json({
          success: true,
          result: {
            ...profile,
            id: 'u2',
            email: 'staff@tribune.test',
            firstname: 'Sofie',
            title: 'Sælger',
            signature: null,
            emailConfirmed: true,
            superAdmin: false,
          },
        }),
      ),
    );
    renderApp('/profile');
    expect(await screen.findByLabelText('Titel')).toHaveValue('Sælger');
    expect(screen.getByRole('navigation', { name: 'Moduler' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Min profil' })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor to the login', async () => {
    server.use(...sessionHandlers({ client: demoFc, modules }));
    const { router } = renderApp('/profile#cards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log ind' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('Profil', () => {
  it('requires the first name, keeps the e-mail read-only and saves with a toast', async () => {
    const sent = serve();
    renderApp('/profile');
    const firstname = await screen.findByLabelText('Fornavn');
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(screen.getByLabelText('E-mail')).toHaveValue('kunde@tribune.test');

    await userEvent.clear(firstname);
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Fornavn skal udfyldes')).toBeInTheDocument();
    expect(sent.saves).toHaveLength(0);

    await userEvent.type(firstname, 'Karin');
    await userEvent.clear(screen.getByLabelText('Telefon'));
    await userEvent.type(screen.getByLabelText('Telefon'), '87654321');
    await userEvent.type(screen.getByLabelText('Mobil'), '20304050');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Profil blev gemt!')).toBeInTheDocument();
    expect(sent.saves).toEqual([
      {
        firstname: 'Karin',
        lastname: 'Kunde',
        phone: '87654321',
        mobile: '20304050',
        about: null,
        linkedin: null,
      },
    ]);
    expect(sent.saves[0]).not.toHaveProperty('email');
  });

  it("shows the server's field errors on the fields", async () => {
    serve();
    server.use(
      http.post('/api/profile/update', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Der er fejl i formularen',
            errors: { firstname: ['Fornavn skal udfyldes'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/profile');
    await screen.findByLabelText('Fornavn');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Fornavn skal udfyldes')).toBeInTheDocument();
    expect(screen.getByLabelText('Fornavn')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Betalingskort', () => {
  it('lists the cards with brand, number, expiry and the default marked', async () => {
    serve();
    renderApp('/profile#cards');
    const table = await screen.findByRole('table', { name: 'Betalingskort' });
    const first = rowOf(table, '•••• 4242');
    expect(within(first).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(first).toHaveTextContent('12/30');
    expect(within(first).getByText('Standard')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Gør til standard' })).toBeNull();
    const second = rowOf(table, '•••• 4444');
    expect(within(second).getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
    expect(second).toHaveTextContent('03/31');
    expect(within(second).queryByText('Standard')).toBeNull();
    expect(within(second).getByRole('button', { name: 'Gør til standard' })).toBeInTheDocument();
  });

  it("makes a card the default ('Gør til standard')", async () => {
    const sent = serve();
    renderApp('/profile#cards');
    const table = await screen.findByRole('table', { name: 'Betalingskort' });
    await userEvent.click(
      within(rowOf(table, '•••• 4444')).getByRole('button', { name: 'Gør til standard' }),
    );
    await waitFor(() =>
      expect(within(rowOf(table, '•••• 4444')).getByText('Standard')).toBeInTheDocument(),
    );
    expect(within(rowOf(table, '•••• 4242')).queryByText('Standard')).toBeNull();
    expect(sent.defaults).toEqual(['pm_mc']);
  });

  it('deletes a card only after the confirmation', async () => {
    const sent = serve();
    renderApp('/profile#cards');
    const table = await screen.findByRole('table', { name: 'Betalingskort' });
    await userEvent.click(within(rowOf(table, '•••• 4242')).getByRole('button', { name: 'Slet' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette dette kort?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(sent.deletes).toHaveLength(0);

    await userEvent.click(within(rowOf(table, '•••• 4242')).getByRole('button', { name: 'Slet' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    await waitFor(() => expect(within(table).queryByText('•••• 4242')).toBeNull());
    expect(within(table).getByText('•••• 4444')).toBeInTheDocument();
    expect(sent.deletes).toEqual([{ cardId: 'pm_visa' }]);
  });

  it('adds a card: the SetupIntent confirmed with Stripe, then accepted by the server', async () => {
    const sent = serve({ cards: [visa] });
    renderApp('/profile#cards');
    const table = await screen.findByRole('table', { name: 'Betalingskort' });
    await userEvent.click(screen.getByRole('button', { name: 'Tilføj kort' }));
    await userEvent.type(await screen.findByLabelText('Kortnummer'), '5555 5555 5555 4444');
    await userEvent.click(screen.getByRole('button', { name: 'Gem kort' }));
    await waitFor(() => expect(within(table).getByText('•••• 4444')).toBeInTheDocument());
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/api/profile/accept-subscription` },
      redirect: 'if_required',
    });
    expect(sent.accepts).toEqual([{ setupIntent: 'seti_1' }]);
    expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
  });

  it('says so when the card came back saved or failed from the bank', async () => {
    serve();
    renderApp('/profile?card=failed#cards');
    expect(await screen.findByText('Kortet kunne ikke gemmes. Prøv igen.')).toBeInTheDocument();
  });

  it("shows the club's reason instead of the table when it stores no cards", async () => {
    serve({
      cards: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Klubben gemmer ikke betalingskort (kortbetaling via Stripe er ikke sat op).',
          },
          { status: 422 },
        ),
    });
    renderApp('/profile#cards');
    expect(
      await screen.findByText(
        'Klubben gemmer ikke betalingskort (kortbetaling via Stripe er ikke sat op).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Betalingskort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tilføj kort' })).not.toBeInTheDocument();
  });
});

describe('Abonnementer', () => {
  it('lists the subscriptions: Aktiv or Annulleret, a dash for no next payment', async () => {
    serve();
    renderApp('/profile#subscriptions');
    const table = await screen.findByRole('table', { name: 'Abonnementer' });
    const current = rowOf(table, '1001');
    expect(within(current).getByText('Aktiv')).toBeInTheDocument();
    expect(current).toHaveTextContent('01-08-2025');
    expect(current).toHaveTextContent('01-09-2025');
    expect(current).toHaveTextContent('1 × Sæsonkort (Voksen)');
    expect(current).toHaveTextContent('499,00');
    // Inside the commitment: no cancel button, the date from which it can be cancelled.
    expect(within(current).queryByRole('button', { name: 'Opsig abonnement' })).toBeNull();
    expect(current).toHaveTextContent('Kan opsiges fra 31-07-2026');

    const old = rowOf(table, '1002');
    expect(within(old).getByText('Annulleret')).toBeInTheDocument();
    const cells = within(old).getAllByRole('cell');
    const headers = within(table).getAllByRole('columnheader');
    const nextPayment = headers.findIndex((header) => header.textContent === 'Næste betaling');
    // The cell holds its column's name too, shown only when a phone stacks the rows.
    expect(cells[nextPayment]).toHaveTextContent(/^(Næste betaling)?–$/);
    expect(within(old).queryByRole('button', { name: 'Opsig abonnement' })).toBeNull();
  });

  it("shows the server's refusal of a cancellation as an error", async () => {
    const sent = serve({ subscriptions: [{ ...active, canCancel: true }] });
    renderApp('/profile#subscriptions');
    const table = await screen.findByRole('table', { name: 'Abonnementer' });
    await userEvent.click(
      within(rowOf(table, '1001')).getByRole('button', { name: 'Opsig abonnement' }),
    );
    expect(
      await screen.findByText('Er du sikker på at du vil annullere dette abonnement?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(
      await screen.findByText(
        'Abonnementet kan først opsiges når bindingsperioden er udløbet (31-07-2026)',
      ),
    ).toBeInTheDocument();
    expect(sent.cancels).toEqual(['s-1']);
    expect(within(rowOf(table, '1001')).getByText('Aktiv')).toBeInTheDocument();
  });

  it('cancels a subscription whose commitment has run out', async () => {
    const sent = serve({ subscriptions: [cancellable] });
    renderApp('/profile#subscriptions');
    const table = await screen.findByRole('table', { name: 'Abonnementer' });
    await userEvent.click(
      within(rowOf(table, '1003')).getByRole('button', { name: 'Opsig abonnement' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Abonnement blev annulleret!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf(table, '1003')).getByText('Annulleret')).toBeInTheDocument(),
    );
    expect(sent.cancels).toEqual(['s-3']);
    expect(
      within(rowOf(table, '1003')).queryByRole('button', { name: 'Opsig abonnement' }),
    ).toBeNull();
  });
});
