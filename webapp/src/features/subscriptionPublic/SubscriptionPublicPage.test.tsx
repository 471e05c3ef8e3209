import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStart } from '../../api/generated/payments';
import type { Customer, PublicSubscription } from '../../api/generated/subscriptions';
import { formatOre } from '../../shared/format';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

// No Stripe.js in jsdom: loadStripe answers a fake Stripe, the card element is one field that is
// complete at 16 digits, and confirmSetup answers what each test tells it to.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmSetup: vi.fn(),
  elementsOptions: [] as unknown[],
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { createElement } = await import('react');
  const fakeStripe = { confirmSetup: stripe.confirmSetup };
  const fakeElements = { kind: 'elements' };
  return {
    Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
      stripe.elementsOptions.push(options);
      return children;
    },
    PaymentElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) =>
      createElement(
        'label',
        null,
        'Kortnummer',
        createElement('input', {
          onChange: (event: { target: { value: string } }) =>
            onChange({ complete: event.target.value.replace(/\s/g, '').length >= 16 }),
        }),
      ),
    useStripe: () => fakeStripe,
    useElements: () => fakeElements,
  };
});

const PAGE = '/subscriptions/s-1?token=good';
const TRADE_TERMS = 'Jeg har læst og accepterer Handelsbetingelser';
const SUBSCRIPTION_TERMS = 'Jeg har læst og accepterer Abonnementsbetingelser';

const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

function draft(extra: Partial<PublicSubscription> = {}): PublicSubscription {
  return {
    subscriptionNumber: 17,
    clubName: 'Demo FC',
    status: 'draft',
    repeats: 3,
    commitment: 6,
    startDate: '2027-01-01',
    endDate: null,
    customer: {
      firstname: 'Mette',
      lastname: 'Holm',
      email: 'mette@example.dk',
      phone: '12345678',
    },
    lines: [
      { title: 'Fitness', variant: 'Voksen', amount: 1, price: 29900, total: 29900 },
      { title: 'Håndklæde', variant: null, amount: 2, price: 2500, total: 5000 },
    ],
    subtotal: 27920,
    vat: 6980,
    total: 34900,
    pricesWithVat: true,
    card: null,
    nextPayment: '2027-01-01',
    canPay: true,
    chargeProblem: null,
    ...extra,
  };
}

const active = (extra: Partial<PublicSubscription> = {}) =>
  draft({ status: 'approved', card: VISA, nextPayment: '2027-04-01', ...extra });

const setupStart = (publishableKey = 'pk_test_tribune'): PaymentStart => ({
  kind: 'stripe',
  clientSecret: 'seti_123_secret_abc',
  publishableKey,
});

interface Served {
  page: PublicSubscription;
  /** Stripe.js is loaded once per key for the whole file: a new key is a new load. */
  publishableKey?: string;
  /** The answer of update-contact (default: the page with the sent contact). */
  updateContact?: (customer: Customer) => Response | undefined;
  confirm?: () => Response;
}

/** Anonymous visitor; the subscription s-1 answers for the token 'good' and refuses every other. */
function serveSubscription({ page, publishableKey, updateContact, confirm }: Served) {
  let current = page;
  const calls = {
    gets: 0,
    contacts: [] as unknown[],
    starts: [] as unknown[],
    confirms: [] as unknown[],
  };
  const refused = () =>
    HttpResponse.json(
      { success: false, error: 'Linket er ikke gyldigt. Bed klubben om et nyt betalingslink.' },
      { status: 403 },
    );
  const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token');
  const answer = (result: PublicSubscription) => HttpResponse.json({ success: true, result });
  server.use(
    ...sessionHandlers({}),
    http.get('/api/public/subscriptions/:id', ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.gets += 1;
      return answer(current);
    }),
    http.post('/api/public/subscriptions/:id/update-contact', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      const customer = (await request.json()) as Customer;
      calls.contacts.push(customer);
      const refusal = updateContact?.(customer);
      if (refusal) return refusal;
      current = { ...current, customer };
      return answer(current);
    }),
    http.post('/api/public/subscriptions/:id/activate', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.starts.push(await request.json());
      return HttpResponse.json({ success: true, result: setupStart(publishableKey) });
    }),
    http.post('/api/public/subscriptions/:id/activate/confirm', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.confirms.push(await request.json());
      const refusal = confirm?.();
      if (refusal) return refusal;
      current = { ...current, status: 'approved', card: VISA, chargeProblem: null };
      return answer(current);
    }),
  );
  return calls;
}

beforeEach(() => {
  stripe.elementsOptions.length = 0;
  stripe.loadStripe.mockResolvedValue({ kind: 'stripe' });
  stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_123' } });
});

async function acceptTerms() {
  await userEvent.click(await screen.findByRole('checkbox', { name: TRADE_TERMS }));
  await userEvent.click(screen.getByRole('checkbox', { name: SUBSCRIPTION_TERMS }));
}

async function enterCard() {
  await userEvent.type(await screen.findByLabelText('Kortnummer'), '4242 4242 4242 4242');
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the public subscription page', () => {
  it('shows the terms, the lines and the totals of the subscription', async () => {
    serveSubscription({ page: draft() });
    renderApp(PAGE);

    expect(await heading('Abonnement #17')).toBeInTheDocument();
    expect(screen.getByText('Demo FC')).toBeInTheDocument();
    expect(screen.getByText('Ikke aktiv')).toBeInTheDocument();
    expect(
      screen.getByText('Abonnementet har en binding på 6 måneder og betales hver 3. måned.'),
    ).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Vilkår' });
    expect(within(terms).getByText('Startdato')).toBeInTheDocument();
    expect(within(terms).getAllByText('01-01-2027')).toHaveLength(2);

    const lines = screen.getByRole('table', { name: 'Produkter' });
    expect(
      within(lines).getByRole('row', {
        name: `Fitness Voksen 1 ${formatOre(29900)} ${formatOre(29900)}`,
      }),
    ).toBeVisible();
    expect(
      within(lines).getByRole('row', { name: `Håndklæde 2 ${formatOre(2500)} ${formatOre(5000)}` }),
    ).toBeVisible();
    const totals = screen.getByRole('table', { name: 'Totaler' });
    expect(within(totals).getByRole('row', { name: `Subtotal ${formatOre(27920)}` })).toBeVisible();
    expect(
      within(totals).getByRole('row', { name: `Heraf moms ${formatOre(6980)}` }),
    ).toBeVisible();
    expect(within(totals).getByRole('row', { name: `Total ${formatOre(34900)}` })).toBeVisible();
  });

  it("reads 'hver måned' and 'ingen binding', and 'Moms' for prices without VAT", async () => {
    serveSubscription({ page: draft({ repeats: 1, commitment: 0, pricesWithVat: false }) });
    renderApp(PAGE);
    expect(
      await screen.findByText('Abonnementet har ingen binding og betales hver måned.'),
    ).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'Totaler' });
    expect(within(totals).getByRole('row', { name: `Moms ${formatOre(6980)}` })).toBeVisible();
  });

  it('shows an active subscription as Aktiv, with its card and the contact read-only', async () => {
    const calls = serveSubscription({ page: active() });
    renderApp(PAGE);
    expect(await heading('Abonnement #17')).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toBeInTheDocument();
    expect(screen.getByText('Kort: Visa •••• 4242')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Kontaktoplysninger' });
    expect(within(contact).getByText('Mette Holm')).toBeInTheDocument();
    expect(within(contact).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(calls.starts).toEqual([]);
  });

  it('says a cancelled subscription is no longer active, and offers no payment', async () => {
    const calls = serveSubscription({ page: draft({ status: 'cancelled', canPay: false }) });
    renderApp(PAGE);
    expect(await screen.findByText('Abonnementet er ikke længere aktivt!')).toBeInTheDocument();
    expect(screen.getByText('Ikke aktiv')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Betaling' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
    expect(calls.starts).toEqual([]);
  });

  it('sends a link that does not open the subscription to the public home', async () => {
    const calls = serveSubscription({ page: draft() });
    const { router } = renderApp('/subscriptions/s-1?token=wrong');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('heading', { name: 'Abonnement #17' })).not.toBeInTheDocument();
    expect(calls.starts).toEqual([]);
  });

  describe('the contact form of a draft', () => {
    it('checks the fields before anything is sent', async () => {
      const calls = serveSubscription({ page: draft() });
      renderApp(PAGE);
      const firstname = await screen.findByLabelText('Fornavn');
      await userEvent.clear(firstname);
      await userEvent.clear(screen.getByLabelText('Telefon'));
      await userEvent.clear(screen.getByLabelText('E-mail'));
      await userEvent.type(screen.getByLabelText('E-mail'), 'mette@');
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

      expect(await screen.findByText('Fornavn skal udfyldes')).toBeInTheDocument();
      expect(screen.getByText('Telefon skal udfyldes')).toBeInTheDocument();
      expect(screen.getByText('E-mail skal være en gyldig e-mail adresse')).toBeInTheDocument();
      expect(firstname).toHaveFocus();
      expect(calls.contacts).toEqual([]);
    });

    it("shows the server's field errors on the fields", async () => {
      serveSubscription({
        page: draft(),
        updateContact: () =>
          HttpResponse.json(
            {
              success: false,
              error: 'E-mail er ikke gyldig',
              errors: { email: ['E-mail er ikke gyldig'] },
            },
            { status: 422 },
          ),
      });
      renderApp(PAGE);
      const email = await screen.findByLabelText('E-mail');
      await userEvent.clear(email);
      await userEvent.type(email, 'mette@example');
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      expect(await screen.findByText('E-mail er ikke gyldig')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
    });

    it('saves the contact, trimmed, and says so', async () => {
      const calls = serveSubscription({ page: draft() });
      renderApp(PAGE);
      const phone = await screen.findByLabelText('Telefon');
      await userEvent.clear(phone);
      await userEvent.type(phone, ' 87654321 ');
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

      expect(await screen.findByText('Kontaktoplysningerne blev gemt!')).toBeInTheDocument();
      expect(calls.contacts).toEqual([
        { firstname: 'Mette', lastname: 'Holm', email: 'mette@example.dk', phone: '87654321' },
      ]);
      expect(screen.getByLabelText('Telefon')).toHaveValue('87654321');
    });

    it('asks for the contact before the card when the saved one is incomplete', async () => {
      const calls = serveSubscription({
        page: draft({ customer: { firstname: 'Mette', lastname: 'Holm', email: '', phone: '' } }),
      });
      renderApp(PAGE);
      expect(
        await screen.findByText(
          'Udfyld og gem dine kontaktoplysninger, før du aktiverer abonnementet.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
      expect(calls.starts).toEqual([]);

      await userEvent.type(screen.getByLabelText('E-mail'), 'mette@example.dk');
      await userEvent.type(screen.getByLabelText('Telefon'), '12345678');
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));

      expect(await screen.findByLabelText('Kortnummer')).toBeInTheDocument();
      expect(calls.starts).toEqual([{}]);
    });
  });

  describe('activation by card (Stripe)', () => {
    it('links both terms, in a new tab', async () => {
      serveSubscription({ page: draft() });
      renderApp(PAGE);
      // The public layout's footer links the terms too: these are the payment's.
      const payment = await screen.findByRole('region', { name: 'Betaling' });
      const trade = within(payment).getByRole('link', { name: 'Handelsbetingelser' });
      expect(trade).toHaveAttribute('href', '/terms');
      expect(trade).toHaveAttribute('target', '_blank');
      const subscription = within(payment).getByRole('link', { name: 'Abonnementsbetingelser' });
      expect(subscription).toHaveAttribute('href', '/subscription-terms');
      expect(subscription).toHaveAttribute('target', '_blank');
    });

    it('keeps the button disabled until both terms are accepted and the card is complete', async () => {
      const calls = serveSubscription({ page: draft(), publishableKey: 'pk_test_setup' });
      renderApp(PAGE);
      const activate = await screen.findByRole('button', { name: 'Aktivér abonnement' });
      expect(calls.starts).toEqual([{}]);
      expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_setup');
      expect(stripe.elementsOptions.at(-1)).toEqual({
        clientSecret: 'seti_123_secret_abc',
        locale: 'da',
      });

      await enterCard();
      expect(activate).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: TRADE_TERMS }));
      expect(activate).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: SUBSCRIPTION_TERMS }));
      expect(activate).toBeEnabled();
      await userEvent.click(screen.getByRole('checkbox', { name: TRADE_TERMS }));
      expect(activate).toBeDisabled();
    });

    it('waits for unsaved contact changes', async () => {
      serveSubscription({ page: draft() });
      renderApp(PAGE);
      await acceptTerms();
      await enterCard();
      const activate = screen.getByRole('button', { name: 'Aktivér abonnement' });
      expect(activate).toBeEnabled();
      await userEvent.type(screen.getByLabelText('Telefon'), '9');
      expect(activate).toBeDisabled();
      expect(
        screen.getByText('Gem dine kontaktoplysninger, før du fortsætter.'),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
      await waitFor(() => expect(activate).toBeEnabled());
    });

    it('activates the subscription with the card, and shows it active with the card', async () => {
      const calls = serveSubscription({ page: draft() });
      renderApp(PAGE);
      await acceptTerms();
      await enterCard();
      await userEvent.click(screen.getByRole('button', { name: 'Aktivér abonnement' }));

      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(screen.getByText('Kort: Visa •••• 4242')).toBeInTheDocument();
      expect(screen.getByText('Aktiv')).toBeInTheDocument();
      expect(stripe.confirmSetup).toHaveBeenCalledWith({
        elements: { kind: 'elements' },
        confirmParams: { return_url: `${window.location.origin}/subscriptions/s-1?token=good` },
        redirect: 'if_required',
      });
      expect(calls.confirms).toEqual([{ setupIntent: 'seti_123' }]);
      expect(calls.starts).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Aktivér abonnement' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Fornavn')).not.toBeInTheDocument();
    });

    it("shows the bank's answer under the card form and keeps the form", async () => {
      stripe.confirmSetup.mockResolvedValue({
        error: { type: 'card_error', message: 'Kortet blev afvist.' },
      });
      const calls = serveSubscription({ page: draft() });
      renderApp(PAGE);
      await acceptTerms();
      await enterCard();
      await userEvent.click(screen.getByRole('button', { name: 'Aktivér abonnement' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Betalingen kunne ikke gennemføres!');
      expect(alert).toHaveTextContent('Kortet blev afvist.');
      expect(screen.getByRole('button', { name: 'Aktivér abonnement' })).toBeEnabled();
      expect(calls.confirms).toEqual([]);
    });

    it("shows the server's refusal of the card", async () => {
      serveSubscription({
        page: draft(),
        confirm: () =>
          HttpResponse.json(
            { success: false, error: 'Kortet blev ikke gemt. Prøv igen.' },
            { status: 422 },
          ),
      });
      renderApp(PAGE);
      await acceptTerms();
      await enterCard();
      await userEvent.click(screen.getByRole('button', { name: 'Aktivér abonnement' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Kortet blev ikke gemt. Prøv igen.',
      );
      expect(screen.getByText('Ikke aktiv')).toBeInTheDocument();
    });

    it('asks for a new card when a charge failed', async () => {
      serveSubscription({
        page: active({
          chargeProblem: {
            period: '2027-04-01',
            attempt: 2,
            reason: 'Kortet er udløbet.',
            finalAttempt: false,
          },
        }),
      });
      renderApp(PAGE);
      expect(
        await screen.findByText('Betalingen kunne ikke gennemføres: Kortet er udløbet.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Kort: Visa •••• 4242')).toBeInTheDocument();
      await acceptTerms();
      await enterCard();
      await userEvent.click(screen.getByRole('button', { name: 'Gem nyt kort' }));
      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(
        screen.queryByText('Betalingen kunne ikke gennemføres: Kortet er udløbet.'),
      ).not.toBeInTheDocument();
    });

    it('saves the card the bank sent the customer back with, once', async () => {
      const calls = serveSubscription({ page: draft() });
      const { router } = renderApp(
        `${PAGE}&setup_intent=seti_777&setup_intent_client_secret=s&redirect_status=succeeded`,
      );
      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(screen.getByText('Aktiv')).toBeInTheDocument();
      expect(calls.confirms).toEqual([{ setupIntent: 'seti_777' }]);
      expect(calls.starts).toEqual([]);
      await waitFor(() => expect(router.state.location.search).toBe('?token=good'));
      expect(calls.confirms).toHaveLength(1);
    });

    it("shows the query flags' messages", async () => {
      serveSubscription({ page: draft() });
      const failed = renderApp(`${PAGE}&error=1`);
      expect(await screen.findByText('Betalingen kunne ikke gennemføres!')).toBeInTheDocument();
      failed.unmount();

      serveSubscription({ page: active() });
      renderApp(`${PAGE}&success=1`);
      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(screen.getByText('Kort: Visa •••• 4242')).toBeInTheDocument();
    });

    it('says so when the club takes no cards', async () => {
      const calls = serveSubscription({ page: draft({ canPay: false }) });
      renderApp(PAGE);
      expect(
        await screen.findByText('Kortbetaling er ikke sat op for klubben.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      expect(calls.starts).toEqual([]);
    });
  });
});
