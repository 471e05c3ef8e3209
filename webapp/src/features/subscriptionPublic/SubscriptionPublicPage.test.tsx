import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStart } from '../../api/generated/payments';
import type { Customer, PublicLine, PublicSubscription } from '../../api/generated/subscriptions';
import { formatOre } from '../../shared/format';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';
import type { LineOptionsChoice, OfferedOption } from './subscriptionPublicApi';

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
      {
        id: 'l-1',
        title: 'Fitness',
        variant: 'Voksen',
        amount: 1,
        price: 29900,
        total: 29900,
        options: [],
        offered: [],
      },
      {
        id: 'l-2',
        title: 'Håndklæde',
        variant: null,
        amount: 2,
        price: 2500,
        total: 5000,
        options: [],
        offered: [],
      },
    ],
    subtotal: 27920,
    vat: 6980,
    total: 34900,
    pricesWithVat: true,
    card: null,
    nextPayment: '2027-01-01',
    canPay: true,
    payWith: 'stripe',
    amountDue: null,
    chargeProblem: null,
    ...extra,
  };
}

const active = (extra: Partial<PublicSubscription> = {}) =>
  draft({ status: 'approved', card: VISA, nextPayment: '2027-04-01', ...extra });

const NAME_PRINT: OfferedOption = {
  productId: 'p-print',
  variantId: null,
  title: 'Navnetryk',
  price: 9900,
  chosen: false,
};
const GOLD_BADGE: OfferedOption = {
  productId: 'p-badge',
  variantId: 'v-gold',
  title: 'Ærmemærke (Guld)',
  price: 7500,
  chosen: false,
};

/** A draft whose shirt line (two shirts of 599,00) offers a name print and a gold badge. */
function withOptions(extra: Partial<PublicSubscription> = {}): PublicSubscription {
  const page = draft(extra);
  const shirt: PublicLine = {
    id: 'l-shirt',
    title: 'Trøje',
    variant: null,
    amount: 2,
    price: 59900,
    total: 119800,
    options: [],
    offered: [NAME_PRINT, GOLD_BADGE],
  };
  return { ...page, lines: [shirt], subtotal: 95840, vat: 23960, total: 119800, ...extra };
}

const optionLabel = (title: string, ore: number) => `${title} (+ ${formatOre(ore)})`;

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
  /** What activate starts (default: a SetupIntent). */
  start?: PaymentStart;
  /** The answer of update (default: the page with the options ticked and the totals after). */
  updateOptions?: (choice: { orderLines: LineOptionsChoice[] }) => Promise<Response | undefined>;
}

/** The page with the lines' options as chosen, and the totals that follow. */
function chosen(page: PublicSubscription, orderLines: LineOptionsChoice[]): PublicSubscription {
  const lines = page.lines.map((line) => {
    const choice = orderLines.find((candidate) => candidate.id === line.id);
    if (!choice) return line;
    const offered = line.offered.map((option) => ({
      ...option,
      chosen: choice.options.some(
        (wanted) => wanted.productId === option.productId && wanted.variantId === option.variantId,
      ),
    }));
    const options = offered
      .filter((option) => option.chosen)
      .map(({ productId, variantId, title, price }) => ({ productId, variantId, title, price }));
    const unit = line.price + options.reduce((sum, option) => sum + option.price, 0);
    return { ...line, offered, options, total: unit * line.amount };
  });
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  return { ...page, lines, total, vat: total / 5, subtotal: total - total / 5 };
}

/** Anonymous visitor; the subscription s-1 answers for the token 'good' and refuses every other. */
function serveSubscription({
  page,
  publishableKey,
  updateContact,
  confirm,
  start,
  updateOptions,
}: Served) {
  let current = page;
  const calls = {
    gets: 0,
    contacts: [] as unknown[],
    options: [] as unknown[],
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
    http.get('/public/subscriptions/:id', ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.gets += 1;
      return answer(current);
    }),
    http.post('/public/subscriptions/:id/update-contact', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      const customer = (await request.json()) as Customer;
      calls.contacts.push(customer);
      const refusal = updateContact?.(customer);
      if (refusal) return refusal;
      current = { ...current, customer };
      return answer(current);
    }),
    http.post('/public/subscriptions/:id/update', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      const choice = (await request.json()) as { orderLines: LineOptionsChoice[] };
      calls.options.push(choice);
      const refusal = await updateOptions?.(choice);
      if (refusal) return refusal;
      current = chosen(current, choice.orderLines);
      return answer(current);
    }),
    http.post('/public/subscriptions/:id/activate', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.starts.push(await request.json());
      return HttpResponse.json({ success: true, result: start ?? setupStart(publishableKey) });
    }),
    http.post('/public/subscriptions/:id/activate/confirm', async ({ request }) => {
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

    // Each cell holds its column's name too (a phone's stacked rows show it; a desktop hides it).
    const lines = screen.getByRole('table', { name: 'Produkter' });
    expect(
      within(lines).getByRole('row', {
        name: `Produkt Fitness Voksen Antal 1 Pris ${formatOre(29900)} Beløb ${formatOre(29900)}`,
      }),
    ).toBeVisible();
    expect(
      within(lines).getByRole('row', {
        name: `Produkt Håndklæde Antal 2 Pris ${formatOre(2500)} Beløb ${formatOre(5000)}`,
      }),
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
      // The form takes the saved contact as the answer comes back (a slow machine may show the
      // toast first).
      await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('87654321'));
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

  describe("the options ('Tilvalg') of a line", () => {
    it('offers the options of a draft with their prices, and a ticked one goes on the line', async () => {
      const calls = serveSubscription({ page: withOptions() });
      renderApp(PAGE);
      const namePrint = await screen.findByRole('checkbox', {
        name: optionLabel('Navnetryk', 9900),
      });
      const badge = screen.getByRole('checkbox', { name: optionLabel('Ærmemærke (Guld)', 7500) });
      expect(namePrint).not.toBeChecked();
      expect(badge).not.toBeChecked();

      await userEvent.click(namePrint);

      await waitFor(() => expect(namePrint).toBeChecked());
      expect(calls.options).toEqual([
        { orderLines: [{ id: 'l-shirt', options: [{ productId: 'p-print', variantId: null }] }] },
      ]);
      const totals = screen.getByRole('table', { name: 'Totaler' });
      expect(within(totals).getByRole('row', { name: `Total ${formatOre(139600)}` })).toBeVisible();

      await userEvent.click(badge);
      await waitFor(() => expect(badge).toBeChecked());
      expect(calls.options.at(-1)).toEqual({
        orderLines: [
          {
            id: 'l-shirt',
            options: [
              { productId: 'p-print', variantId: null },
              { productId: 'p-badge', variantId: 'v-gold' },
            ],
          },
        ],
      });
      expect(within(totals).getByRole('row', { name: `Total ${formatOre(154600)}` })).toBeVisible();

      await userEvent.click(namePrint);
      await waitFor(() => expect(namePrint).not.toBeChecked());
      expect(calls.options.at(-1)).toEqual({
        orderLines: [{ id: 'l-shirt', options: [{ productId: 'p-badge', variantId: 'v-gold' }] }],
      });
    });

    it('keeps the options disabled while one is saved', async () => {
      let answer: () => void = () => undefined;
      serveSubscription({
        page: withOptions(),
        updateOptions: () =>
          new Promise((resolve) => {
            answer = () => resolve(undefined);
          }),
      });
      renderApp(PAGE);
      const namePrint = await screen.findByRole('checkbox', {
        name: optionLabel('Navnetryk', 9900),
      });
      await userEvent.click(namePrint);
      const badge = screen.getByRole('checkbox', { name: optionLabel('Ærmemærke (Guld)', 7500) });
      await waitFor(() => expect(badge).toBeDisabled());
      expect(namePrint).toBeDisabled();
      answer();
      await waitFor(() => expect(badge).toBeEnabled());
      expect(namePrint).toBeChecked();
    });

    it("shows the server's refusal by the lines and leaves the option as it was", async () => {
      serveSubscription({
        page: withOptions(),
        updateOptions: () =>
          Promise.resolve(
            HttpResponse.json(
              {
                success: false,
                error: 'Tilvalget kan ikke vælges til Trøje.',
                errors: { orderLines: ['Tilvalget kan ikke vælges til Trøje.'] },
              },
              { status: 422 },
            ),
          ),
      });
      renderApp(PAGE);
      const namePrint = await screen.findByRole('checkbox', {
        name: optionLabel('Navnetryk', 9900),
      });
      await userEvent.click(namePrint);
      const lines = screen.getByRole('region', { name: 'Dit abonnement' });
      expect(await within(lines).findByRole('alert')).toHaveTextContent(
        'Tilvalget kan ikke vælges til Trøje.',
      );
      expect(namePrint).not.toBeChecked();
      expect(namePrint).toBeEnabled();
      const totals = screen.getByRole('table', { name: 'Totaler' });
      expect(within(totals).getByRole('row', { name: `Total ${formatOre(119800)}` })).toBeVisible();
    });

    it('shows the chosen options of an active subscription under the line, read-only', async () => {
      const page = chosen(withOptions(), [
        { id: 'l-shirt', options: [{ productId: 'p-print', variantId: null }] },
      ]);
      // Once approved, nothing is offered any more.
      const shirt = { ...page.lines[0], offered: [] };
      const { subtotal, vat, total } = page;
      serveSubscription({ page: active({ lines: [shirt], subtotal, vat, total }) });
      renderApp(PAGE);
      const lines = await screen.findByRole('region', { name: 'Dit abonnement' });
      expect(within(lines).getByText('Navnetryk (+ 99,00 kr.)')).toBeInTheDocument();
      expect(within(lines).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(within(lines).queryByText(/Ærmemærke/)).not.toBeInTheDocument();
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

  describe('in the payment window', () => {
    const windowStart: PaymentStart = {
      kind: 'window',
      action: 'https://pay.example/window',
      fields: [
        { name: 'merchantnumber', value: '9000' },
        { name: 'amount', value: '34900' },
        { name: 'accepturl', value: 'https://club.example/subscriptions/s-1?token=good&success=1' },
        { name: 'hash', value: 'abc123' },
      ],
    };
    const inWindow = (extra: Partial<PublicSubscription> = {}) =>
      draft({ payWith: 'window', amountDue: 34900, ...extra });

    function recordSubmits() {
      const submitted: HTMLFormElement[] = [];
      vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
        this: HTMLFormElement,
      ) {
        submitted.push(this);
      });
      return submitted;
    }

    it('activates a draft by paying the first period in the window, after both terms', async () => {
      const submitted = recordSubmits();
      const calls = serveSubscription({ page: inWindow(), start: windowStart });
      renderApp(PAGE);

      expect(
        await screen.findByText('Du sendes videre til betalingsvinduet for at betale 349,00 kr.'),
      ).toBeInTheDocument();
      expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
      const activate = screen.getByRole('button', { name: 'Aktivér abonnement' });
      expect(activate).toBeDisabled();
      await acceptTerms();
      expect(activate).toBeEnabled();
      await userEvent.click(activate);

      await waitFor(() => expect(submitted).toHaveLength(1));
      const form = submitted[0];
      expect(form.getAttribute('action')).toBe('https://pay.example/window');
      expect([...form.querySelectorAll('input')].map((input) => [input.name, input.value])).toEqual(
        windowStart.fields.map(({ name, value }) => [name, value]),
      );
      expect(calls.starts).toEqual([{}]);
      expect(stripe.loadStripe).not.toHaveBeenCalled();
    });

    it('offers an active subscription the period that has fallen due', async () => {
      const submitted = recordSubmits();
      serveSubscription({ page: inWindow({ status: 'approved' }), start: windowStart });
      renderApp(PAGE);
      await acceptTerms();
      await userEvent.click(await screen.findByRole('button', { name: 'Betal perioden' }));
      await waitFor(() => expect(submitted).toHaveLength(1));
    });

    it('says the next link comes by e-mail when nothing is due', async () => {
      serveSubscription({ page: inWindow({ status: 'approved', amountDue: null, canPay: false }) });
      renderApp(PAGE);
      expect(
        await screen.findByText(
          'Du får et betalingslink på e-mail, når næste periode skal betales.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Betal|Aktivér/ })).not.toBeInTheDocument();
      expect(
        screen.queryByText('Kortbetaling er ikke sat op for klubben.'),
      ).not.toBeInTheDocument();
    });

    it('back with success=1, waits for the callback and then shows the subscription active', async () => {
      const calls = serveSubscription({ page: inWindow() });
      let asked = 0;
      server.use(
        http.get('/public/subscriptions/:id', () => {
          asked += 1;
          const booked = asked >= 3;
          return HttpResponse.json({
            success: true,
            result: booked
              ? inWindow({ status: 'approved', amountDue: null, canPay: false })
              : inWindow(),
          });
        }),
      );
      renderApp(`${PAGE}&success=1`);
      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Aktivér abonnement' })).not.toBeInTheDocument();
      expect(await screen.findByText('Aktiv', {}, { timeout: 5000 })).toBeInTheDocument();
      const settled = asked;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(asked).toBe(settled);
      expect(calls.starts).toEqual([]);
    });
  });
});
