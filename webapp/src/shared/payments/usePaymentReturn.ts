import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';

/**
 * Back from the payment window, its callback to the server may come a little after the payer:
 * the page asks again this often, this far apart, while the payment is still pending.
 */
export const WINDOW_POLLS = 15;
export const WINDOW_POLL_MS = 1000;

export interface PaymentReturnOptions {
  /** Whether the address says the payer came back accepted from the payment window. */
  windowAccepted: (params: URLSearchParams) => boolean;
  /** The page's data came: the server is asked only then, so its answer is the newest word. */
  loaded: boolean;
  /** Asks the server to read (and settle) the payment; with Stripe's reference when there is one. */
  confirm: (reference?: string) => Promise<unknown>;
  /** The page's data says the payment still waits (no error on it yet). */
  pending: boolean;
  /** Asks for the page's data again. */
  refetch: () => unknown;
  /** What the error reads when the server's answer does not say why. */
  failedText: string;
}

export interface PaymentReturn {
  /** Came back from the provider, and the server has not yet settled the payment. */
  processing: boolean;
  /** Came back from the window, but its callback did not come while the page asked. */
  unconfirmed: boolean;
  /** Why asking the server to read the payment failed, when it did. */
  error: string | undefined;
}

/**
 * The payer's return from the provider: Stripe's `?payment_intent=pi_…` after a bank's page, or
 * the window's accept parameter (each page says which). The server is asked to read the payment
 * once, after the page's data came, so the answer is the newest word; for the window, the data is
 * then asked again while the payment waits for the window's callback.
 */
export function usePaymentReturn({
  windowAccepted: isWindowAccepted,
  loaded,
  confirm,
  pending,
  refetch,
  failedText,
}: PaymentReturnOptions): PaymentReturn {
  const [params] = useSearchParams();
  const reference = params.get('payment_intent');
  const windowAccepted = isWindowAccepted(params);
  const returned = Boolean(reference) || windowAccepted;
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string>();
  const [polls, setPolls] = useState(0);
  const asked = useRef(false);

  useEffect(() => {
    if (!returned || !loaded || asked.current) return;
    asked.current = true;
    confirm(reference ?? undefined)
      .catch((failure: unknown) => setError(apiErrorMessage(failure) ?? failedText))
      .finally(() => setConfirmed(true));
  }, [returned, loaded, reference, confirm, failedText]);

  const awaitingCallback = windowAccepted && confirmed && !error && pending;
  const polling = awaitingCallback && polls < WINDOW_POLLS;

  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => {
      void Promise.resolve(refetch()).finally(() => setPolls((count) => count + 1));
    }, WINDOW_POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, polls, refetch]);

  return {
    processing: returned && (!confirmed || polling),
    unconfirmed: awaitingCallback && polls >= WINDOW_POLLS,
    error,
  };
}
