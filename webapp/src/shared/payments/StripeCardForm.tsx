import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { PaymentStart } from '../../api/generated/payments';
import { Alert } from '../ui/Alert';
import { PaymentError } from './PaymentError';
import { stripeFor } from './stripeLoader';
import './payments.css';

/** What Stripe confirms: a PaymentIntent pays now, a SetupIntent saves the card for later. */
export type StripeIntentKind = 'payment' | 'setup';

export interface StripeCardFormProps {
  /**
   * Asks the server for the intent (its client secret and the club's publishable key): once, as
   * the form opens, because the card element needs the secret.
   */
  start: () => Promise<PaymentStart>;
  intent: StripeIntentKind;
  /**
   * Hands the confirmed intent's id (`pi_…` or `seti_…`) to the server, which reads the outcome
   * from Stripe; a rejection is the server's refusal and is shown under the card.
   */
  confirm: (reference: string) => Promise<unknown>;
  /** Where Stripe sends the payer back after a bank's page. */
  returnUrl: string;
  submitLabel: string;
  submitIcon?: string;
  /** Something outside the card is still missing (terms not accepted …): the button waits. */
  blocked?: boolean;
  /** Why the last try failed, when it did. */
  lastError: string | null;
  /** Only a card is saved (the profile): its errors say so, not that a payment failed. */
  savesCardOnly?: boolean;
}

interface StripeStarted {
  clientSecret: string;
  publishableKey: string;
  /** The loaded Stripe.js; null when it never came. */
  stripe: Stripe | null;
}

/** A public link's page as the return address: the page with the link's token only. */
export function linkReturnUrl(pathname: string, token: string): string {
  return `${window.location.origin}${pathname}?token=${encodeURIComponent(token)}`;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="tb-payment-busy" role="status">
      <ProgressSpinner aria-label={t('common.loading')} strokeWidth="4" />
    </div>
  );
}

/**
 * A card through Stripe's Payment Element, for a payment (an order) or for saving the card (a
 * subscription). The intent is started as the form opens, once per visit of the page; the card is
 * then confirmed with Stripe, and the server reads the outcome from Stripe before the page says
 * anything went through.
 */
export function StripeCardForm({ start, ...card }: StripeCardFormProps) {
  const { t, i18n } = useTranslation();
  const [started, setStarted] = useState<StripeStarted>();
  const [startError, setStartError] = useState<string>();
  const asked = useRef(false);

  const begin = useCallback(async () => {
    setStartError(undefined);
    try {
      const answer = await start();
      if (answer.kind !== 'stripe') throw new Error(`A ${answer.kind} payment for Stripe`);
      const stripe = await stripeFor(answer.publishableKey);
      setStarted({
        clientSecret: answer.clientSecret,
        publishableKey: answer.publishableKey,
        stripe,
      });
    } catch (failure) {
      setStartError(apiErrorMessage(failure) ?? t('payment.startFailed'));
    }
  }, [start, t]);

  useEffect(() => {
    // Once: StrictMode runs effects twice, and each start is a new intent at Stripe.
    if (asked.current) return;
    asked.current = true;
    void begin();
  }, [begin]);

  const clientSecret = started?.clientSecret;
  const locale = i18n.language === 'en' ? 'en' : 'da';
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret, locale }),
    [clientSecret, locale],
  );

  if (startError) {
    return (
      <div className="tb-payment-form">
        <PaymentError message={startError} saving={card.savesCardOnly} />
        <div className="tb-form-actions">
          <Button
            type="button"
            outlined
            icon="pi pi-refresh"
            label={t('payment.retry')}
            onClick={() => void begin()}
          />
        </div>
      </div>
    );
  }
  if (!started) return <Loading />;
  if (!started.stripe) return <Alert severity="error">{t('payment.formFailed')}</Alert>;
  return (
    // A new client secret is a new Elements group: Elements takes its secret only once.
    <Elements key={started.clientSecret} stripe={started.stripe} options={options}>
      <CardConfirmation {...card} />
    </Elements>
  );
}

type CardConfirmationProps = Omit<StripeCardFormProps, 'start'>;

function CardConfirmation({
  intent,
  confirm,
  returnUrl,
  submitLabel,
  submitIcon = 'pi pi-lock',
  blocked = false,
  lastError,
  savesCardOnly = false,
}: CardConfirmationProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  /** Stripe's word on the card: the confirmed intent's id, or why not. */
  async function confirmWithStripe(
    ready: Stripe,
    group: NonNullable<typeof elements>,
  ): Promise<{ reference: string } | { error: string }> {
    const confirmParams = { return_url: returnUrl };
    if (intent === 'setup') {
      const result = await ready.confirmSetup({
        elements: group,
        confirmParams,
        redirect: 'if_required',
      });
      if (result.error) return { error: result.error.message ?? t('payment.cardRefused') };
      return { reference: result.setupIntent.id };
    }
    const result = await ready.confirmPayment({
      elements: group,
      confirmParams,
      redirect: 'if_required',
    });
    if (result.error) return { error: result.error.message ?? t('payment.cardRefused') };
    return { reference: result.paymentIntent.id };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || !complete || blocked || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await confirmWithStripe(stripe, elements);
      if ('error' in answer) {
        setError(answer.error);
        return;
      }
      // The server's word, not the browser's: it reads the intent from Stripe. Done, the page
      // shows the outcome instead of this form.
      await confirm(answer.reference);
    } catch (failure) {
      // Stripe answers its refusals; what throws is our server's refusal or a lost connection.
      setError(apiErrorMessage(failure) ?? t('payment.confirmFailed'));
    } finally {
      setBusy(false);
    }
  }

  const shownError = error ?? lastError;
  return (
    <form className="tb-payment-form" onSubmit={(event) => void submit(event)} noValidate>
      <PaymentElement onChange={(change) => setComplete(change.complete)} />
      {shownError && <PaymentError message={shownError} saving={savesCardOnly} />}
      <div className="tb-form-actions">
        <Button
          type="submit"
          icon={submitIcon}
          label={submitLabel}
          loading={busy}
          disabled={!stripe || !elements || !complete || blocked}
        />
      </div>
    </form>
  );
}
