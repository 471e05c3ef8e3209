import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { PaymentError } from './PaymentError';
import { stripeFor } from './stripeLoader';
import './payments.css';

export interface SavedCardPaymentProps {
  /** The PaymentIntent the server made with the saved card and its customer. */
  clientSecret: string;
  publishableKey: string;
  /** The saved card (its Stripe payment method) that pays. */
  cardId: string;
  /** The button's text: 'Betal 250,00 kr. med Visa •••• 4242'. */
  label: string;
  /**
   * Stripe confirmed the payment (the PaymentIntent's id): the page goes on to where the server
   * reads the outcome. A rejection is shown under the button.
   */
  onPaid: (paymentIntent: string) => unknown;
}

/**
 * Pays a PaymentIntent with one of the customer's saved cards: one button, which confirms the
 * intent with Stripe (the bank may ask for 3-D Secure in Stripe's own dialog). A refused card
 * shows why under the button, and the payer may try again.
 */
export function SavedCardPayment({
  clientSecret,
  publishableKey,
  cardId,
  label,
  onPaid,
}: SavedCardPaymentProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    // Loaded ahead, so the click confirms at once; stripeFor keeps one instance per key.
    void stripeFor(publishableKey);
  }, [publishableKey]);

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const stripe = await stripeFor(publishableKey);
      if (!stripe) {
        setError(t('payment.formFailed'));
        return;
      }
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: cardId });
      if (result.error) {
        setError(result.error.message ?? t('payment.cardRefused'));
        return;
      }
      await onPaid(result.paymentIntent.id);
    } catch (failure) {
      // Stripe answers its refusals; what throws is the page's refusal or a lost connection.
      setError(apiErrorMessage(failure) ?? t('payment.confirmFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tb-payment-form">
      <div className="tb-form-actions">
        <Button
          type="button"
          icon="pi pi-lock"
          label={label}
          loading={busy}
          onClick={() => void pay()}
        />
      </div>
      {error && <PaymentError message={error} />}
    </div>
  );
}
