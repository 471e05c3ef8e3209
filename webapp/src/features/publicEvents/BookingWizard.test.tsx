import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOre } from '../../shared/format';
import { HOLD_TOKEN, serveSeats } from '../../shared/seats/seatFixtures';
import { chooseOption } from '../../test/contracts';
import { answerStripe, stripe } from '../../test/fakeStripe';
import { renderApp } from '../../test/renderApp';
import type { BookingInput } from '../../api/generated/booking';
import { localBookingKey } from './localBooking';
import {
  customerSession,
  customerUser,
  derby,
  EVENT_ID,
  freeProduct,
  ORDER_ID,
  order,
  payment,
  product,
  publicInvite,
  refusal,
  seatProduct,
  serveBooking,
  stripeStart,
  TOKEN,
} from './publicEventFixtures';

// No Stripe.js in jsdom: the fake Stripe of test/fakeStripe.
vi.mock('@stripe/stripe-js/pure', () =>
  import('../../test/fakeStripe').then((fake) => fake.stripeJs),
);
vi.mock('@stripe/react-stripe-js', () =>
  import('../../test/fakeStripe').then((fake) => fake.reactStripe),
);

beforeEach(() => answerStripe());

afterEach(() => {
  document.querySelectorAll('form[hidden]').forEach((form) => form.remove());
});

/** Types the number of a product (its group is named by its title). */
async function chooseAmount(title: string, amount: string) {
  const group = await screen.findByRole('group', { name: title });
  const input = within(group).getByLabelText('Antal');
  await userEvent.clear(input);
  await userEvent.type(input, amount);
  return group;
}

async function fillContact() {
  await userEvent.type(await screen.findByLabelText('Fornavn'), 'Anna');
  await userEvent.type(screen.getByLabelText('Efternavn'), 'Berg');
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.dk');
  await userEvent.type(screen.getByLabelText('Telefon'), '12345678');
}

function storedBooking() {
  const text = localStorage.getItem(localBookingKey(EVENT_ID));
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

describe('the booking wizard', () => {
  it('goes from the tickets to the details to the confirmation, with the step in the address', async () => {
    const calls = serveBooking();
    const { router } = renderApp('/events/derby');

    await chooseAmount('Voksen', '2');
    const priced = await screen.findByRole('table', { name: 'Din bestilling' });
    await waitFor(() => expect(priced).toHaveTextContent('300,00'));
    expect(calls.products.at(-1)?.products).toEqual([
      expect.objectContaining({ productId: 'p-1', amount: 2, names: [] }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    expect(await screen.findByRole('heading', { name: 'Oplysninger' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#2');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByText('Fornavn skal udfyldes')).toBeInTheDocument();
    expect(calls.validations).toHaveLength(0);
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    expect(await screen.findByRole('heading', { name: 'Bekræft' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#3');
    expect(calls.validations[0]).toMatchObject({
      eventId: 'ev-1',
      firstname: 'Anna',
      email: 'anna@example.dk',
      createUser: false,
    });
    const lines = await screen.findByRole('table', { name: 'Din bestilling' });
    expect(lines).toHaveTextContent('Voksen');
    const totals = screen.getByRole('table', { name: 'Totaler' });
    // Prices include VAT: Subtotal + Moms = Total.
    expect(within(totals).getByRole('row', { name: /Subtotal/ })).toHaveTextContent('240,00');
    expect(within(totals).getByRole('row', { name: /Rabat/ })).toHaveTextContent('0,00');
    expect(within(totals).getByRole('row', { name: /Moms/ })).toHaveTextContent('60,00');
    expect(within(totals).getByRole('row', { name: /Total/ })).toHaveTextContent('300,00');
    expect(screen.getByText('anna@example.dk')).toBeInTheDocument();
    expect(calls.intents[0]?.products).toEqual([
      expect.objectContaining({ productId: 'p-1', amount: 2 }),
    ]);

    // The browser's back moves one step back, and the details are as they were typed.
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Oplysninger' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fornavn')).toHaveValue('Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    expect(await screen.findByRole('group', { name: 'Voksen' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(
      within(screen.getByRole('group', { name: 'Voksen' })).getByLabelText('Antal'),
    ).toHaveValue('2');
  });

  it('offers the add-ons of a ticket, sends those chosen and prices them on every ticket', async () => {
    const calls = serveBooking({
      products: () => [
        product({
          options: [
            {
              productId: 'opt-programme',
              title: 'Program',
              price: 3000,
              selected: true,
              variantId: null,
              variants: [],
            },
            {
              productId: 'opt-parking',
              title: 'Parkering',
              price: 4000,
              selected: false,
              variantId: null,
              variants: [],
            },
          ],
        }),
      ],
    });
    renderApp('/events/derby');
    const group = await chooseAmount('Voksen', '2');
    const addOns = within(group).getByRole('group', { name: 'Tilvalg pr. billet' });
    const programme = within(addOns).getByRole('checkbox', { name: /Program/ });
    const parking = within(addOns).getByRole('checkbox', { name: /Parkering/ });
    expect(programme).toBeChecked();
    expect(parking).not.toBeChecked();
    expect(addOns).toHaveTextContent(/Parkering\+ 40,00\skr\. pr\. billet/);

    await userEvent.click(parking);
    await userEvent.click(programme);
    await waitFor(() =>
      expect(calls.products.at(-1)?.products).toEqual([
        expect.objectContaining({ productId: 'p-1', options: [{ productId: 'opt-parking' }] }),
      ]),
    );
    // 2 × 150 kr. + 2 × 40 kr. for the parking.
    const priced = await screen.findByRole('table', { name: 'Din bestilling' });
    await waitFor(() => expect(priced).toHaveTextContent('380,00'));
    expect(priced).toHaveTextContent(/\+ Parkering \(40,00\skr\. pr\. billet\)/);
    expect(priced).not.toHaveTextContent('Program');
    // What is chosen is kept with the booking.
    expect(storedBooking()?.lines).toEqual([
      expect.objectContaining({ productId: 'p-1', options: ['opt-parking'] }),
    ]);
  });

  it("caps the number at what may still be taken and says 'Max. N mere til dette arrangement'", async () => {
    serveBooking({
      products: () => [
        product({ available: 3, maxAmount: 4, purchased: 1 }),
        product({ productId: 'p-2', title: 'Barn', price: 5000 }),
      ],
    });
    renderApp('/events/derby');
    const adult = await screen.findByRole('group', { name: 'Voksen' });
    expect(within(adult).getByText('Max. 3 mere til dette arrangement')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Barn' })).queryByText(/Max\./),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fortsæt' })).toBeDisabled();
    await chooseAmount('Voksen', '5');
    expect(within(adult).getByLabelText('Antal')).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Fortsæt' })).toBeEnabled();
  });

  it("says 'Der er kun N tilgængelige pladser' over the places of a free registration", async () => {
    serveBooking({ products: () => [freeProduct({ available: 2 })] });
    renderApp('/events/derby');
    expect(await screen.findByRole('heading', { name: 'Antal' })).toBeInTheDocument();
    const places = await chooseAmount('Tilmelding', '3');
    expect(within(places).getByText('Gratis')).toBeInTheDocument();
    expect(
      await within(places).findByText('Der er kun 2 tilgængelige pladser'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(screen.queryByRole('heading', { name: 'Oplysninger' })).not.toBeInTheDocument();
  });

  it('asks a name per ticket when the product requires names', async () => {
    const calls = serveBooking({ products: () => [product({ nameRequired: true })] });
    renderApp('/events/derby');
    await chooseAmount('Voksen', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findAllByText('Navn på billetindehaveren skal udfyldes')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Navn på billetindehaver 1'), 'Anna Berg');
    await userEvent.type(screen.getByLabelText('Navn på billetindehaver 2'), 'Bo Berg');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByRole('heading', { name: 'Oplysninger' })).toBeInTheDocument();
    expect(calls.products.at(-1)?.products[0]?.names).toEqual(['Anna Berg', 'Bo Berg']);
  });

  it('books a free registration and lands on its confirmation', async () => {
    const calls = serveBooking({
      event: derby({
        extraInfo: [
          {
            title: 'Kost',
            alias: '',
            values: ['Vegetar', 'Alt'],
            multiple: false,
            type: 'Select',
            required: true,
          },
        ],
      }),
      products: () => [freeProduct()],
      orders: [
        {
          order: order({
            subtotal: 0,
            vat: 0,
            total: 0,
            orderLines: [
              {
                id: 'ol-1',
                title: 'Tilmelding',
                amount: 1,
                price: 0,
                total: 0,
                options: [],
                extraInfo: [],
              },
            ],
          }),
          payment: payment(),
        },
      ],
    });
    const { router } = renderApp('/events/derby');
    const steps = await screen.findByRole('navigation', { name: 'Trin' });
    await waitFor(() => expect(steps).toHaveTextContent('Antal'));
    await chooseAmount('Tilmelding', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByText('Kost skal udfyldes')).toBeInTheDocument();
    await chooseOption('Kost', 'Vegetar');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    const confirm = await screen.findByRole('button', { name: 'Bekræft tilmelding' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(await screen.findByText('Du skal acceptere handelsbetingelserne')).toBeInTheDocument();
    expect(calls.books).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'handelsbetingelserne' }));
    const terms = await screen.findByRole('dialog', { name: 'Handelsbetingelser' });
    expect(terms).toHaveTextContent('Ingen refusion.');
    await userEvent.click(within(terms).getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Jeg accepterer handelsbetingelserne' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft tilmelding' }));

    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/events/derby/${ORDER_ID}`);
    expect(router.state.location.search).toBe(`?token=${TOKEN}`);
    expect(calls.books[0]).toEqual({
      intentSecret: 'intent-1',
      body: expect.objectContaining({
        acceptTerms: true,
        firstname: 'Anna',
        products: [expect.objectContaining({ productId: 'p-free', amount: 1 })],
        extraInfo: [{ title: 'Kost', value: 'Vegetar', values: null }],
      }),
    });
    await waitFor(() => expect(storedBooking()).toBeNull());
  });

  it('offers a signed-in user their customers and a guest purchase, with their details filled in', async () => {
    const calls = serveBooking({
      session: customerSession,
      event: derby({
        customers: [
          { key: 'co-1', companyId: 'co-1', contactId: null, label: 'Byg A/S' },
          { key: 'ct-1', companyId: null, contactId: 'ct-1', label: 'Karen Kunde' },
        ],
        user: {
          firstname: 'Karen',
          lastname: 'Kunde',
          email: 'kunde@tribune.test',
          phone: '87654321',
        },
      }),
      products: (body) =>
        body.companyId
          ? [product({ title: 'Firmabillet', allowance: 2, inContract: true, price: 20000 })]
          : [product()],
    });
    renderApp('/events/derby');

    expect(await screen.findByRole('group', { name: 'Firmabillet' })).toHaveTextContent(
      '2 fribilletter fra din aftale',
    );
    expect(calls.products[0]).toMatchObject({ companyId: 'co-1', contactId: null });
    await chooseOption('Bestil som', 'Gæst');
    expect(await screen.findByRole('group', { name: 'Voksen' })).toBeInTheDocument();
    expect(calls.products.at(-1)).toMatchObject({ companyId: null, contactId: null });
    await chooseOption('Bestil som', 'Karen Kunde');
    await waitFor(() =>
      expect(calls.products.at(-1)).toMatchObject({ companyId: null, contactId: 'ct-1' }),
    );

    await chooseAmount('Voksen', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByLabelText('Fornavn')).toHaveValue('Karen');
    expect(screen.getByLabelText('Telefon')).toHaveValue('87654321');
    expect(screen.queryByLabelText('Opret bruger')).not.toBeInTheDocument();
  });

  it('tells a user without a company that a business event needs one', async () => {
    serveBooking({
      session: customerSession,
      event: derby({
        businessOnly: true,
        guestsAllowed: false,
        user: { firstname: 'Karen', lastname: 'Kunde', email: 'kunde@tribune.test', phone: '' },
      }),
    });
    renderApp('/events/derby');
    expect(
      await screen.findByText(
        'Din bruger er ikke tilkoblet nogen virksomhed. Kontakt info@demofc.test for at blive korrekt koblet på.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Trin' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in for a business event', async () => {
    serveBooking({ event: derby({ businessOnly: true, guestsAllowed: false }) });
    renderApp('/events/derby');
    expect(await screen.findByText(/kun for virksomheder/)).toBeInTheDocument();
    const signUp = screen.getByRole('region', { name: 'Tilmelding' });
    expect(within(signUp).getByRole('link', { name: 'Log ind' })).toHaveAttribute('href', '/login');
  });

  it('warns when there are no tickets for the customer', async () => {
    serveBooking({ products: () => [] });
    renderApp('/events/derby');
    expect(
      await screen.findByText(
        'Der er ikke nogle tilgængelige billetter. Kontakt info@demofc.test for mere info',
      ),
    ).toBeInTheDocument();
  });

  it("makes a visitor's user with a password of at least 8 characters", async () => {
    const calls = serveBooking({
      validate: (body) =>
        body.email === 'taken@example.dk'
          ? refusal('E-mailen er allerede i brug', { email: ['E-mailen er allerede i brug'] })
          : undefined,
    });
    renderApp('/events/derby');
    await chooseAmount('Voksen', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByLabelText('Opret bruger'));
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'kort');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByText(/Adgangskode skal mindst være 8 tegn/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'ogsikker');
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'taken@example.dk');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await screen.findByText('E-mailen er allerede i brug')).toBeInTheDocument();
    expect(calls.validations[0]).toMatchObject({ createUser: true, password: 'kortogsikker' });
    // The password is never stored with the booking.
    expect(JSON.stringify(storedBooking())).not.toContain('kortogsikker');
  });

  it("sends the server's refusal of a line back to step 1, on the line's field", async () => {
    serveBooking({
      intent: () =>
        refusal('Der er kun 1 tilgængelige pladser', {
          'products.0.amount': ['Der er kun 1 tilgængelige pladser'],
        }),
    });
    const { router } = renderApp('/events/derby');
    await chooseAmount('Voksen', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    const adult = await screen.findByRole('group', { name: 'Voksen' });
    expect(await within(adult).findByText('Der er kun 1 tilgængelige pladser')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
  });

  it("shows the server's refusal without a field on the last step", async () => {
    serveBooking({
      book: () => refusal('Tilmeldingen er lukket.'),
    });
    renderApp('/events/derby');
    await chooseAmount('Voksen', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Jeg accepterer handelsbetingelserne' }),
    );
    const confirm = screen.getByRole('button', { name: 'Bekræft bestilling' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tilmeldingen er lukket.');
  });

  it('pays a booking by card, then shows its confirmation', async () => {
    const calls = serveBooking({
      book: () =>
        HttpResponse.json({
          success: true,
          result: stripeStart,
          data: { orderId: ORDER_ID, token: TOKEN, expires: '2030-05-20T10:15:00Z' },
        }),
    });
    const { router } = renderApp('/events/derby');
    await chooseAmount('Voksen', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Jeg accepterer handelsbetingelserne' }),
    );
    const confirm = screen.getByRole('button', { name: 'Bekræft bestilling' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await userEvent.type(await screen.findByLabelText('Kortnummer'), '4242 4242 4242 4242');
    // The places are held until 12:15 Danish summer time.
    expect(
      screen.getByText(
        'Dine billetter er reserveret til dig indtil kl. 12:15. Betal inden da, så er de dine.',
      ),
    ).toBeInTheDocument();
    expect(storedBooking()?.order).toEqual({ orderId: ORDER_ID, token: TOKEN });
    await userEvent.click(screen.getByRole('button', { name: `Betal ${formatOre(30000)}` }));

    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/events/derby/${ORDER_ID}`);
    expect(calls.accepts).toEqual([{ token: TOKEN, body: { reference: 'pi_123' } }]);
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: {
          return_url: `${window.location.origin}/events/derby/${ORDER_ID}?token=${TOKEN}`,
        },
      }),
    );
  });

  it('sends a booking paid in the payment window there', async () => {
    serveBooking({
      book: () =>
        HttpResponse.json({
          success: true,
          result: {
            kind: 'window',
            action: 'https://betaling.example/pay',
            fields: [{ name: 'amount', value: '36000' }],
          },
          data: { orderId: ORDER_ID, token: TOKEN, expires: null },
        }),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    renderApp('/events/derby');
    await chooseAmount('Voksen', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Jeg accepterer handelsbetingelserne' }),
    );
    const confirm = screen.getByRole('button', { name: 'Bekræft bestilling' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await waitFor(() => expect(submit).toHaveBeenCalled());
    const form = document.querySelector<HTMLFormElement>('form[hidden]');
    expect(form?.action).toBe('https://betaling.example/pay');
    expect(storedBooking()?.order).toEqual({ orderId: ORDER_ID, token: TOKEN });
    submit.mockRestore();
  });
});

/** Picks the seats in the seat picker and confirms them. */
async function pickSeats(...labels: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Vælg pladser' }));
  const picker = await screen.findByRole('dialog', { name: /^Vælg pladser/ });
  for (const label of labels) {
    await userEvent.click(
      await within(picker).findByRole('option', { name: new RegExp(`^Plads ${label},`) }),
    );
    expect(
      await within(picker).findByRole('option', { name: `Plads ${label}, Tribune Nord, valgt` }),
    ).toBeInTheDocument();
  }
  const confirm = within(picker).getByRole('button', { name: 'Bekræft pladser' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await userEvent.click(confirm);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const seatLine = (label: string) => ({
  amount: 1,
  seat: label,
  section: 'Tribune Nord',
  row: 'N1',
  seatNumber: label.split('-')[1],
  holdToken: HOLD_TOKEN,
  color: '#1e88e5',
});

describe('the seats of a seat-ticket', () => {
  it("picks a seat per ticket, says 'Plads skal vælges!' until they are picked, and books a line per seat", async () => {
    const calls = serveBooking({ products: () => [seatProduct()] });
    const seats = serveSeats();
    renderApp('/events/derby');

    const group = await screen.findByRole('group', { name: 'Siddeplads' });
    expect(within(group).queryByRole('button', { name: 'Vælg pladser' })).not.toBeInTheDocument();
    await chooseAmount('Siddeplads', '2');
    expect(within(group).getByRole('button', { name: 'Vælg pladser' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    expect(await within(group).findByText('Plads skal vælges!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oplysninger' })).not.toBeInTheDocument();

    await pickSeats('N1-3', 'N1-4');
    expect(seats.holds).toEqual([
      { holdToken: HOLD_TOKEN, seats: ['N1-3'] },
      { holdToken: HOLD_TOKEN, seats: ['N1-4'] },
    ]);
    const chosen = within(group).getByRole('list', { name: 'Valgte pladser' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['N1-3 (Tribune Nord)', 'N1-4 (Tribune Nord)']);
    expect(within(group).queryByText('Plads skal vælges!')).not.toBeInTheDocument();
    const priced = screen.getByRole('table', { name: 'Din bestilling' });
    await waitFor(() =>
      expect(priced).toHaveTextContent('N1-3 (Tribune Nord), N1-4 (Tribune Nord)'),
    );
    expect(within(priced).getAllByRole('row')).toHaveLength(2);
    expect(storedBooking()?.lines).toEqual([
      expect.objectContaining({
        productId: 'p-seat',
        amount: 2,
        holdToken: HOLD_TOKEN,
        seats: [
          expect.objectContaining({ label: 'N1-3', section: 'Tribune Nord' }),
          expect.objectContaining({ label: 'N1-4', section: 'Tribune Nord' }),
        ],
      }),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    const lines = await screen.findByRole('table', { name: 'Din bestilling' });
    expect(lines).toHaveTextContent('N1-3 (Tribune Nord), N1-4 (Tribune Nord)');
    expect(calls.intents[0]?.products).toEqual([
      expect.objectContaining({ productId: 'p-seat', ...seatLine('N1-3') }),
      expect.objectContaining({ productId: 'p-seat', ...seatLine('N1-4') }),
    ]);
  });

  it('shows the seats the server holds, books exactly what the last step showed, and shows it again when the server says it changed', async () => {
    let changed = true;
    const calls = serveBooking({
      products: () => [seatProduct()],
      // The hold session holds other seats than the browser recorded (a second tab re-picked).
      intent: (body) =>
        calls.intents.length === 1
          ? HttpResponse.json({
              success: true,
              result: {
                intentSecret: 'intent-other-seats',
                booking: {
                  bookingProducts: body.products.map((_line, index) => ({
                    productId: 'p-seat',
                    title: 'Siddeplads',
                    amount: 1,
                    free: 0,
                    price: 15000,
                    options: [],
                    total: 15000,
                    seat: {
                      label: `N1-${index + 7}`,
                      section: 'Tribune Nord',
                      row: 'N1',
                      number: `${index + 7}`,
                    },
                  })),
                  subtotal: 24000,
                  discount: 0,
                  vat: 6000,
                  total: 30000,
                },
              },
            })
          : undefined,
      book: () => {
        if (!changed) return undefined;
        changed = false;
        return HttpResponse.json(
          {
            success: false,
            message: 'Fejl',
            errors: { intentSecret: ['Bookingen har ændret sig, siden den blev vist.'] },
          },
          { status: 422 },
        );
      },
    });
    serveSeats();
    renderApp('/events/derby');
    await screen.findByRole('group', { name: 'Siddeplads' });
    await chooseAmount('Siddeplads', '2');
    await pickSeats('N1-3', 'N1-4');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await fillContact();
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    const lines = await screen.findByRole('table', { name: 'Din bestilling' });
    expect(lines).toHaveTextContent('N1-7 (Tribune Nord), N1-8 (Tribune Nord)');
    expect(lines).not.toHaveTextContent('N1-3');
    const totals = screen.getByRole('table', { name: 'Totaler' });
    expect(within(totals).getByRole('row', { name: /Subtotal/ })).toHaveTextContent('240,00');
    expect(within(totals).getByRole('row', { name: /Moms/ })).toHaveTextContent('60,00');
    expect(within(totals).getByRole('row', { name: /Total/ })).toHaveTextContent('300,00');

    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft bestilling' }));
    expect(
      await screen.findByText('Bookingen har ændret sig, siden den blev vist.'),
    ).toBeInTheDocument();
    // Priced again and shown again; the refused key is not used twice.
    await waitFor(() => expect(calls.intents).toHaveLength(2));
    expect(calls.books[0]).toEqual({ intentSecret: 'intent-other-seats', body: expect.anything() });
    // What was booked is what was priced, seat for seat.
    const seatsOf = (input?: BookingInput) =>
      input?.products.map((line) => [line.seat, line.holdToken]);
    expect(seatsOf(calls.books[0]?.body)).toEqual(seatsOf(calls.intents[0]));
  });

  it('gives back the last seats when the number goes below them', async () => {
    serveBooking({ products: () => [seatProduct()] });
    const seats = serveSeats();
    renderApp('/events/derby');
    const group = await chooseAmount('Siddeplads', '2');
    await pickSeats('N1-3', 'N1-4');

    const amount = within(group).getByLabelText('Antal');
    await userEvent.click(amount);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(amount).toHaveValue('1'));
    await waitFor(() => expect(seats.releases).toEqual([{ holdToken: HOLD_TOKEN, seat: 'N1-4' }]));
    const chosen = within(group).getByRole('list', { name: 'Valgte pladser' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['N1-3 (Tribune Nord)']);
  });

  it('keeps the seats and their hold over a reload, and the picker opens on them', async () => {
    localStorage.setItem(
      localBookingKey(EVENT_ID),
      JSON.stringify({
        eventId: EVENT_ID,
        userId: null,
        customerKey: 'none',
        lines: [
          {
            productId: 'p-seat',
            amount: 1,
            names: [],
            seats: [
              {
                label: 'N1-3',
                section: 'Tribune Nord',
                row: 'N1',
                seatNumber: '3',
                color: '#1e88e5',
                categoryKey: 'a',
              },
            ],
            holdToken: 'hold-kept',
          },
        ],
        contact: null,
        answers: {},
        reached: 1,
        order: null,
      }),
    );
    const calls = serveBooking({ products: () => [seatProduct()] });
    const seats = serveSeats({ held: { 'hold-kept': ['N1-3'] } });
    renderApp('/events/derby');

    const group = await screen.findByRole('group', { name: 'Siddeplads' });
    expect(await within(group).findByText('N1-3 (Tribune Nord)')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.products.at(-1)?.products).toEqual([
        expect.objectContaining({ productId: 'p-seat', seat: 'N1-3', holdToken: 'hold-kept' }),
      ]),
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Vælg pladser' }));
    const picker = await screen.findByRole('dialog', { name: 'Vælg pladser – Siddeplads' });
    expect(
      await within(picker).findByRole('option', { name: 'Plads N1-3, Tribune Nord, valgt' }),
    ).toBeInTheDocument();
    expect(within(picker).getByText('Pladsen er valgt')).toBeInTheDocument();
    expect(seats.extended).toEqual(['hold-kept']);
    expect(seats.tokens).toBe(0);
  });
});

describe('the local booking', () => {
  const stored = (userId: string | null) => ({
    eventId: EVENT_ID,
    userId,
    customerKey: 'none',
    lines: [{ productId: 'p-1', amount: 3, names: [] }],
    contact: {
      firstname: 'Anna',
      lastname: 'Berg',
      email: 'anna@example.dk',
      phone: '12345678',
      createUser: false,
    },
    answers: {},
    reached: 3,
    order: null,
  });

  it("keeps the visitor's booking over a reload, at the step reached", async () => {
    localStorage.setItem(localBookingKey(EVENT_ID), JSON.stringify(stored(null)));
    serveBooking();
    renderApp('/events/derby#2');
    expect(await screen.findByLabelText('Fornavn')).toHaveValue('Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    const adult = await screen.findByRole('group', { name: 'Voksen' });
    expect(within(adult).getByLabelText('Antal')).toHaveValue('3');
  });

  it('starts afresh when the booking was another user’s', async () => {
    localStorage.setItem(localBookingKey(EVENT_ID), JSON.stringify(stored(null)));
    serveBooking({ session: customerSession, event: derby({ user: null }) });
    const { router } = renderApp('/events/derby#3');
    const adult = await screen.findByRole('group', { name: 'Voksen' });
    expect(within(adult).getByLabelText('Antal')).toHaveValue('0');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    await waitFor(() =>
      expect(storedBooking()).toMatchObject({
        userId: customerUser.id,
        lines: [{ productId: 'p-1', amount: 0, names: [] }],
      }),
    );
  });
});

describe('an invitation', () => {
  /** The derby's free dinner and its paid ticket. */
  const dinnerAndTicket = () => [
    freeProduct({ productId: 'p-dinner', catalogueProductId: 'cp-dinner', title: 'Middag' }),
    product(),
  ];

  it('shows whom it invites, starts with its free tickets and sends its token with every call', async () => {
    const calls = serveBooking({
      products: () => [
        freeProduct({ productId: 'p-dinner', catalogueProductId: 'cp-dinner', title: 'Middag' }),
      ],
      invite: (token) => (token === 'inv-1' ? publicInvite() : null),
    });
    renderApp('/events/derby?invite=inv-1');

    const banner = await screen.findByRole('region', { name: 'Du er inviteret' });
    expect(banner).toHaveTextContent('Karen Kunde, Bageriet ApS');
    // Only what is left: Voksen is used.
    expect(
      within(within(banner).getByRole('list', { name: 'Gratis billetter' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 × Middag gratis']);
    // Step 1 starts over with them once the products offered with the token are read.
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Middag' })).getByLabelText('Antal'),
      ).toHaveValue('2'),
    );
    await waitFor(() =>
      expect(calls.products.at(-1)).toMatchObject({
        inviteToken: 'inv-1',
        products: [expect.objectContaining({ productId: 'p-dinner', amount: 2 })],
      }),
    );
    expect(storedBooking()).toMatchObject({ inviteToken: 'inv-1' });
    expect(calls.inviteReads).toEqual(['inv-1']);

    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));
    // The invited person's details fill the empty fields.
    expect(await screen.findByLabelText('Fornavn')).toHaveValue('Karen');
    expect(screen.getByLabelText('Efternavn')).toHaveValue('Kunde');
    expect(screen.getByLabelText('E-mail')).toHaveValue('karen@bageriet.dk');
    expect(screen.getByLabelText('Telefon')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Telefon'), '12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Fortsæt' }));

    const confirm = await screen.findByRole('button', { name: 'Bekræft tilmelding' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Jeg accepterer handelsbetingelserne' }),
    );
    await userEvent.click(confirm);
    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(calls.validations[0]).toMatchObject({ inviteToken: 'inv-1', firstname: 'Karen' });
    expect(calls.intents[0]).toMatchObject({ inviteToken: 'inv-1' });
    expect(calls.books[0]?.body).toMatchObject({
      inviteToken: 'inv-1',
      phone: '12345678',
      products: [expect.objectContaining({ productId: 'p-dinner', amount: 2 })],
    });
  });

  it('keeps its token over a reload, and what was chosen since', async () => {
    localStorage.setItem(
      localBookingKey(EVENT_ID),
      JSON.stringify({
        eventId: EVENT_ID,
        userId: null,
        customerKey: 'none',
        lines: [
          { productId: 'p-dinner', amount: 1, names: [] },
          { productId: 'p-1', amount: 1, names: [] },
        ],
        contact: null,
        answers: {},
        reached: 1,
        order: null,
        inviteToken: 'inv-1',
      }),
    );
    const calls = serveBooking({ products: dinnerAndTicket, invite: () => publicInvite() });
    renderApp('/events/derby');
    expect(await screen.findByRole('region', { name: 'Du er inviteret' })).toBeInTheDocument();
    expect(calls.inviteReads).toEqual(['inv-1']);
    const dinner = await screen.findByRole('group', { name: 'Middag' });
    expect(within(dinner).getByLabelText('Antal')).toHaveValue('1');
    await waitFor(() => expect(calls.products.length).toBeGreaterThan(0));
    expect(calls.products.every((body) => body.inviteToken === 'inv-1')).toBe(true);
  });

  it("says 'Invitationen findes ikke eller er slettet.' and books as anyone else", async () => {
    const calls = serveBooking({ products: dinnerAndTicket });
    renderApp('/events/derby?invite=gone');
    expect(
      await screen.findByText('Invitationen findes ikke eller er slettet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Du er inviteret' })).not.toBeInTheDocument();
    await chooseAmount('Voksen', '1');
    await waitFor(() =>
      expect(calls.products.at(-1)?.products).toEqual([
        expect.objectContaining({ productId: 'p-1', amount: 1 }),
      ]),
    );
    expect(calls.products.some((body) => 'inviteToken' in body)).toBe(false);
    expect(storedBooking()).toMatchObject({ inviteToken: null });
  });

  it("says 'Invitationen er allerede brugt.', chooses nothing, and still books through it", async () => {
    const calls = serveBooking({
      products: dinnerAndTicket,
      invite: () => publicInvite({ usedUp: true }),
    });
    renderApp('/events/derby?invite=inv-1');
    expect(await screen.findByText('Invitationen er allerede brugt.')).toBeInTheDocument();
    const dinner = await screen.findByRole('group', { name: 'Middag' });
    expect(within(dinner).getByLabelText('Antal')).toHaveValue('0');
    expect(screen.queryByRole('region', { name: 'Du er inviteret' })).not.toBeInTheDocument();
    // Its link still opens the sign-up for the invited, at the full price.
    await waitFor(() => expect(calls.products.at(-1)?.inviteToken).toBe('inv-1'));
    expect(storedBooking()).toMatchObject({ inviteToken: 'inv-1' });
  });
});
