import DOMPurify from 'dompurify';
import { Formik, useField, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiFieldError } from '../../api/baseApi';
import type { BookingInput, BookingIntent, PublicEvent } from '../../api/generated/booking';
import type { PaymentStart } from '../../api/generated/payments';
import { formatDate, formatOre, fullName } from '../../shared/format';
import { StripeCardForm } from '../../shared/payments/StripeCardForm';
import { submitWindowForm } from '../../shared/payments/WindowForm';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { Preloader } from '../../shared/ui/Preloader';
import { yup } from '../../shared/validation';
import { bookingInput, withFreeShown, type PlacedErrors } from './bookingRules';
import type { BookedOrderLink, LocalBookingStore } from './localBooking';
import { confirmationPath, confirmationUrl } from './paths';
import { BookingTotals, PricedLinesTable } from './PricedLinesTable';
import {
  useAcceptPublicOrderPaymentMutation,
  useBookMutation,
  useCreateIntentMutation,
} from './publicEventsApi';

interface ConfirmValues {
  acceptTerms: boolean;
}

/** 'Jeg accepterer handelsbetingelserne': the word opens the terms in a dialog. */
function TermsField({ terms }: { terms: string }) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<boolean>('acceptTerms');
  const { submitCount } = useFormikContext();
  const [open, setOpen] = useState(false);
  const id = useId();
  const error = meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
  const html = DOMPurify.sanitize(terms);
  return (
    <div className="tb-field tb-field-inline tb-booking-terms">
      <Checkbox
        inputId={id}
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => void helpers.setValue(Boolean(event.checked))}
        onBlur={() => void helpers.setTouched(true)}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>
        <Trans
          i18nKey="publicEvents.confirm.acceptTerms"
          components={{
            // Trans fills the button with the terms' name; it opens them, it does not tick.
            terms: (
              <button
                type="button"
                className="tb-link-button"
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(true);
                }}
              />
            ),
          }}
        />
      </label>
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
      <Dialog
        header={t('publicEvents.confirm.terms')}
        visible={open}
        onHide={() => setOpen(false)}
        ariaCloseIconLabel={t('common.close')}
        style={{ width: '50rem' }}
        breakpoints={{ '960px': '90vw' }}
      >
        {html.trim() ? (
          <div className="tb-html" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p>{t('publicEvents.confirm.noTerms')}</p>
        )}
      </Dialog>
    </div>
  );
}

interface CardPaymentProps {
  event: PublicEvent;
  link: BookedOrderLink;
  start: PaymentStart;
  total: number;
  /** Until when the places are held for this payment (ISO); null: for good. */
  expires: string | null;
}

/** The booking's card payment with Stripe, started by `book`; then its confirmation. */
function CardPayment({ event, link, start, total, expires }: CardPaymentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [acceptPayment] = useAcceptPublicOrderPaymentMutation();
  const started = useCallback(() => Promise.resolve(start), [start]);
  const confirm = useCallback(
    async (reference: string) => {
      await acceptPayment({ eventId: event.id, ...link, reference }).unwrap();
      navigate(confirmationPath(event.url, link));
    },
    [acceptPayment, event.id, event.url, link, navigate],
  );
  return (
    <section className="tb-booking-payment" aria-label={t('publicEvents.confirm.payment')}>
      {expires && (
        <p className="tb-booking-held">
          {t('publicEvents.confirm.heldUntil', { time: formatDate(expires, 'HH:mm') })}
        </p>
      )}
      <StripeCardForm
        intent="payment"
        start={started}
        confirm={confirm}
        returnUrl={confirmationUrl(event.url, link)}
        submitLabel={t('publicEvents.confirm.pay', { total: formatOre(total) })}
        lastError={null}
      />
    </section>
  );
}

interface ConfirmStepProps {
  title: string;
  event: PublicEvent;
  store: LocalBookingStore;
  free: boolean;
  password: string;
  /** A refusal of the server, placed on the wizard's steps (it goes back to an earlier one). */
  onRefused: (failure: unknown) => PlacedErrors;
  onBack: () => void;
}

/**
 * Step 3, 'Bekræft': the booking as the server prices it (create-intent, as the step opens), the
 * customer, the terms, and 'Bekræft bestilling' ('Bekræft tilmelding'), which books it: a free
 * booking is confirmed at once, one that costs something is paid by card or in the payment window.
 */
export function ConfirmStep({
  title,
  event,
  store,
  free,
  password,
  onRefused,
  onBack,
}: ConfirmStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const { booking, update } = store;
  const [createIntent] = useCreateIntentMutation();
  const [book] = useBookMutation();
  const [intent, setIntent] = useState<BookingIntent>();
  const [message, setMessage] = useState<string>();
  const [payment, setPayment] = useState<{
    link: BookedOrderLink;
    start: PaymentStart;
    expires: string | null;
  }>();
  const asked = useRef(false);
  /**
   * The booking as the intent priced it: `book` sends exactly this, so what the step shows (the
   * server's lines, seats and totals) is what is sold; the server refuses anything else.
   */
  const pricedInput = useRef<BookingInput>(undefined);

  const price = useCallback(() => {
    // Priced before the terms are ticked: the intent is only the price and the key; `book`
    // checks the box as the buyer left it.
    const input = bookingInput(event, booking, { password, acceptTerms: true });
    createIntent(input)
      .unwrap()
      .then((priced) => {
        pricedInput.current = input;
        setIntent(priced);
      })
      .catch((failure: unknown) => {
        const placed = onRefused(failure);
        if (placed.step === 3) setMessage(placed.message);
      });
  }, [booking, createIntent, event, onRefused, password]);

  useEffect(() => {
    // Once per visit of the step: StrictMode runs effects twice.
    if (asked.current) return;
    asked.current = true;
    price();
    // The booking as the step opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const contact = booking.contact;
  const priced = intent?.booking;

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        {!priced && !message && <Preloader label={t('publicEvents.confirm.pricing')} />}
        {priced && (
          <>
            <PricedLinesTable lines={priced.bookingProducts} />
            <BookingTotals
              subtotal={priced.subtotal}
              discount={priced.discount}
              vat={priced.vat}
              total={priced.total}
            />
          </>
        )}
        {contact && (
          <section className="tb-booking-customer-details" aria-labelledby={`${titleId}-customer`}>
            <h3 id={`${titleId}-customer`}>{t('publicEvents.confirm.customer')}</h3>
            <p>
              <span>{fullName(contact)}</span>
              <span>{contact.email}</span>
              <span>{contact.phone}</span>
            </p>
          </section>
        )}
        {payment ? (
          <CardPayment
            event={event}
            link={payment.link}
            start={payment.start}
            total={priced?.total ?? 0}
            expires={payment.expires}
          />
        ) : (
          <Formik<ConfirmValues>
            initialValues={{ acceptTerms: false }}
            validationSchema={yup.object({
              acceptTerms: yup
                .boolean()
                .oneOf([true], t('publicEvents.confirm.acceptTermsRequired')),
            })}
            onSubmit={async (values, { setFieldError, setFieldTouched }) => {
              const input = pricedInput.current;
              if (!intent || !input) return;
              setMessage(undefined);
              try {
                const booked = await book({
                  intentSecret: intent.intentSecret,
                  booking: withFreeShown(
                    { ...input, acceptTerms: values.acceptTerms },
                    intent.booking,
                  ),
                }).unwrap();
                const link = { orderId: booked.order.orderId, token: booked.order.token };
                update({ order: link });
                if (booked.payment === null) {
                  navigate(confirmationPath(event.url, link));
                } else if (booked.payment.kind === 'window') {
                  // Leaves the app: the window sends the payer back to the confirmation.
                  submitWindowForm(booked.payment.action, booked.payment.fields);
                } else {
                  setPayment({
                    link,
                    start: booked.payment,
                    expires: booked.order.expires ?? null,
                  });
                }
              } catch (failure) {
                const changed = apiFieldError(failure, 'intentSecret');
                if (changed !== undefined) {
                  // Not what this step showed any more: shown again as it is now.
                  setMessage(changed);
                  setIntent(undefined);
                  price();
                  return;
                }
                const placed = onRefused(failure);
                if (placed.step !== 3) return;
                if (placed.acceptTerms) {
                  void setFieldTouched('acceptTerms', true, false);
                  setFieldError('acceptTerms', placed.acceptTerms);
                }
                setMessage(placed.message);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form label={title} className="tb-booking-form">
                <TermsField terms={event.terms} />
                {message && <Alert severity="error">{message}</Alert>}
                <div className="tb-form-actions">
                  <Button
                    type="button"
                    outlined
                    icon="pi pi-arrow-left"
                    label={t('publicEvents.back')}
                    onClick={onBack}
                  />
                  <Button
                    type="submit"
                    icon="pi pi-check"
                    label={t(free ? 'publicEvents.confirm.signUp' : 'publicEvents.confirm.book')}
                    loading={isSubmitting}
                    disabled={!intent}
                  />
                </div>
              </Form>
            )}
          </Formik>
        )}
      </section>
    </Card>
  );
}
