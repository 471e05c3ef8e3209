import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPaymentPage, PaymentStart } from '../../api/generated/payments';
import { formatOre } from '../../shared/format';
import { renderApp } from '../../test/renderApp';
import { server, sessionHandlers } from '../../test/server';

// No Stripe.js in jsdom: loadStripe answers a fake Stripe, the card element is one field that is
// complete at 16 digits, and confirmPayment answers what each test tells it to.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { createElement } = await import('react');
  const fakeStripe = { confirmPayment: stripe.confirmPayment };
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

const MISSING_KEY = 'pk_test_missing';

function orderPage(extra: Partial<OrderPaymentPage> = {}): OrderPaymentPage {
  return {
    orderNumber: 1042,
    clubName: 'Demo FC',
    customerName: 'Anna Berg',
    email: 'anna@example.dk',
    lines: [
      { title: 'Halstørklæde', variant: 'Rød', amount: 2, total: 30000 },
      { title: 'Sæsonkort', variant: null, amount: 1, total: 120050 },
    ],
    subtotal: 120040,
    vat: 30010,
    total: 150050,
    pricesWithVat: true,
    paymentStatus: 'pending',
    provider: 'stripe',
    card: null,
    payable: true,
    lastError: null,
    ...extra,
  };
}

const paid = (extra: Partial<OrderPaymentPage> = {}) =>
  orderPage({
    paymentStatus: 'authorized',
    payable: false,
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    ...extra,
  });

const stripeStart = (publishableKey = 'pk_test_tribune'): PaymentStart => ({
  kind: 'stripe',
  clientSecret: 'pi_123_secret_abc',
  publishableKey,
});

interface Served {
  /** The GET answers, in turn; the last one repeats. */
  pages: OrderPaymentPage[];
  start?: () => Response;
  confirm?: (body: { reference?: string }) => OrderPaymentPage;
}

/** Anonymous visitor; the order o-1 answers for the token 'good' and refuses every other. */
function servePayment({ pages, start, confirm }: Served) {
  const calls = { gets: 0, starts: [] as unknown[], confirms: [] as unknown[] };
  const refused = () =>
    HttpResponse.json(
      {
        success: false,
        error: 'Linket er ikke gyldigt. Bed klubben om et nyt betalingslink.',
      },
      { status: 403 },
    );
  const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token');
  server.use(
    ...sessionHandlers({}),
    http.get('/api/public/orders/:id/payment', ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      const page = pages[Math.min(calls.gets, pages.length - 1)];
      calls.gets += 1;
      return HttpResponse.json({ success: true, result: page });
    }),
    http.post('/api/public/orders/:id/payment/start', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      calls.starts.push(await request.json());
      return start?.() ?? HttpResponse.json({ success: true, result: stripeStart() });
    }),
    http.post('/api/public/orders/:id/payment/confirm', async ({ request }) => {
      if (tokenOf(request) !== 'good') return refused();
      const body = (await request.json()) as { reference?: string };
      calls.confirms.push(body);
      const page = confirm?.(body) ?? pages[pages.length - 1];
      return HttpResponse.json({ success: true, result: page });
    }),
  );
  return calls;
}

beforeEach(() => {
  stripe.elementsOptions.length = 0;
  stripe.loadStripe.mockImplementation((key: string) =>
    Promise.resolve(key === MISSING_KEY ? null : { kind: 'stripe' }),
  );
  stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123' } });
});

afterEach(() => {
  document.querySelectorAll('form[hidden]').forEach((form) => form.remove());
});

async function enterCard() {
  await userEvent.type(await screen.findByLabelText('Kortnummer'), '4242 4242 4242 4242');
}

describe('the payment page of an order', () => {
  it('shows what the customer pays for: the lines and the totals', async () => {
    servePayment({ pages: [orderPage()] });
    renderApp('/shop/payment/o-1?token=good');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betaling af ordre #1042' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Demo FC')).toBeInTheDocument();
    expect(screen.getByText('Anna Berg')).toBeInTheDocument();
    expect(screen.getByText('anna@example.dk')).toBeInTheDocument();

    const lines = screen.getByRole('table', { name: 'Ordrelinjer' });
    expect(within(lines).getByRole('columnheader', { name: 'Produkt' })).toBeInTheDocument();
    expect(within(lines).getByRole('columnheader', { name: 'Antal' })).toBeInTheDocument();
    expect(within(lines).getByRole('columnheader', { name: 'Beløb' })).toBeInTheDocument();
    expect(
      within(lines).getByRole('row', { name: `Halstørklæde Rød 2 ${formatOre(30000)}` }),
    ).toBeVisible();
    expect(
      within(lines).getByRole('row', { name: `Sæsonkort 1 ${formatOre(120050)}` }),
    ).toBeVisible();

    const totals = screen.getByRole('table', { name: 'Totaler' });
    expect(
      within(totals).getByRole('row', { name: `Subtotal ${formatOre(120040)}` }),
    ).toBeVisible();
    expect(
      within(totals).getByRole('row', { name: `Heraf moms ${formatOre(30010)}` }),
    ).toBeVisible();
    expect(within(totals).getByRole('row', { name: `Total ${formatOre(150050)}` })).toBeVisible();
  });

  it("says 'Moms' when the club's prices are without VAT", async () => {
    servePayment({ pages: [orderPage({ pricesWithVat: false })] });
    renderApp('/shop/payment/o-1?token=good');
    const totals = await screen.findByRole('table', { name: 'Totaler' });
    expect(within(totals).getByRole('row', { name: `Moms ${formatOre(30010)}` })).toBeVisible();
  });

  it("shows the server's reason and no form for a link that is not valid", async () => {
    const calls = servePayment({ pages: [orderPage()] });
    renderApp('/shop/payment/o-1?token=wrong');
    expect(
      await screen.findByText('Linket er ikke gyldigt. Bed klubben om et nyt betalingslink.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Betal / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
    expect(calls.starts).toEqual([]);
  });

  it('shows a paid order as paid, with the card, and starts no payment', async () => {
    const calls = servePayment({ pages: [paid()] });
    renderApp('/shop/payment/o-1?token=good');
    expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
    expect(screen.getByText('Betalt med Visa •••• 4242')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Betal / })).not.toBeInTheDocument();
    expect(calls.starts).toEqual([]);
  });

  it('says there is nothing to pay on a cancelled order, and when the club takes no cards', async () => {
    servePayment({ pages: [orderPage({ paymentStatus: 'cancelled', payable: false })] });
    const first = renderApp('/shop/payment/o-1?token=good');
    expect(await screen.findByText('Der er intet at betale på denne ordre.')).toBeInTheDocument();
    first.unmount();

    servePayment({ pages: [orderPage({ provider: null, payable: false })] });
    renderApp('/shop/payment/o-1?token=good');
    expect(await screen.findByText('Kortbetaling er ikke sat op for klubben.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Betal / })).not.toBeInTheDocument();
  });

  describe('by card (Stripe)', () => {
    it('starts the payment once, and pays when the card is complete', async () => {
      const calls = servePayment({
        pages: [orderPage()],
        start: () => HttpResponse.json({ success: true, result: stripeStart('pk_test_card') }),
        confirm: () => paid(),
      });
      renderApp('/shop/payment/o-1?token=good');

      const pay = await screen.findByRole('button', { name: `Betal ${formatOre(150050)}` });
      expect(pay).toBeDisabled();
      expect(calls.starts).toEqual([{}]);
      expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_card');
      expect(stripe.elementsOptions.at(-1)).toEqual({
        clientSecret: 'pi_123_secret_abc',
        locale: 'da',
      });

      await enterCard();
      expect(pay).toBeEnabled();
      await userEvent.click(pay);

      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(screen.getByText('Betalt med Visa •••• 4242')).toBeInTheDocument();
      expect(stripe.confirmPayment).toHaveBeenCalledWith({
        elements: { kind: 'elements' },
        confirmParams: { return_url: `${window.location.origin}/shop/payment/o-1?token=good` },
        redirect: 'if_required',
      });
      expect(calls.confirms).toEqual([{ reference: 'pi_123' }]);
      expect(calls.starts).toHaveLength(1);
      // Loaded once for its key, however often the form drew itself.
      expect(stripe.loadStripe).toHaveBeenCalledOnce();
    });

    it("shows the bank's answer under the card form and keeps the form", async () => {
      stripe.confirmPayment.mockResolvedValue({
        error: { type: 'card_error', message: 'Kortet blev afvist.' },
      });
      const calls = servePayment({ pages: [orderPage()] });
      renderApp('/shop/payment/o-1?token=good');
      await enterCard();
      await userEvent.click(screen.getByRole('button', { name: `Betal ${formatOre(150050)}` }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Betalingen kunne ikke gennemføres!');
      expect(alert).toHaveTextContent('Kortet blev afvist.');
      expect(screen.getByRole('button', { name: `Betal ${formatOre(150050)}` })).toBeEnabled();
      expect(screen.getByLabelText('Kortnummer')).toBeInTheDocument();
      expect(calls.confirms).toEqual([]);
    });

    it("shows the last try's failure from the server in the error area", async () => {
      servePayment({ pages: [orderPage({ lastError: 'Kortet er udløbet.' })] });
      renderApp('/shop/payment/o-1?token=good');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Betalingen kunne ikke gennemføres!');
      expect(alert).toHaveTextContent('Kortet er udløbet.');
      expect(await screen.findByLabelText('Kortnummer')).toBeInTheDocument();
    });

    it("shows the server's refusal when the payment cannot start", async () => {
      servePayment({
        pages: [orderPage()],
        start: () =>
          HttpResponse.json(
            { success: false, error: 'Betalingsudbyderen svarer ikke.' },
            { status: 503 },
          ),
      });
      renderApp('/shop/payment/o-1?token=good');
      expect(await screen.findByRole('alert')).toHaveTextContent('Betalingsudbyderen svarer ikke.');
      expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeInTheDocument();
      expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
    });

    it('confirms the payment the bank sent the payer back with, once', async () => {
      const calls = servePayment({ pages: [orderPage()], confirm: () => paid() });
      renderApp(
        '/shop/payment/o-1?token=good&payment_intent=pi_777&payment_intent_client_secret=s&redirect_status=succeeded',
      );
      expect(await screen.findByText('Betalingen blev gennemført!')).toBeInTheDocument();
      expect(calls.confirms).toEqual([{ reference: 'pi_777' }]);
      expect(calls.starts).toEqual([]);
    });

    it('says the form could not be loaded when Stripe.js never comes', async () => {
      const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
      servePayment({
        pages: [orderPage()],
        start: () => HttpResponse.json({ success: true, result: stripeStart(MISSING_KEY) }),
      });
      renderApp('/shop/payment/o-1?token=good');
      expect(
        await screen.findByText('Betalingsformularen kunne ikke indlæses.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(stripe.loadStripe).toHaveBeenCalledTimes(21);
      expect(info).toHaveBeenCalledOnce();
      expect(screen.queryByRole('button', { name: /^Betal / })).not.toBeInTheDocument();
    });
  });

  describe('in the payment window', () => {
    const windowStart: PaymentStart = {
      kind: 'window',
      action: 'https://pay.example/window',
      fields: [
        { name: 'merchant', value: '9000' },
        { name: 'amount', value: '150050' },
        { name: 'currency', value: 'DKK' },
        {
          name: 'accepturl',
          value: 'https://club.example/shop/payment/o-1?token=good&window=accept',
        },
        { name: 'hash', value: 'abc123' },
      ],
    };

    it('posts the window its fields in their order', async () => {
      const submitted: HTMLFormElement[] = [];
      vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
        this: HTMLFormElement,
      ) {
        submitted.push(this);
      });
      const calls = servePayment({
        pages: [orderPage({ provider: 'window' })],
        start: () => HttpResponse.json({ success: true, result: windowStart }),
      });
      renderApp('/shop/payment/o-1?token=good');

      expect(
        await screen.findByText(
          'Du sendes videre til betalingsudbyderen for at betale 1.500,50 kr.',
        ),
      ).toBeInTheDocument();
      expect(calls.starts).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'Gå til betaling' }));

      await waitFor(() => expect(submitted).toHaveLength(1));
      const form = submitted[0];
      expect(form.getAttribute('action')).toBe('https://pay.example/window');
      expect(form.method).toBe('post');
      expect(form.isConnected).toBe(true);
      expect(
        [...form.querySelectorAll('input')].map((input) => [input.type, input.name, input.value]),
      ).toEqual(windowStart.fields.map(({ name, value }) => ['hidden', name, value]));
      expect(calls.starts).toEqual([{}]);
    });

    it("shows the server's refusal under the button", async () => {
      servePayment({
        pages: [orderPage({ provider: 'window' })],
        start: () =>
          HttpResponse.json(
            { success: false, error: 'Ordren er allerede betalt.' },
            { status: 422 },
          ),
      });
      renderApp('/shop/payment/o-1?token=good');
      await userEvent.click(await screen.findByRole('button', { name: 'Gå til betaling' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Ordren er allerede betalt.');
      expect(screen.getByRole('button', { name: 'Gå til betaling' })).toBeEnabled();
    });

    it('waits for the window to report the payment, then shows it paid', async () => {
      const pending = orderPage({ provider: 'window' });
      const calls = servePayment({
        // The page, then two polls: still pending, then paid.
        pages: [pending, pending, paid({ provider: 'window', paymentStatus: 'paid' })],
        confirm: () => pending,
      });
      renderApp('/shop/payment/o-1?token=good&window=accept');

      expect(await screen.findByText('Betalingen behandles …')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Gå til betaling' })).not.toBeInTheDocument();
      expect(
        await screen.findByText('Betalingen blev gennemført!', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Betalingen behandles …')).not.toBeInTheDocument();
      expect(calls.confirms).toEqual([{}]);
      expect(calls.gets).toBe(3);
    });

    it('tells that the payment was cancelled and offers it again', async () => {
      servePayment({ pages: [orderPage({ provider: 'window' })] });
      renderApp('/shop/payment/o-1?token=good&window=cancel');
      expect(await screen.findByText('Betalingen blev annulleret.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Gå til betaling' })).toBeEnabled();
    });
  });
});
