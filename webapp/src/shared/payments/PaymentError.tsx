import { Message } from 'primereact/message';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The error area under the payment form: 'Betalingen kunne ikke gennemføres!' (or, when a card
 * is being saved, 'Kortet kunne ikke gemmes!') and why (the provider's or the server's words),
 * announced as an alert.
 */
export function PaymentError({
  message,
  saving = false,
}: {
  message: string;
  /** A card is being saved, not a payment made. */
  saving?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Message
      severity="error"
      role="alert"
      aria-labelledby={headingId}
      className="tb-alert tb-payment-error"
      content={
        <div>
          <h3 id={headingId}>{t(saving ? 'payment.cardFailed' : 'payment.failed')}</h3>
          <p>{message}</p>
        </div>
      }
    />
  );
}
