import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatOre } from '../../shared/format';
import { answerStripe } from '../../test/fakeStripe';
import { renderApp } from '../../test/renderApp';
import { freshBooking, localBookingKey, type LocalBooking } from './localBooking';
import {
  EVENT_ID,
  ORDER_ID,
  order,
  payment,
  refusal,
  serveBooking,
  TOKEN,
} from './publicEventFixtures';
import { WINDOW_POLLS } from '../../shared/payments/usePaymentReturn';

// No Stripe.js in jsdom: the fake Stripe of test/fakeStripe.
vi.mock('@stripe/stripe-js/pure', () =>
  import('../../test/fakeStripe').then((fake) => fake.stripeJs),
);
vi.mock('@stripe/react-stripe-js', () =>
  import('../../test/fakeStripe').then((fake) => fake.reactStripe),
);

beforeEach(() => answerStripe({ paymentIntent: 'pi_456' }));

const CONFIRMATION = `/events/derby/${ORDER_ID}?token=${TOKEN}`;

/** A visitor's booking of the event that booked the order. */
function storeBooking(extra: Partial<LocalBooking> = {}) {
  const booking: LocalBooking = {
    ...freshBooking(EVENT_ID, null),
    customerKey: 'none',
    lines: [{ productId: 'p-1', amount: 2, names: [] }],
    reached: 3,
    order: { orderId: ORDER_ID, token: TOKEN },
    ...extra,
  };
  localStorage.setItem(localBookingKey(EVENT_ID), JSON.stringify(booking));
}

const stored = () => localStorage.getItem(localBookingKey(EVENT_ID));

const draft = (extra: Parameters<typeof payment>[0] = {}) => ({
  order: order({ status: 'draft', tickets: [] }),
  payment: payment({ payable: true, lastError: 'Kortet blev afvist', ...extra }),
});

describe('the order confirmation', () => {
  it('thanks for an approved order with its tickets to download, its lines and totals', async () => {
    storeBooking();
    serveBooking();
    renderApp(CONFIRMATION);

    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ordrenummer #1042')).toBeInTheDocument();
    const tickets = screen.getByRole('table', { name: 'Billetter' });
    const [first, second] = within(tickets).getAllByRole('link', { name: 'Hent billet' });
    expect(first).toHaveAttribute('href', '/public/events/ticket/ABCDEF123456');
    expect(first).toHaveAttribute('download');
    expect(second).toHaveAttribute('href', '/public/events/ticket/GHIJKL123456');
    expect(within(tickets).getByRole('row', { name: /Anna Berg/ })).toHaveTextContent('7');
    expect(within(tickets).getByRole('row', { name: /GHIJKL|8/ })).toHaveTextContent(
      'Sektion A, Række 3, Sæde 12',
    );
    const lines = screen.getByRole('table', { name: 'Ordrelinjer' });
    expect(within(lines).getByRole('row', { name: /Voksen/ })).toHaveTextContent('300,00');
    const totals = screen.getByRole('table', { name: 'Totaler' });
    expect(within(totals).getByRole('row', { name: /Moms/ })).toHaveTextContent('60,00');
    expect(screen.queryByRole('navigation', { name: 'Trin' })).not.toBeInTheDocument();
    await waitFor(() => expect(stored()).toBeNull());
  });

  it("says that a user was made and its e-mail must be confirmed after 'Opret bruger'", async () => {
    storeBooking();
    serveBooking({
      orders: [
        { order: order({ accountCreated: true, email: 'anna@example.dk' }), payment: payment() },
      ],
    });
    renderApp(CONFIRMATION);
    expect(
      await screen.findByText(
        'Vi har oprettet en bruger til dig med e-mailen anna@example.dk. Bekræft din e-mail med linket i den mail, vi har sendt dig, før du logger ind.',
      ),
    ).toBeInTheDocument();
  });

  it("opens with the local booking's token when the address has none", async () => {
    storeBooking();
    const calls = serveBooking();
    renderApp(`/events/derby/${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(calls.orders[0]).toEqual({ token: TOKEN });
  });

  it('goes back to the event without a token, or when the order does not open', async () => {
    serveBooking();
    const { router } = renderApp(`/events/derby/${ORDER_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/derby'));
    expect(await screen.findByRole('navigation', { name: 'Trin' })).toBeInTheDocument();

    await router.navigate(`/events/derby/${ORDER_ID}?token=forkert`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/derby'));
  });

  it('says that the payment failed, why, and pays again by card', async () => {
    storeBooking();
    const calls = serveBooking({
      orders: [draft()],
      accept: () => ({ order: order(), payment: payment() }),
    });
    renderApp(CONFIRMATION);

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Betalingen kunne ikke gennemføres!');
    expect(failure).toHaveTextContent('Kortet blev afvist');
    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await userEvent.type(await screen.findByLabelText('Kortnummer'), '4242 4242 4242 4242');
    expect(calls.pays).toEqual([{ token: TOKEN }]);
    await userEvent.click(screen.getByRole('button', { name: `Betal ${formatOre(30000)}` }));

    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(calls.accepts).toEqual([{ token: TOKEN, body: { reference: 'pi_456' } }]);
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('goes back to the event from a failed payment', async () => {
    serveBooking({ orders: [draft({ payable: false })] });
    const { router } = renderApp(CONFIRMATION);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tilbage til arrangementet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/derby'));
    expect(await screen.findByRole('navigation', { name: 'Trin' })).toBeInTheDocument();
  });

  it('shows the cancelled order when a retry finds the places gone', async () => {
    const cancelled = { order: order({ status: 'cancelled', tickets: [] }), payment: payment() };
    const calls = serveBooking({
      orders: [draft(), cancelled],
      pay: () => refusal('De valgte pladser er ikke længere tilgængelig!'),
    });
    renderApp(CONFIRMATION);
    await userEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('button', { name: 'Start forfra' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'De valgte pladser er ikke længere tilgængelig!',
    );
    expect(calls.orders).toHaveLength(2);
  });

  it("starts afresh from a cancelled order with 'Start forfra'", async () => {
    storeBooking();
    serveBooking({
      orders: [{ order: order({ status: 'cancelled', tickets: [] }), payment: payment() }],
    });
    const { router } = renderApp(CONFIRMATION);
    expect(
      await screen.findByText('De valgte pladser er ikke længere tilgængelig!'),
    ).toBeInTheDocument();
    expect(stored()).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start forfra' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/derby'));
    const adult = await screen.findByRole('group', { name: 'Voksen' });
    expect(within(adult).getByLabelText('Antal')).toHaveValue('0');
    expect(JSON.parse(stored() ?? '{}')).toMatchObject({ order: null, reached: 1 });
  });

  it("settles a card payment the payer comes back with from the bank's page", async () => {
    const calls = serveBooking({
      orders: [draft({ lastError: null })],
      accept: () => ({ order: order(), payment: payment() }),
    });
    renderApp(`${CONFIRMATION}&payment_intent=pi_789&redirect_status=succeeded`);
    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }),
    ).toBeInTheDocument();
    expect(calls.accepts).toEqual([{ token: TOKEN, body: { reference: 'pi_789' } }]);
  });

  it("waits for the payment window's callback after the payer's return", async () => {
    const pending = draft({ lastError: null });
    const calls = serveBooking({
      orders: [pending, pending, { order: order(), payment: payment() }],
      accept: () => pending,
    });
    renderApp(`${CONFIRMATION}&accept=1`);
    expect(await screen.findByText('Betalingen behandles …')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Tak for din bestilling!' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(calls.accepts).toEqual([{ token: TOKEN, body: {} }]);
    expect(calls.orders.length).toBeGreaterThanOrEqual(3);
    expect(calls.orders.length).toBeLessThanOrEqual(1 + WINDOW_POLLS);
  });

  it('pays a draft again in the payment window', async () => {
    serveBooking({
      orders: [draft()],
      pay: () =>
        HttpResponse.json({
          success: true,
          result: {
            kind: 'window',
            action: 'https://betaling.example/pay',
            fields: [{ name: 'amount', value: '30000' }],
          },
        }),
    });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    renderApp(CONFIRMATION);
    await userEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(document.querySelector<HTMLFormElement>('form[hidden]')?.action).toBe(
      'https://betaling.example/pay',
    );
    submit.mockRestore();
    document.querySelectorAll('form[hidden]').forEach((form) => form.remove());
  });
});
