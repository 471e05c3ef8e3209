// Stripe for the tests: there is no Stripe.js in jsdom. loadStripe answers a fake Stripe, the card
// element is one field, 'Kortnummer', that is complete at 16 digits, and confirmPayment and
// confirmSetup answer what each test tells them to.
//
// vi.mock must stay in the test file (Vitest hoists it there); its factories take the modules
// below:
//
//   vi.mock('@stripe/stripe-js/pure', () =>
//     import('../../test/fakeStripe').then((fake) => fake.stripeJs),
//   );
//   vi.mock('@stripe/react-stripe-js', () =>
//     import('../../test/fakeStripe').then((fake) => fake.reactStripe),
//   );
//
// The config's restoreMocks empties the fakes before each test: answer them in a beforeEach with
// answerStripe().

import { createElement, type ReactNode } from 'react';
import { vi } from 'vitest';

/** What the fake Stripe answers; a test sets and checks them (`stripe.confirmPayment`). */
export const stripe = {
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  confirmSetup: vi.fn(),
};

/** The default answers: Stripe loads, and confirms the payment (`pi_123`) or the card (`seti_1`). */
export function answerStripe({ paymentIntent = 'pi_123', setupIntent = 'seti_1' } = {}) {
  stripe.loadStripe.mockResolvedValue({ kind: 'stripe' });
  stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: paymentIntent } });
  stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: setupIntent } });
}

/** The fake of '@stripe/stripe-js/pure'. */
export const stripeJs = { loadStripe: stripe.loadStripe };

const fakeStripe = { confirmPayment: stripe.confirmPayment, confirmSetup: stripe.confirmSetup };
const fakeElements = { kind: 'elements' };

/** The fake of '@stripe/react-stripe-js'. */
export const reactStripe = {
  Elements: ({ children }: { children: ReactNode }) => children,
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
