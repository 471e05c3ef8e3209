import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { formatOre } from '../../shared/format';
import { PaymentError } from '../../shared/payments/PaymentError';
import { type PaymentLink, useStartOrderPaymentMutation } from './paymentApi';

interface WindowField {
  name: string;
  value: string;
}

/**
 * Opens the payment window as it asks to be opened: a real POST of its fields, in their order (the
 * window signs them in that order), from a form that leaves the app.
 */
export function submitWindowForm(action: string, fields: WindowField[]) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const { name, value } of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

interface WindowFormProps {
  link: PaymentLink;
  total: number;
  /** Why the last try failed, when it did. */
  lastError: string | null;
}

/** 'Gå til betaling': the club's payment window takes the card on its own page. */
export function WindowForm({ link, total, lastError }: WindowFormProps) {
  const { t } = useTranslation();
  const [startPayment] = useStartOrderPaymentMutation();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string>();

  // Back from the window with the browser's back button, the page may come from its cache with
  // the button still busy.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  async function goToPayment() {
    setLeaving(true);
    setError(undefined);
    try {
      const started = await startPayment(link).unwrap();
      if (started.kind !== 'window') throw new Error(`A ${started.kind} payment for the window`);
      // Stays busy: the browser is on its way to the window.
      submitWindowForm(started.action, started.fields);
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? t('payment.startFailed'));
      setLeaving(false);
    }
  }

  const shownError = error ?? lastError;
  return (
    <div className="tb-payment-form">
      <p>{t('payment.windowIntro', { total: formatOre(total) })}</p>
      {shownError && <PaymentError message={shownError} />}
      <div className="tb-form-actions">
        <Button
          type="button"
          icon="pi pi-credit-card"
          label={t('payment.goToPayment')}
          loading={leaving}
          onClick={() => void goToPayment()}
        />
      </div>
    </div>
  );
}
