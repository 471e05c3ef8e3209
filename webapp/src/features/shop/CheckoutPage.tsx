import {
  Formik,
  getIn,
  useField,
  useFormikContext,
  type FormikHelpers,
  type FormikProps,
} from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import { RadioButton } from 'primereact/radiobutton';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppSession, type SessionUser } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import type { DeliveryMethod } from '../../api/generated/orders';
import type { Cart, CartLine, CheckoutIntent, CheckoutResult } from '../../api/generated/shop';
import type { PaymentStart } from '../../api/generated/payments';
import type { SavedPaymentCard } from '../../api/generated/subscriptions';
import { formatOre } from '../../shared/format';
import { SavedCardPayment } from '../../shared/payments/SavedCardPayment';
import { StripeCardForm } from '../../shared/payments/StripeCardForm';
import { submitWindowForm } from '../../shared/payments/WindowForm';
import { useShownError } from '../../shared/editor/useShownError';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { CheckboxField, PasswordField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { brandName, CardBrandIcon } from '../../shared/payments/CardBrandIcon';
import { useGetProfileCardsQuery } from '../../shared/payments/savedCardsApi';
import { lineName } from './CartDrawer';
import {
  answeredRefusal,
  CARD_METHOD,
  cartKey,
  checkoutInput,
  checkoutSchema,
  CONTACT_FIELDS,
  initialCheckoutValues,
  placeRefusal,
  seatErrors,
  type CheckoutValues,
} from './checkoutRules';
import {
  confirmationPath,
  confirmationUrl,
  SHOP_PATH,
  SUBSCRIPTION_TERMS_PATH,
  TERMS_PATH,
} from './paths';
import { seatText } from './seatText';
import {
  useCartOwner,
  useCompleteCheckoutMutation,
  useCreateCheckoutIntentMutation,
  useGetCartQuery,
} from './shopApi';
import { ShopLogin } from './ShopLogin';
import './shop.css';
import { LineOptions } from './LineOptions';

/** The order's money as the summary shows it; the discount with VAT, as prices are shown. */
interface Totals {
  subtotal: number;
  discount: number;
  vat: number;
  total: number;
}

const cartTotals = (cart: Cart): Totals => ({
  subtotal: cart.subtotal,
  discount: 0,
  vat: cart.vat,
  total: cart.total,
});

const intentTotals = (intent: CheckoutIntent): Totals => ({
  subtotal: intent.subtotal,
  discount: intent.discount,
  vat: intent.vat,
  total: intent.total,
});

/** What `create-intent` priced: the discount code and the cart it priced. */
interface Priced {
  intent: CheckoutIntent;
  code: string;
  cart: string;
}

/** The order was made and is paid here: what the payment step shows beside its payment. */
interface OrderToPay {
  result: CheckoutResult;
  lines: CartLine[];
  totals: Totals;
}

/** Paid with a new card, in Stripe's card element. */
interface CardCompleted extends OrderToPay {
  kind: 'card';
}

/** Paid with one of the customer's saved cards: the server made the intent with it. */
interface SavedCardCompleted extends OrderToPay {
  kind: 'savedCard';
  card: SavedPaymentCard;
  clientSecret: string;
  publishableKey: string;
}

/** The order was made: paid here, or the browser is on its way to the payment window. */
type Completed = CardCompleted | SavedCardCompleted | { kind: 'window' };

/** No saved cards: a visitor's, or a club that keeps none. */
const NO_CARDS: SavedPaymentCard[] = [];

/** A saved card as its owner knows it: 'Visa •••• 4242'. */
const savedCardName = (card: SavedPaymentCard) =>
  `${brandName(card.cardType)} ${card.cardNumber}`.trim();

/** 'MM/ÅÅ': 04/30. */
const twoDigits = (value: number) => String(value % 100).padStart(2, '0');

function LineErrors({ index }: { index: number }) {
  const seat = useShownError(`orderLines.${index}.seat`);
  const line = useShownError(`orderLines.${index}`);
  const errors = [line, seat].filter(Boolean);
  if (errors.length === 0) return null;
  return (
    <p className="p-error tb-checkout-line-error" role="alert">
      {errors.join(' ')}
    </p>
  );
}

/** The cart's lines: title, variant, add-ons, seat, amount and the line's total with VAT. */
function SummaryLines({
  lines,
  withErrors = false,
}: {
  lines: CartLine[];
  /** Inside the form: each line shows the mistakes found on it. */
  withErrors?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className="tb-checkout-lines" aria-label={t('shop.checkout.lines')}>
      {lines.map((line, index) => (
        <li key={line.id} className="tb-checkout-line" aria-label={lineName(line)}>
          <div className="tb-checkout-line-body">
            <p className="tb-checkout-line-title">
              <strong>{line.title}</strong>
              {line.variant && <span> – {line.variant}</span>}
            </p>
            <LineOptions options={line.options} />
            {line.seat && <p className="tb-checkout-line-seat">{seatText(t, line)}</p>}
            {withErrors && <LineErrors index={index} />}
          </div>
          <span className="tb-checkout-line-amount">
            {t('shop.checkout.amount')}: {line.amount}
          </span>
          <span className="tb-checkout-line-total">
            <span className="tb-visually-hidden">{t('shop.checkout.lineTotal')}: </span>
            <Money ore value={line.totalWithVat} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal (ekskl. moms), the discount when there is one, moms and total. */
function SummaryTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const row = (key: string, value: number, className?: string) => (
    <tr key={key} className={className}>
      <th scope="row">{t(`shop.checkout.${key}`)}</th>
      <td>
        <Money ore value={value} />
      </td>
    </tr>
  );
  return (
    <table className="tb-totals" aria-label={t('shop.checkout.totals')}>
      <tbody>
        {row('subtotal', totals.subtotal)}
        {totals.discount > 0 && row('discount', -totals.discount)}
        {row('vat', totals.vat)}
        {row('total', totals.total, 'tb-totals-total')}
      </tbody>
    </table>
  );
}

/** 'Rabatkode' and 'Anvend', which prices the order with the code (its refusal on the field). */
function DiscountCodeField({
  applied,
  onApply,
}: {
  applied: boolean;
  onApply: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [field] = useField<string>('discountCode');
  const error = useShownError('discountCode');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function apply() {
    setBusy(true);
    try {
      await onApply();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tb-field tb-checkout-discount">
      <label htmlFor={id}>{t('shop.checkout.discountCode')}</label>
      <div className="p-inputgroup">
        <InputText
          id={id}
          {...field}
          autoComplete="off"
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error || applied ? `${id}-note` : undefined}
          onKeyDown={(event) => {
            // Enter applies the code; it does not send the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <Button
          type="button"
          outlined
          label={t('shop.checkout.applyDiscount')}
          loading={busy}
          onClick={() => void apply()}
        />
      </div>
      {error ? (
        <small id={`${id}-note`} className="p-error">
          {error}
        </small>
      ) : (
        applied && (
          <small id={`${id}-note`} className="tb-field-help">
            {t('shop.checkout.discountApplied')}
          </small>
        )
      )}
    </div>
  );
}

/**
 * A terms checkbox whose words link to the terms (in a new tab, so the form stays as it is).
 * Refused, its label turns red and no error text shows (spec 3 §5 "Checkout").
 */
function TermsField({ name, i18nKey, to }: { name: string; i18nKey: string; to: string }) {
  const [field, meta, helpers] = useField<boolean>(name);
  const { submitCount } = useFormikContext();
  const id = useId();
  const refused = Boolean(meta.error) && (meta.touched || submitCount > 0);
  return (
    <div className="tb-field tb-field-inline tb-checkout-terms">
      <Checkbox
        inputId={id}
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => void helpers.setValue(Boolean(event.checked))}
        invalid={refused}
        aria-invalid={refused}
      />
      <label htmlFor={id} className={refused ? 'p-error' : undefined}>
        <Trans
          i18nKey={i18nKey}
          components={{ terms: <Link to={to} target="_blank" rel="noopener noreferrer" /> }}
        />
      </label>
    </div>
  );
}

/**
 * 'Betalingsmetode': 'Betalingskort' (a new card) and a signed-in customer's saved cards. The
 * default card is chosen as the cards come, unless the buyer chose already; a chosen card that
 * is gone from the cards (the server refused it) gives way to the default.
 */
function PaymentMethodField({ cards }: { cards: SavedPaymentCard[] }) {
  const { t } = useTranslation();
  const [field] = useField<string>('paymentMethod');
  const { setFieldValue } = useFormikContext<CheckoutValues>();
  const error = useShownError('paymentMethod');
  const chosen = useRef(false);
  const id = useId();
  const method = field.value;
  const defaultCard = cards.find((card) => card.isDefault)?.cardId;

  useEffect(() => {
    const known = method === CARD_METHOD || cards.some((card) => card.cardId === method);
    if (!known) {
      void setFieldValue('paymentMethod', defaultCard ?? CARD_METHOD, false);
    } else if (!chosen.current && defaultCard && method === CARD_METHOD) {
      void setFieldValue('paymentMethod', defaultCard, false);
    }
  }, [cards, defaultCard, method, setFieldValue]);

  function choose(value: string) {
    chosen.current = true;
    void setFieldValue('paymentMethod', value);
  }

  return (
    <fieldset
      className="tb-field tb-choice-group tb-checkout-methods"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('shop.checkout.paymentMethod')}</legend>
      <div className="tb-field-inline">
        <RadioButton
          inputId={`${id}-card`}
          name={field.name}
          value={CARD_METHOD}
          checked={method === CARD_METHOD}
          onChange={() => choose(CARD_METHOD)}
        />
        <label htmlFor={`${id}-card`}>
          <i className="pi pi-credit-card" aria-hidden="true" /> {t('shop.checkout.card')}
        </label>
      </div>
      {cards.map((card, index) => (
        <div key={card.cardId} className="tb-field-inline">
          <RadioButton
            inputId={`${id}-${index}`}
            name={field.name}
            value={card.cardId}
            checked={method === card.cardId}
            onChange={() => choose(card.cardId)}
          />
          <label htmlFor={`${id}-${index}`}>
            {/* The brand is in the words: the mark is not read twice. */}
            <span aria-hidden="true">
              <CardBrandIcon cardType={card.cardType} />
            </span>{' '}
            {savedCardName(card)}{' '}
            <span className="tb-field-help">
              {t('shop.checkout.expires', {
                month: twoDigits(card.expMonth),
                year: twoDigits(card.expYear),
              })}
            </span>
          </label>
        </div>
      ))}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/**
 * Under a new card, for a signed-in customer at a club that keeps cards: 'Gem kort'; with a
 * subscription in the cart the card is kept for its payments anyway, which a note says instead.
 */
/**
 * 'Levering': the address the cart's sent products go to (name, street, postcode, city), or
 * that they are picked up at the club; nothing when there is nothing to deliver.
 */
function DeliverySection({ delivery }: { delivery: DeliveryMethod | null }) {
  const { t } = useTranslation();
  if (delivery === null) return null;
  return (
    <CheckoutSection title={t('shop.checkout.delivery')}>
      {delivery === 'pickup' ? (
        <p>{t('shop.checkout.pickup')}</p>
      ) : (
        <div className="tb-checkout-fields">
          <TextField
            name="deliveryName"
            label={t('shop.checkout.deliveryName')}
            autoComplete="shipping name"
          />
          <TextField
            name="deliveryStreet"
            label={t('shop.checkout.deliveryStreet')}
            autoComplete="shipping street-address"
          />
          <TextField
            name="deliveryPostcode"
            label={t('shop.checkout.deliveryPostcode')}
            autoComplete="shipping postal-code"
            inputMode="numeric"
          />
          <TextField
            name="deliveryCity"
            label={t('shop.checkout.deliveryCity')}
            autoComplete="shipping address-level2"
          />
        </div>
      )}
    </CheckoutSection>
  );
}

function SaveCardField({ hasSubscription }: { hasSubscription: boolean }) {
  const { t } = useTranslation();
  if (hasSubscription) {
    return <p className="tb-field-help">{t('shop.checkout.subscriptionKeepsCard')}</p>;
  }
  return (
    <CheckboxField
      name="saveCard"
      label={t('shop.checkout.saveCard')}
      help={t('shop.checkout.saveCardHelp')}
    />
  );
}

/** After a login on the page: the customer's details fill the fields still empty. */
function PrefillFromUser({ user }: { user: SessionUser | null }) {
  const { setValues } = useFormikContext<CheckoutValues>();
  const filledFor = useRef(user?.id ?? null);
  useEffect(() => {
    if (!user || filledFor.current === user.id) return;
    filledFor.current = user.id;
    const own = initialCheckoutValues(user);
    void setValues(
      (current) => ({
        ...current,
        firstname: current.firstname.trim() ? current.firstname : own.firstname,
        lastname: current.lastname.trim() ? current.lastname : own.lastname,
        email: current.email.trim() ? current.email : own.email,
        phone: current.phone.trim() ? current.phone : own.phone,
        // 'Opret bruger' is a visitor's.
        createUser: false,
        password: '',
      }),
      false,
    );
  }, [user, setValues]);
  return null;
}

interface CheckoutFormProps {
  cart: Cart;
  user: SessionUser | null;
  onCompleted: (completed: Completed) => void;
  /** The cart the page shows is not the server's any more: read it again. */
  onCartChanged: () => void;
}

/**
 * The checkout's form: the contact, 'Opret bruger' for a visitor, the payment method (a signed-in
 * customer's saved cards among them) with 'Gem kort', the order with the discount code, and the
 * terms. Sending it checks it here, then `create-intent` (each refusal on its field or line) and
 * `checkout/complete` with the key it answered; what follows is the confirmation (nothing to
 * pay), the card form, the saved card's payment, or the payment window.
 */
function CheckoutForm({ cart, user, onCompleted, onCartChanged }: CheckoutFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visitor = user === null;
  const [createIntent] = useCreateCheckoutIntentMutation();
  const [complete] = useCompleteCheckoutMutation();
  // A club that keeps no cards (a payment window) answers 422: a new card only, no 'Gem kort'.
  const cardsQuery = useGetProfileCardsQuery(undefined, { skip: visitor });
  const cards = cardsQuery.data ?? NO_CARDS;
  const keepsCards = !visitor && cardsQuery.data !== undefined;
  const saveCardOffered = keepsCards && !cart.hasSubscription;
  const [priced, setPriced] = useState<Priced | null>(null);
  const [message, setMessage] = useState<string>();
  // The key of an attempt whose `complete` got no answer: it may have made the order, and the
  // same key answers the same order.
  const retryKey = useRef<string | null>(null);
  const [initialValues] = useState(() => initialCheckoutValues(user));
  const schema = useMemo(
    () => checkoutSchema(t, visitor, cart.hasSubscription, cart.delivery),
    [t, visitor, cart.hasSubscription, cart.delivery],
  );
  const currentCart = cartKey(cart);

  /** The priced totals while the code and the cart are the ones priced, else the cart's. */
  function pricedFor(code: string): CheckoutIntent | null {
    return priced && priced.cart === currentCart && priced.code === code.trim()
      ? priced.intent
      : null;
  }

  function showRefusal(
    failure: unknown,
    helpers: Pick<FormikHelpers<CheckoutValues>, 'setErrors' | 'setFieldTouched'>,
  ) {
    if (!answeredRefusal(failure)) {
      setMessage(apiErrorMessage(failure) ?? t('shop.checkout.unknownError'));
      return;
    }
    const placed = placeRefusal(failure);
    const fields = Object.keys(placed.errors);
    if (fields.length > 0) {
      applyServerErrors(helpers.setErrors, { status: 422, errors: placed.errors });
      for (const field of fields) void helpers.setFieldTouched(field, true, false);
    }
    const elsewhere = placed.others.join(' ');
    setMessage(
      elsewhere ||
        (fields.length === 0
          ? (apiErrorMessage(failure) ?? t('shop.checkout.unknownError'))
          : undefined),
    );
    if (placed.cartChanged) onCartChanged();
    // The chosen card is gone: the cards as they are now.
    if ('paymentMethod' in placed.errors && !visitor) void cardsQuery.refetch();
  }

  async function applyDiscount(formik: FormikProps<CheckoutValues>) {
    setMessage(undefined);
    const code = formik.values.discountCode.trim();
    if (!code) {
      setPriced(null);
      return;
    }
    // The server prices a whole checkout: the contact must be there first.
    const errors = await formik.validateForm();
    const missing = CONTACT_FIELDS.filter((field) => getIn(errors, field));
    if (missing.length > 0) {
      for (const field of missing) void formik.setFieldTouched(field, true, false);
      formik.setFieldError('discountCode', t('shop.checkout.discountNeedsContact'));
      void formik.setFieldTouched('discountCode', true, false);
      return;
    }
    try {
      // Priced before the terms are ticked: the answer is only the price.
      const intent = await createIntent({
        ...checkoutInput(formik.values, visitor, saveCardOffered, cart.delivery),
        acceptTerms: true,
        acceptSubscriptionTerms: true,
      }).unwrap();
      setPriced({ intent, code, cart: currentCart });
    } catch (failure) {
      setPriced(null);
      showRefusal(failure, formik);
    }
  }

  function completed(result: CheckoutResult, totals: Totals, paymentMethod: string | null) {
    const savedCard = cards.find((card) => card.cardId === paymentMethod);
    if (result.paymentForm) {
      onCompleted({ kind: 'window' });
      // Leaves the app: the window sends the payer back to the confirmation.
      submitWindowForm(result.paymentForm.action, result.paymentForm.fields);
    } else if (savedCard && result.clientSecret && result.publishableKey) {
      onCompleted({
        kind: 'savedCard',
        result,
        lines: cart.orderLines,
        totals,
        card: savedCard,
        clientSecret: result.clientSecret,
        publishableKey: result.publishableKey,
      });
    } else if (result.clientSecret) {
      onCompleted({ kind: 'card', result, lines: cart.orderLines, totals });
    } else {
      navigate(confirmationPath(result.orderId, result.token));
    }
  }

  async function submit(values: CheckoutValues, helpers: FormikHelpers<CheckoutValues>) {
    setMessage(undefined);
    const input = checkoutInput(values, visitor, saveCardOffered, cart.delivery);
    const earlier = pricedFor(values.discountCode);
    let totals = earlier ? intentTotals(earlier) : cartTotals(cart);
    try {
      let key = retryKey.current;
      if (key === null) {
        const intent = await createIntent(input).unwrap();
        setPriced({ intent, code: values.discountCode.trim(), cart: currentCart });
        totals = intentTotals(intent);
        key = intent.intentSecret;
      }
      retryKey.current = key;
      const result = await complete({ intentSecret: key, input }).unwrap();
      retryKey.current = null;
      completed(result, totals, input.paymentMethod);
    } catch (failure) {
      if (answeredRefusal(failure)) retryKey.current = null;
      showRefusal(failure, helpers);
    }
  }

  return (
    <Formik<CheckoutValues>
      initialValues={initialValues}
      validationSchema={schema}
      validate={() => seatErrors(cart, t)}
      onSubmit={submit}
    >
      {(formik) => {
        const intent = pricedFor(formik.values.discountCode);
        const totals = intent ? intentTotals(intent) : cartTotals(cart);
        return (
          <Form className="tb-checkout-form" label={t('shop.checkout.title')}>
            <PrefillFromUser user={user} />
            <div className="tb-checkout-layout">
              <div className="tb-checkout-details">
                <CheckoutSection title={t('shop.checkout.contact')}>
                  <div className="tb-checkout-fields">
                    <TextField
                      name="firstname"
                      label={t('shop.checkout.firstname')}
                      autoComplete="given-name"
                    />
                    <TextField
                      name="lastname"
                      label={t('shop.checkout.lastname')}
                      autoComplete="family-name"
                    />
                    <TextField
                      name="email"
                      type="email"
                      label={t('shop.checkout.email')}
                      autoComplete="email"
                    />
                    <TextField
                      name="phone"
                      type="tel"
                      label={t('shop.checkout.phone')}
                      autoComplete="tel"
                    />
                  </div>
                  <TextAreaField
                    name="description"
                    label={t('shop.checkout.description')}
                    rows={3}
                  />
                  {visitor && (
                    <CheckboxField name="createUser" label={t('shop.checkout.createUser')} />
                  )}
                  {visitor && formik.values.createUser && (
                    <PasswordField
                      name="password"
                      label={t('shop.checkout.password')}
                      autoComplete="new-password"
                    />
                  )}
                </CheckoutSection>
                <DeliverySection delivery={cart.delivery} />
                <CheckoutSection title={t('shop.checkout.payment')}>
                  <PaymentMethodField cards={cards} />
                  {keepsCards && formik.values.paymentMethod === CARD_METHOD && (
                    <SaveCardField hasSubscription={cart.hasSubscription} />
                  )}
                </CheckoutSection>
              </div>
              <CheckoutSection title={t('shop.checkout.summary')} className="tb-checkout-summary">
                <SummaryLines lines={cart.orderLines} withErrors />
                <DiscountCodeField
                  applied={intent !== null && intent.discount > 0}
                  onApply={() => applyDiscount(formik)}
                />
                <SummaryTotals totals={totals} />
                <TermsField
                  name="acceptTerms"
                  i18nKey="shop.checkout.acceptTerms"
                  to={TERMS_PATH}
                />
                {cart.hasSubscription && (
                  <TermsField
                    name="acceptSubscriptionTerms"
                    i18nKey="shop.checkout.acceptSubscriptionTerms"
                    to={SUBSCRIPTION_TERMS_PATH}
                  />
                )}
                {message && <Alert severity="error">{message}</Alert>}
                <div className="tb-form-actions">
                  <Button
                    type="submit"
                    icon={totals.total > 0 ? 'pi pi-credit-card' : 'pi pi-check'}
                    label={
                      totals.total > 0
                        ? t('shop.checkout.goToPayment')
                        : t('shop.checkout.complete')
                    }
                    loading={formik.isSubmitting}
                    disabled={cart.orderLines.length === 0}
                  />
                </div>
              </CheckoutSection>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}

function CheckoutSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={className ? `tb-card ${className}` : 'tb-card'}>
      <section aria-labelledby={titleId} className="tb-checkout-section">
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The order is made: its lines and totals beside its payment. */
function PaymentLayout({ order, children }: { order: OrderToPay; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tb-checkout-layout">
      <CheckoutSection title={t('shop.checkout.summary')} className="tb-checkout-summary">
        <SummaryLines lines={order.lines} />
        <SummaryTotals totals={order.totals} />
      </CheckoutSection>
      <CheckoutSection title={t('shop.checkout.payment')}>{children}</CheckoutSection>
    </div>
  );
}

/** The order is made: its card payment with Stripe, then its confirmation. */
function CardPayment({ completed }: { completed: CardCompleted }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { result, totals } = completed;
  const start = useCallback((): Promise<PaymentStart> => {
    if (!result.clientSecret || !result.publishableKey) {
      return Promise.reject(new Error('The checkout answered no Stripe payment'));
    }
    return Promise.resolve({
      kind: 'stripe',
      clientSecret: result.clientSecret,
      publishableKey: result.publishableKey,
    });
  }, [result]);
  // The confirmation page reads the payment from Stripe while the order waits for it.
  const confirm = useCallback(
    async () => navigate(confirmationPath(result.orderId, result.token)),
    [navigate, result],
  );
  return (
    <PaymentLayout order={completed}>
      <p>{t('shop.checkout.payNow')}</p>
      <StripeCardForm
        intent="payment"
        start={start}
        confirm={confirm}
        returnUrl={confirmationUrl(result.orderId, result.token)}
        submitLabel={t('shop.checkout.pay', { total: formatOre(totals.total) })}
        lastError={null}
      />
    </PaymentLayout>
  );
}

/** The order is made with a saved card: the buyer confirms its payment, then its confirmation. */
function SavedCardStep({ completed }: { completed: SavedCardCompleted }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { result, totals, card } = completed;
  // As after the card form: the confirmation page reads the payment from Stripe.
  const paid = useCallback(
    () => navigate(confirmationPath(result.orderId, result.token)),
    [navigate, result],
  );
  return (
    <PaymentLayout order={completed}>
      <p>{t('shop.checkout.payNowWithSavedCard')}</p>
      <SavedCardPayment
        clientSecret={completed.clientSecret}
        publishableKey={completed.publishableKey}
        cardId={card.cardId}
        label={t('shop.checkout.payWithSavedCard', {
          total: formatOre(totals.total),
          card: savedCardName(card),
        })}
        onPaid={paid}
      />
    </PaymentLayout>
  );
}

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="tb-checkout-empty">
      <p>{t('shop.cart.empty')}</p>
      <Link to={SHOP_PATH} className="p-button p-component p-button-outlined">
        {t('shop.checkout.backToShop')}
      </Link>
    </div>
  );
}

/**
 * 'Gennemfør ordre' (spec 3 §2 "Web shop", §4 "Checkout", "Web shop login", §5 "Checkout"):
 * a visitor may log in first ('Log ind eller køb som gæst') or buy as a guest; then the form,
 * and the order's payment. An empty cart says 'Ingen produkter i kurven' with the way back to the
 * shop; back from a cancelled payment (`?cancelled=1`) the page says so.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useAppSession();
  const owner = useCartOwner();
  // After a login the customer's cart is read; the one shown stays until it comes.
  const cartQuery = useGetCartQuery(owner);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const cart = cartQuery.data;
  const { refetch } = cartQuery;
  const cartChanged = useCallback(() => void refetch(), [refetch]);

  let body: ReactNode;
  if (completed?.kind === 'card') {
    body = <CardPayment completed={completed} />;
  } else if (completed?.kind === 'savedCard') {
    body = <SavedCardStep completed={completed} />;
  } else if (completed?.kind === 'window') {
    body = (
      <div className="tb-shop-waiting" role="status" aria-live="polite">
        <ProgressSpinner aria-hidden="true" strokeWidth="4" />
        <span>{t('shop.checkout.toPaymentWindow')}</span>
      </div>
    );
  } else if (!cart) {
    body = cartQuery.isError ? (
      <Alert severity="error">{t('shop.cart.loadFailed')}</Alert>
    ) : (
      <Preloader label={t('common.loading')} />
    );
  } else if (cart.orderLines.length === 0) {
    body = <EmptyCart />;
  } else {
    body = (
      <>
        {!user && <ShopLogin />}
        <CheckoutForm
          cart={cart}
          user={user}
          onCompleted={setCompleted}
          onCartChanged={cartChanged}
        />
      </>
    );
  }

  return (
    <section className="tb-page tb-checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('shop.checkout.title')}</h1>
      {params.get('cancelled') === '1' && !completed && (
        <Alert severity="info">{t('shop.checkout.paymentCancelled')}</Alert>
      )}
      {body}
    </section>
  );
}
