import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedPaymentCard } from '../../api/generated/subscriptions';
import { answerStripe, stripe } from '../../test/fakeStripe';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import {
  customerShopSession,
  fieldRefusal,
  line,
  MEMBERSHIP_ID,
  ORDER_ID,
  ORDER_TOKEN,
  seatLine,
  serveShop,
} from './shopFixtures';

// No Stripe.js in jsdom: the fake Stripe of test/fakeStripe.
vi.mock('@stripe/stripe-js/pure', () =>
  import('../../test/fakeStripe').then((fake) => fake.stripeJs),
);
vi.mock('@stripe/react-stripe-js', () =>
  import('../../test/fakeStripe').then((fake) => fake.reactStripe),
);

const visa: SavedPaymentCard = {
  cardId: 'pm_visa',
  cardType: 'visa',
  cardNumber: '•••• 4242',
  expMonth: 4,
  expYear: 2030,
  isDefault: true,
};

const mastercard: SavedPaymentCard = {
  cardId: 'pm_mc',
  cardType: 'mastercard',
  cardNumber: '•••• 4444',
  expMonth: 12,
  expYear: 2031,
  isDefault: false,
};

/** A signed-in customer's saved cards (GET /api/profile/cards), counting the reads. */
function serveCards(answer: SavedPaymentCard[] | (() => Response)) {
  const calls = { reads: 0 };
  server.use(
    http.get('/api/profile/cards', () => {
      calls.reads += 1;
      return Array.isArray(answer)
        ? HttpResponse.json({ success: true, result: answer })
        : answer();
    }),
  );
  return calls;
}

beforeEach(() => {
  answerStripe();
  // A signed-in customer's page reads their cards: none unless a test gives some.
  serveCards([]);
});

afterEach(() => {
  document.querySelectorAll('form[hidden]').forEach((form) => form.remove());
});

const CHECKOUT = '/shop/checkout';
const CONFIRMATION = `/shop/confirmation/${ORDER_ID}`;

/** Money as the app writes it: '1.234,50 kr.' with a no-break space. */
const kr = (text: string) => text.replace(/ kr\./g, '\u00a0kr.');

const checkoutForm = () => screen.findByRole('form', { name: 'Gennemfør ordre' });

async function fillContact() {
  const form = await checkoutForm();
  await userEvent.type(within(form).getByLabelText('Fornavn'), 'Anna');
  await userEvent.type(within(form).getByLabelText('Efternavn'), 'Berg');
  await userEvent.type(within(form).getByLabelText('E-mail'), 'anna@example.dk');
  await userEvent.type(within(form).getByLabelText('Telefon'), '12345678');
  return form;
}

async function acceptTerms() {
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser' }),
  );
}

/** The totals as 'Subtotal (ekskl. moms) 1.038,40 kr. Moms … Total …' (plain spaces). */
function totalsText() {
  const table = screen.getByRole('table', { name: 'Beløb' });
  return Array.from(table.querySelectorAll('tr'))
    .map((row) => Array.from(row.cells, (cell) => cell.textContent).join(' '))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('the checkout', () => {
  it('shows a visitor the login block; logging in goes on as the customer with their cart', async () => {
    const calls = serveShop({
      lines: [line()],
      login: (body) =>
        (body as { password: string }).password === 'forkert'
          ? HttpResponse.json(
              { success: false, error: 'Forkert e-mail eller <b>adgangskode</b>' },
              { status: 401 },
            )
          : undefined,
      afterLogin: { session: customerShopSession, lines: [line(), seatLine('N1-3')] },
    });
    renderApp(CHECKOUT);

    expect(await screen.findByRole('heading', { level: 1, name: 'Gennemfør ordre' })).toBeVisible();
    const block = await screen.findByRole('region', { name: 'Log ind eller køb som gæst' });
    const form = await checkoutForm();
    expect(within(form).getByRole('checkbox', { name: 'Opret bruger' })).not.toBeChecked();
    // A visitor's details are theirs to type.
    await userEvent.type(within(form).getByLabelText('Telefon'), '11223344');

    const login = within(block).getByRole('form', { name: 'Log ind' });
    await userEvent.type(within(login).getByLabelText('E-mail'), 'karen@kunde.test');
    await userEvent.type(within(login).getByLabelText('Adgangskode'), 'forkert');
    await userEvent.click(within(login).getByRole('button', { name: 'Log ind' }));
    const refusal = await within(block).findByRole('alert');
    expect(refusal).toHaveTextContent('Forkert e-mail eller adgangskode');
    expect(refusal.querySelector('b')).toHaveTextContent('adgangskode');

    await userEvent.clear(within(login).getByLabelText('Adgangskode'));
    await userEvent.type(within(login).getByLabelText('Adgangskode'), 'hemmelig1');
    await userEvent.click(within(login).getByRole('button', { name: 'Log ind' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Log ind eller køb som gæst' }),
      ).not.toBeInTheDocument(),
    );
    expect(calls.logins).toEqual([
      { email: 'karen@kunde.test', password: 'forkert', rememberMe: false },
      { email: 'karen@kunde.test', password: 'hemmelig1', rememberMe: false },
    ]);
    // The customer's details fill the empty fields; what the visitor typed stays.
    await waitFor(() => expect(within(form).getByLabelText('Fornavn')).toHaveValue('Karen'));
    expect(within(form).getByLabelText('Efternavn')).toHaveValue('Kunde');
    expect(within(form).getByLabelText('E-mail')).toHaveValue('karen@kunde.test');
    expect(within(form).getByLabelText('Telefon')).toHaveValue('11223344');
    expect(within(form).queryByRole('checkbox', { name: 'Opret bruger' })).not.toBeInTheDocument();
    // The server joined the visitor's cart to the customer's: it is read again.
    const lines = within(form).getByRole('list', { name: 'Produkter i ordren' });
    expect(await within(lines).findByRole('listitem', { name: 'Siddeplads (N1-3)' })).toBeVisible();
    expect(calls.cartReads).toBeGreaterThanOrEqual(2);
  });

  it('skips the login block for a signed-in customer and starts with their details', async () => {
    serveShop({ session: customerShopSession, lines: [line()] });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    expect(within(form).getByLabelText('Fornavn')).toHaveValue('Karen');
    expect(within(form).getByLabelText('Telefon')).toHaveValue('87654321');
    expect(screen.queryByRole('region', { name: 'Log ind eller køb som gæst' })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: 'Opret bruger' })).toBeNull();
  });

  it('shows the order: lines with add-ons and seats, the totals, and the card as the method', async () => {
    serveShop({ lines: [line(), seatLine('N1-3')], holdToken: 'hold-cart' });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    const lines = within(form).getByRole('list', { name: 'Produkter i ordren' });
    const shirt = within(lines).getByRole('listitem', { name: 'Spillertrøje – Large' });
    expect(shirt).toHaveTextContent('Navn og nummer (+ 100,00 kr.)');
    expect(shirt).toHaveTextContent('Antal: 2');
    expect(shirt).toHaveTextContent('I alt: 1.298,00 kr.');
    const seat = within(lines).getByRole('listitem', { name: 'Siddeplads (N1-3)' });
    expect(seat).toHaveTextContent('Derby: Tribune Nord, række N1, plads 3');
    expect(totalsText()).toBe(
      'Subtotal (ekskl. moms) 1.158,40 kr. Moms 289,60 kr. Total 1.448,00 kr.',
    );
    expect(within(form).getByRole('radio', { name: 'Betalingskort' })).toBeChecked();
    expect(within(form).getByRole('link', { name: 'Handelsbetingelser' })).toHaveAttribute(
      'href',
      '/terms',
    );
    // No subscription in the cart: no subscription terms.
    expect(
      within(form).queryByRole('checkbox', { name: /Abonnementsbetingelser/ }),
    ).not.toBeInTheDocument();
  });

  it('refuses missing details and unticked terms, the terms by a red label only', async () => {
    const calls = serveShop({
      lines: [line({ subscription: true, productId: MEMBERSHIP_ID })],
    });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Opret bruger' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    expect(await within(form).findByText('Fornavn skal udfyldes')).toBeVisible();
    expect(within(form).getByText('Efternavn skal udfyldes')).toBeVisible();
    expect(within(form).getByText('E-mail skal udfyldes')).toBeVisible();
    expect(within(form).getByText('Telefon skal udfyldes')).toBeVisible();
    expect(within(form).getByText('Adgangskode skal udfyldes')).toBeVisible();
    expect(within(form).queryByText('Beskrivelse skal udfyldes')).not.toBeInTheDocument();

    const terms = within(form).getByRole('checkbox', { name: 'Jeg accepterer Handelsbetingelser' });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(form.querySelector(`label[for="${terms.id}"]`)).toHaveClass('p-error');
    expect(within(form).queryByText(/Handelsbetingelserne skal accepteres/)).toBeNull();
    const subscriptionTerms = within(form).getByRole('checkbox', {
      name: 'Jeg accepterer Abonnementsbetingelser',
    });
    expect(form.querySelector(`label[for="${subscriptionTerms.id}"]`)).toHaveClass('p-error');
    expect(within(form).getByRole('link', { name: 'Abonnementsbetingelser' })).toHaveAttribute(
      'href',
      '/subscription-terms',
    );
    expect(calls.intents).toEqual([]);

    // Ticked, the label is no longer red.
    await userEvent.click(terms);
    await waitFor(() =>
      expect(form.querySelector(`label[for="${terms.id}"]`)).not.toHaveClass('p-error'),
    );
  });

  it("says 'Plads skal vælges!' on a seat line whose seat is not held, and on the server's word", async () => {
    const calls = serveShop({
      lines: [line(), seatLine('N1-3'), seatLine('N1-4', { seatHeld: false })],
      holdToken: 'hold-cart',
    });
    renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    const lines = within(form).getByRole('list', { name: 'Produkter i ordren' });
    const lost = within(lines).getByRole('listitem', { name: 'Siddeplads (N1-4)' });
    expect(await within(lost).findByText('Plads skal vælges!')).toBeVisible();
    const held = within(lines).getByRole('listitem', { name: 'Siddeplads (N1-3)' });
    expect(within(held).queryByText('Plads skal vælges!')).toBeNull();
    expect(calls.intents).toEqual([]);
  });

  it("shows the server's refusal of a seat and of a sold-out line on their lines", async () => {
    const calls = serveShop({
      lines: [line(), seatLine('N1-3')],
      holdToken: 'hold-cart',
      intent: () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Plads skal vælges!',
            errors: {
              'orderLines.0': ['Der er kun 1 tilbage af Spillertrøje'],
              'orderLines.1.seat': ['Plads skal vælges!'],
            },
          },
          { status: 422 },
        ),
    });
    renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    const lines = within(form).getByRole('list', { name: 'Produkter i ordren' });
    const seat = within(lines).getByRole('listitem', { name: 'Siddeplads (N1-3)' });
    expect(await within(seat).findByText('Plads skal vælges!')).toBeVisible();
    const shirt = within(lines).getByRole('listitem', { name: 'Spillertrøje – Large' });
    expect(within(shirt).getByText('Der er kun 1 tilbage af Spillertrøje')).toBeVisible();
    expect(calls.intents).toHaveLength(1);
    expect(calls.completes).toEqual([]);
  });

  it('applies a discount code and shows the new totals; a wrong code is refused on its field', async () => {
    const calls = serveShop({
      lines: [line()],
      intent: (input) =>
        input.discountCode === 'SOMMER'
          ? { subtotal: 93456, discount: 12980, vat: 23364, total: 116820 }
          : fieldRefusal('discountCode', 'Rabatkoden findes ikke eller er udløbet'),
    });
    renderApp(CHECKOUT);
    const form = await fillContact();
    const code = within(form).getByLabelText('Rabatkode');

    await userEvent.type(code, 'VINTER');
    await userEvent.click(within(form).getByRole('button', { name: 'Anvend' }));
    expect(await within(form).findByText('Rabatkoden findes ikke eller er udløbet')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(totalsText()).toBe(
      'Subtotal (ekskl. moms) 1.038,40 kr. Moms 259,60 kr. Total 1.298,00 kr.',
    );

    await userEvent.clear(code);
    await userEvent.type(code, 'SOMMER{Enter}');
    expect(await within(form).findByText('Rabatkoden er anvendt')).toBeVisible();
    await waitFor(() =>
      expect(totalsText()).toBe(
        'Subtotal (ekskl. moms) 934,56 kr. Rabat -129,80 kr. Moms 233,64 kr. Total 1.168,20 kr.',
      ),
    );
    // Priced as the form stands; the terms are only ticked on the order itself.
    expect(calls.intents.at(-1)).toMatchObject({
      firstname: 'Anna',
      email: 'anna@example.dk',
      discountCode: 'SOMMER',
      acceptTerms: true,
    });
    // Enter applied the code; it did not send the order.
    expect(calls.completes).toEqual([]);

    // Another code: the cart's totals until it is applied.
    await userEvent.type(code, 'X');
    expect(totalsText()).toContain('Total 1.298,00 kr.');
  });

  it('asks for the contact details before pricing a discount code', async () => {
    const calls = serveShop({ lines: [line()] });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    await userEvent.type(within(form).getByLabelText('Rabatkode'), 'SOMMER');
    await userEvent.click(within(form).getByRole('button', { name: 'Anvend' }));
    expect(
      await within(form).findByText('Udfyld dine kontaktoplysninger, før rabatkoden anvendes'),
    ).toBeVisible();
    expect(within(form).getByText('Fornavn skal udfyldes')).toBeVisible();
    expect(calls.intents).toEqual([]);
  });

  it('completes an order with nothing to pay and shows its confirmation', async () => {
    const free = line({ priceWithVat: 0, totalWithVat: 0, options: [] });
    const calls = serveShop({ lines: [free] });
    const { router } = renderApp(CHECKOUT);
    const form = await fillContact();
    await userEvent.type(within(form).getByLabelText('Beskrivelse'), 'Hentes i klubhuset');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Opret bruger' }));
    await userEvent.type(within(form).getByLabelText('Adgangskode'), 'hemmelig1');
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gennemfør ordre' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordrebekræftelse' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(CONFIRMATION);
    expect(router.state.location.search).toBe(`?token=${ORDER_TOKEN}`);
    const sent = {
      firstname: 'Anna',
      lastname: 'Berg',
      email: 'anna@example.dk',
      phone: '12345678',
      description: 'Hentes i klubhuset',
      createUser: true,
      password: 'hemmelig1',
      paymentMethod: 'card',
      saveCard: false,
      discountCode: null,
      acceptTerms: true,
      acceptSubscriptionTerms: false,
      deliveryName: null,
      deliveryStreet: null,
      deliveryPostcode: null,
      deliveryCity: null,
    };
    expect(calls.intents).toEqual([sent]);
    expect(calls.completes).toEqual([{ intentSecret: 'key-1', body: sent }]);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    // The cart became the order: the header's cart is the new, empty one.
    expect(await screen.findByRole('button', { name: 'Kurv' })).toBeInTheDocument();
  });

  it('asks for the delivery address of a product that is sent, in Danish on each field', async () => {
    const free = line({ priceWithVat: 0, totalWithVat: 0, options: [] });
    const calls = serveShop({ lines: [free], delivery: 'address' });
    renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    expect(within(form).getByRole('region', { name: 'Levering' })).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Gennemfør ordre' }));

    expect(await within(form).findByText('Navn skal udfyldes')).toBeVisible();
    expect(within(form).getByText('Adresse skal udfyldes')).toBeVisible();
    expect(within(form).getByText('Postnummer skal udfyldes')).toBeVisible();
    expect(within(form).getByText('By skal udfyldes')).toBeVisible();
    await userEvent.type(within(form).getByLabelText('Postnummer'), '50O0');
    await userEvent.click(within(form).getByRole('button', { name: 'Gennemfør ordre' }));
    expect(await within(form).findByText('Postnummer skal være 4 cifre')).toBeVisible();
    expect(calls.intents).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Navn'), 'Anna Berg');
    await userEvent.type(within(form).getByLabelText('Adresse'), 'Vestergade 12');
    await userEvent.clear(within(form).getByLabelText('Postnummer'));
    await userEvent.type(within(form).getByLabelText('Postnummer'), '5000');
    await userEvent.type(within(form).getByLabelText('By'), 'Odense C');
    await userEvent.click(within(form).getByRole('button', { name: 'Gennemfør ordre' }));
    await waitFor(() => expect(calls.intents).toHaveLength(1));
    expect(calls.intents[0]).toMatchObject({
      deliveryName: 'Anna Berg',
      deliveryStreet: 'Vestergade 12',
      deliveryPostcode: '5000',
      deliveryCity: 'Odense C',
    });
  });

  it("says 'Afhentes i klubben' for a product picked up at the club, and asks no address", async () => {
    serveShop({ lines: [line()], delivery: 'pickup' });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    expect(within(form).getByText('Afhentes i klubben')).toBeVisible();
    expect(within(form).queryByLabelText('Postnummer')).toBeNull();
  });

  it('makes the order, then pays it by card and shows its confirmation', async () => {
    const calls = serveShop({
      lines: [line()],
      complete: () => ({ clientSecret: 'pi_123_secret_456', publishableKey: 'pk_test_123' }),
    });
    const { router } = renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    const card = await screen.findByLabelText('Kortnummer');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    const pay = screen.getByRole('button', { name: kr('Betal 1.298,00 kr.') });
    expect(pay).toBeDisabled();
    await userEvent.type(card, '4242 4242 4242 4242');
    expect(pay).toBeEnabled();
    // The order is made: its lines stay in view although the cart is empty now.
    expect(screen.getByRole('listitem', { name: 'Spillertrøje – Large' })).toBeVisible();
    await userEvent.click(pay);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordrebekræftelse' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(CONFIRMATION);
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: {
          return_url: `${window.location.origin}${CONFIRMATION}?token=${ORDER_TOKEN}`,
        },
      }),
    );
    expect(calls.completes).toHaveLength(1);
    // The page may show the order it was handed before its own read of it has arrived.
    await waitFor(() => expect(calls.orderReads).toEqual([{ id: ORDER_ID, token: ORDER_TOKEN }]));
  });

  it('shows why the card was refused and stays on the payment', async () => {
    serveShop({
      lines: [line()],
      complete: () => ({ clientSecret: 'pi_123_secret_456', publishableKey: 'pk_test_123' }),
    });
    stripe.confirmPayment.mockResolvedValue({ error: { message: 'Dit kort blev afvist.' } });
    const { router } = renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));
    await userEvent.type(await screen.findByLabelText('Kortnummer'), '4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: kr('Betal 1.298,00 kr.') }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Betalingen kunne ikke gennemføres!');
    expect(banner).toHaveTextContent('Dit kort blev afvist.');
    expect(router.state.location.pathname).toBe(CHECKOUT);
  });

  it('sends an order paid in the payment window there', async () => {
    serveShop({
      lines: [line()],
      complete: () => ({
        paymentForm: {
          action: 'https://betaling.example/pay',
          fields: [{ name: 'amount', value: '129800' }],
        },
      }),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(screen.getByText('Du sendes videre til betalingen …')).toBeVisible();
    const windowForm = document.querySelector<HTMLFormElement>('form[hidden]');
    expect(windowForm?.action).toBe('https://betaling.example/pay');
    expect(windowForm?.method).toBe('post');
    submit.mockRestore();
  });

  it("says 'Der opstod en ukendt fejl' without an answer, and tries again with the same key", async () => {
    let answered = false;
    const calls = serveShop({
      lines: [line()],
      complete: () => {
        if (answered) return undefined;
        answered = true;
        return HttpResponse.error();
      },
    });
    const { router } = renderApp(CHECKOUT);
    const form = await fillContact();
    await acceptTerms();
    const send = within(form).getByRole('button', { name: 'Gå til betaling' });
    await userEvent.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Der opstod en ukendt fejl');

    await userEvent.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe(CONFIRMATION));
    expect(calls.intents).toHaveLength(1);
    expect(calls.completes.map((each) => each.intentSecret)).toEqual(['key-1', 'key-1']);
  });

  it("says 'Ingen produkter i kurven' with the way back to the shop for an empty cart", async () => {
    serveShop();
    renderApp(CHECKOUT);
    expect(await screen.findByText('Ingen produkter i kurven')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tilbage til webshoppen' })).toHaveAttribute(
      'href',
      '/shop',
    );
    expect(screen.queryByRole('form', { name: 'Gennemfør ordre' })).toBeNull();
  });

  it('says the payment was cancelled when the payer comes back from cancelling it', async () => {
    serveShop();
    renderApp(`${CHECKOUT}?cancelled=1`);
    expect(await screen.findByText('Betalingen blev annulleret.')).toBeVisible();
  });
});

describe("the checkout's saved cards and 'Gem kort'", () => {
  // Stripe.js's confirmCardPayment, which pays with a saved card; the shared fake Stripe has
  // none, so loadStripe answers a Stripe with it here. stripeFor keeps one Stripe per key for the
  // whole file: these tests use a key of their own.
  const confirmCardPayment = vi.fn();
  const SAVED_KEY = 'pk_test_saved';
  const paidWithCard = () => ({ clientSecret: 'pi_saved_secret_1', publishableKey: SAVED_KEY });

  beforeEach(() => {
    stripe.loadStripe.mockResolvedValue({ kind: 'stripe', confirmCardPayment });
    confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_saved', status: 'succeeded' },
    });
  });

  const cardRadio = (name: string | RegExp) => screen.getByRole('radio', { name });

  it("lists a customer's saved cards with the default chosen, and pays with it", async () => {
    const cardCalls = serveCards([mastercard, visa]);
    const calls = serveShop({
      session: customerShopSession,
      lines: [line()],
      complete: paidWithCard,
    });
    const { router } = renderApp(CHECKOUT);
    const form = await checkoutForm();

    // The default card is chosen as the cards come.
    await waitFor(() => expect(cardRadio('Visa •••• 4242 Udløber 04/30')).toBeChecked());
    const methods = within(form).getByRole('group', { name: 'Betalingsmetode' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(3);
    expect(cardRadio('Mastercard •••• 4444 Udløber 12/31')).not.toBeChecked();
    expect(cardRadio('Betalingskort')).not.toBeChecked();
    // A saved card is saved already.
    expect(within(form).queryByRole('checkbox', { name: 'Gem kort' })).toBeNull();
    expect(cardCalls.reads).toBeGreaterThanOrEqual(1);

    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    const pay = await screen.findByRole('button', {
      name: kr('Betal 1.298,00 kr. med Visa •••• 4242'),
    });
    expect(
      screen.getByText('Din ordre er oprettet. Betal med dit gemte kort for at gennemføre den.'),
    ).toBeVisible();
    // The order is made: its lines stay in view beside the payment.
    expect(screen.getByRole('listitem', { name: 'Spillertrøje – Large' })).toBeVisible();
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    expect(calls.completes).toHaveLength(1);
    expect(calls.completes[0]?.body).toMatchObject({ paymentMethod: 'pm_visa', saveCard: false });
    expect(calls.intents[0]).toMatchObject({ paymentMethod: 'pm_visa', saveCard: false });

    await userEvent.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordrebekræftelse' }),
    ).toBeVisible();
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_saved_secret_1', {
      payment_method: 'pm_visa',
    });
    expect(stripe.loadStripe).toHaveBeenCalledWith(SAVED_KEY);
    expect(router.state.location.pathname).toBe(CONFIRMATION);
    expect(router.state.location.search).toBe(`?token=${ORDER_TOKEN}`);
  });

  it("sends 'Gem kort' with a new card and goes on to the card form", async () => {
    serveCards([mastercard, visa]);
    const calls = serveShop({
      session: customerShopSession,
      lines: [line()],
      complete: paidWithCard,
    });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    await waitFor(() => expect(cardRadio(/^Visa •••• 4242/)).toBeChecked());

    await userEvent.click(cardRadio('Betalingskort'));
    const save = within(form).getByRole('checkbox', { name: 'Gem kort' });
    expect(within(form).getByText('Kortet gemmes til dine næste køb')).toBeVisible();
    expect(save).not.toBeChecked();
    await userEvent.click(save);
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    expect(await screen.findByLabelText('Kortnummer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: kr('Betal 1.298,00 kr.') })).toBeDisabled();
    expect(calls.completes[0]?.body).toMatchObject({ paymentMethod: 'card', saveCard: true });
    expect(confirmCardPayment).not.toHaveBeenCalled();
  });

  it("shows a visitor neither saved cards nor 'Gem kort', and reads no cards", async () => {
    const cardCalls = serveCards([mastercard, visa]);
    const calls = serveShop({ lines: [line()] });
    renderApp(CHECKOUT);
    const form = await fillContact();
    // Not with 'Opret bruger' either: the visitor is no customer yet.
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Opret bruger' }));
    await userEvent.type(within(form).getByLabelText('Adgangskode'), 'hemmelig1');

    const methods = within(form).getByRole('group', { name: 'Betalingsmetode' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(1);
    expect(cardRadio('Betalingskort')).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Gem kort' })).toBeNull();

    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));
    await waitFor(() => expect(calls.completes).toHaveLength(1));
    expect(calls.completes[0]?.body).toMatchObject({ paymentMethod: 'card', saveCard: false });
    expect(cardCalls.reads).toBe(0);
  });

  it('shows why the saved card was refused and lets the buyer try again', async () => {
    serveCards([visa]);
    serveShop({ session: customerShopSession, lines: [line()], complete: paidWithCard });
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Dit kort blev afvist.' } });
    const { router } = renderApp(CHECKOUT);
    const form = await checkoutForm();
    await waitFor(() => expect(cardRadio(/^Visa •••• 4242/)).toBeChecked());
    await acceptTerms();
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));

    const pay = await screen.findByRole('button', {
      name: kr('Betal 1.298,00 kr. med Visa •••• 4242'),
    });
    await userEvent.click(pay);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Betalingen kunne ikke gennemføres!');
    expect(banner).toHaveTextContent('Dit kort blev afvist.');
    expect(router.state.location.pathname).toBe(CHECKOUT);
    expect(pay).toBeEnabled();

    await userEvent.click(pay);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ordrebekræftelse' }),
    ).toBeVisible();
    expect(confirmCardPayment).toHaveBeenCalledTimes(2);
  });

  it("says the subscription keeps the card instead of offering 'Gem kort'", async () => {
    serveCards([visa]);
    const calls = serveShop({
      session: customerShopSession,
      lines: [line({ subscription: true, productId: MEMBERSHIP_ID })],
      complete: paidWithCard,
    });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    await waitFor(() => expect(cardRadio(/^Visa •••• 4242/)).toBeChecked());
    expect(within(form).queryByText('Kortet gemmes til abonnementets betalinger')).toBeNull();

    await userEvent.click(cardRadio('Betalingskort'));
    expect(within(form).getByText('Kortet gemmes til abonnementets betalinger')).toBeVisible();
    expect(within(form).queryByRole('checkbox', { name: 'Gem kort' })).toBeNull();

    await acceptTerms();
    await userEvent.click(
      within(form).getByRole('checkbox', { name: 'Jeg accepterer Abonnementsbetingelser' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Gå til betaling' }));
    expect(await screen.findByLabelText('Kortnummer')).toBeInTheDocument();
    expect(calls.completes[0]?.body).toMatchObject({ paymentMethod: 'card', saveCard: false });
  });

  it("offers only a new card, without 'Gem kort', at a club that keeps no cards", async () => {
    const cardCalls = serveCards(() =>
      HttpResponse.json(
        { success: false, error: 'Klubben gemmer ikke betalingskort.' },
        { status: 422 },
      ),
    );
    serveShop({ session: customerShopSession, lines: [line()] });
    renderApp(CHECKOUT);
    const form = await checkoutForm();
    await waitFor(() => expect(cardCalls.reads).toBe(1));
    const methods = within(form).getByRole('group', { name: 'Betalingsmetode' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(1);
    expect(cardRadio('Betalingskort')).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Gem kort' })).toBeNull();
    expect(screen.queryByText('Klubben gemmer ikke betalingskort.')).toBeNull();
  });
});
