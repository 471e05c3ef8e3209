import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerStripe, stripe } from '../../test/fakeStripe';
import { renderShared } from '../../test/renderShared';
import { SavedCardPayment } from './SavedCardPayment';

// No Stripe.js in jsdom: the fake Stripe of test/fakeStripe.
vi.mock('@stripe/stripe-js/pure', () =>
  import('../../test/fakeStripe').then((fake) => fake.stripeJs),
);

// Stripe.js's confirmCardPayment: the shared fake Stripe has none, so loadStripe answers a Stripe
// with it. stripeFor keeps the first Stripe per key for the whole file: always this one.
const confirmCardPayment = vi.fn();
const stripeWithCards = { kind: 'stripe', confirmCardPayment };

beforeEach(() => {
  answerStripe();
  stripe.loadStripe.mockResolvedValue(stripeWithCards);
  confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_saved', status: 'succeeded' } });
});

const LABEL = 'Betal 250,00 kr. med Visa •••• 4242';

function renderPayment(onPaid: (paymentIntent: string) => unknown = vi.fn()) {
  renderShared(
    <SavedCardPayment
      clientSecret="pi_saved_secret_1"
      publishableKey="pk_test_saved"
      cardId="pm_visa"
      label={LABEL}
      onPaid={onPaid}
    />,
  );
  return screen.getByRole('button', { name: LABEL });
}

describe('SavedCardPayment', () => {
  it('confirms the payment with the saved card, busy meanwhile, then hands on the payment', async () => {
    let answer: (value: unknown) => void = () => {};
    confirmCardPayment.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onPaid = vi.fn();
    const pay = renderPayment(onPaid);

    await userEvent.click(pay);
    await waitFor(() =>
      expect(confirmCardPayment).toHaveBeenCalledWith('pi_saved_secret_1', {
        payment_method: 'pm_visa',
      }),
    );
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_saved');
    expect(pay).toBeDisabled();
    expect(onPaid).not.toHaveBeenCalled();

    answer({ paymentIntent: { id: 'pi_saved', status: 'succeeded' } });
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows Stripe's refusal under the button, which stays for another try", async () => {
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Dit kort blev afvist.' } });
    const onPaid = vi.fn();
    const pay = renderPayment(onPaid);

    await userEvent.click(pay);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Betalingen kunne ikke gennemføres!');
    expect(banner).toHaveTextContent('Dit kort blev afvist.');
    expect(pay).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();

    await userEvent.click(pay);
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says Stripe's word without a message is a refused payment", async () => {
    confirmCardPayment.mockResolvedValueOnce({ error: {} });
    await userEvent.click(renderPayment());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Betalingen blev ikke godkendt. Prøv igen, eller brug et andet kort.',
    );
  });

  it('says the payment could not be confirmed when what follows it fails', async () => {
    const onPaid = vi.fn().mockRejectedValue(new Error('offline'));
    await userEvent.click(renderPayment(onPaid));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Betalingen kunne ikke bekræftes. Genindlæs siden om lidt.',
    );
  });
});
