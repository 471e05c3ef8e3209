import type { Stripe } from '@stripe/stripe-js';
// The pure entry adds Stripe's script only when asked: the plain one adds it on import.
import { loadStripe } from '@stripe/stripe-js/pure';

/** How often, and how far apart, a Stripe.js that is not there yet is asked for again. */
export const STRIPE_TRIES = 20;
export const STRIPE_RETRY_MS = 100;

const loaded = new Map<string, Promise<Stripe | null>>();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadWithRetries(publishableKey: string): Promise<Stripe | null> {
  let failure: unknown = null;
  for (let attempt = 0; attempt <= STRIPE_TRIES; attempt += 1) {
    if (attempt > 0) await pause(STRIPE_RETRY_MS);
    try {
      const stripe = await loadStripe(publishableKey);
      if (stripe) return stripe;
    } catch (error) {
      failure = error;
    }
  }
  // Not console.error: a payer without Stripe.js (a blocker, no network) is not the app's fault,
  // and the page says so itself.
  // eslint-disable-next-line no-console
  console.info('Stripe.js could not be loaded', failure);
  return null;
}

/**
 * Stripe for a publishable key, loaded once per key: <Elements> must keep the instance it was
 * given. Resolves null when Stripe.js did not come after the retries; a later call tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadWithRetries(publishableKey).then((answer) => {
      if (!answer) loaded.delete(publishableKey);
      return answer;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
