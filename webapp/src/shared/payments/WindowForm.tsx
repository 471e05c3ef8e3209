import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { PaymentStart } from '../../api/generated/payments';
import { PaymentError } from './PaymentError';

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

export interface WindowFormProps {
  /** Asks the server for the window's form (a payment in the club's window). */
  start: () => Promise<PaymentStart>;
  /** What the payer is sent on to pay. */
  intro: string;
  submitLabel: string;
  /** Something must be done on the page first (terms, the contact form). */
  blocked?: boolean;
  /** Why the last try failed, when it did. */
  lastError: string | null;
}

/** 'Gå til betaling': the club's payment window takes the card on its own page. */
export function WindowForm({ start, intro, submitLabel, blocked, lastError }: WindowFormProps) {
  const { t } = useTranslation();
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
      const started = await start();
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
      <p>{intro}</p>
      {shownError && <PaymentError message={shownError} />}
      <div className="tb-form-actions">
        <Button
          type="button"
          icon="pi pi-credit-card"
          label={submitLabel}
          loading={leaving}
          disabled={blocked}
          onClick={() => void goToPayment()}
        />
      </div>
    </div>
  );
}
