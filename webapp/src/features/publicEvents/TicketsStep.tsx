import DOMPurify from 'dompurify';
import { Formik, getIn, setIn, useField, useFormikContext, type FormikErrors } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicEvent, PublicProduct } from '../../api/generated/booking';
import { formatOre } from '../../shared/format';
import { SeatPickerDialog } from '../../shared/seats/SeatPickerDialog';
import type { PickedSeat } from '../../shared/seats/seatModel';
import { useReleaseSeatMutation } from '../../shared/seats/seatsApi';
import { Form } from '../../shared/ui/Form';
import type { SelectOption } from '../../shared/ui/FormFields';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import {
  bookingLines,
  isSeatTicket,
  maxMore,
  resizedNames,
  ticketLineValues,
  ticketsSchema,
  totalAmount,
  type PlacedErrors,
  type TicketLineValues,
  type TicketsValues,
} from './bookingRules';
import type { BookingLine } from './localBooking';
import { PricedLinesTable } from './PricedLinesTable';
import type { BookingProducts } from './publicEventsApi';

/** A field's error once it was touched or the form submitted, as the form kit shows them. */
function useShownError(name: string) {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
}

function HolderName({ name, label }: { name: string; label: string }) {
  const [field] = useField<string>(name);
  const error = useShownError(name);
  const id = useId();
  return (
    <div className="tb-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        {...field}
        value={field.value ?? ''}
        autoComplete="name"
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}

interface ProductFieldProps {
  eventId: string;
  product: PublicProduct;
  index: number;
  free: boolean;
}

const NO_LINE: TicketLineValues = { amount: 0, names: [], seats: [], holdToken: null };

/**
 * A seat-ticket's seats (issue 16): 'Vælg pladser' opens the seat picker for as many seats as
 * tickets, in the product's categories; the seats picked are listed, and 'Plads skal vælges!'
 * says when some are missing.
 */
function SeatsField({
  eventId,
  product,
  index,
  line,
}: {
  eventId: string;
  product: PublicProduct;
  index: number;
  line: TicketLineValues;
}) {
  const { t } = useTranslation();
  const { setFieldValue } = useFormikContext<TicketsValues>();
  const [picking, setPicking] = useState(false);
  const error = useShownError(`lines.${index}.seats`);
  const id = useId();
  const categories = useMemo(
    () =>
      product.seatCategories.length > 0
        ? product.seatCategories.map((category) => category.key)
        : undefined,
    [product.seatCategories],
  );
  const prices = useMemo(
    () =>
      categories ? Object.fromEntries(categories.map((key) => [key, product.price])) : undefined,
    [categories, product.price],
  );
  const labels = useMemo(() => line.seats.map((seat) => seat.label), [line.seats]);

  function confirm(seats: PickedSeat[], holdToken: string) {
    void setFieldValue(`lines.${index}.holdToken`, holdToken, false);
    void setFieldValue(`lines.${index}.seats`, seats);
    setPicking(false);
  }

  return (
    <div className="tb-booking-seats">
      {line.seats.length > 0 && (
        <ul aria-label={t('publicEvents.tickets.seats')}>
          {line.seats.map((seat) => (
            <li key={seat.label}>
              {t('publicEvents.tickets.seatInSection', {
                label: seat.label,
                section: seat.section,
              })}
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        outlined
        icon="pi pi-th-large"
        label={t('publicEvents.tickets.pickSeats')}
        onClick={() => setPicking(true)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
      <SeatPickerDialog
        visible={picking}
        eventId={eventId}
        count={line.amount}
        categories={categories}
        prices={prices}
        holdToken={line.holdToken}
        seats={labels}
        title={product.title}
        onConfirm={confirm}
        onCancel={() => setPicking(false)}
      />
    </div>
  );
}

/**
 * One product on offer: its title, description and price, the free tickets the customer's
 * agreement still grants, the number wanted ('Antal') with how many more may be taken, and a
 * holder's name per ticket when the product asks for names.
 */
function ProductField({ eventId, product, index, free }: ProductFieldProps) {
  const { t } = useTranslation();
  const { values, setFieldValue, setFieldTouched } = useFormikContext<TicketsValues>();
  const [releaseSeat] = useReleaseSeatMutation();
  const name = `lines.${index}.amount`;
  const error = useShownError(name);
  const id = useId();
  const titleId = useId();
  const line = values.lines[index] ?? NO_LINE;
  const seated = isSeatTicket(product);

  // Fewer tickets than seats: the last seats picked are given back.
  useEffect(() => {
    if (!seated || line.seats.length <= line.amount) return;
    const amount = Math.max(0, line.amount);
    void setFieldValue(`lines.${index}.seats`, line.seats.slice(0, amount), false);
    const holdToken = line.holdToken;
    if (!holdToken) return;
    for (const seat of line.seats.slice(amount)) {
      releaseSeat({ eventId, holdToken, seat: seat.label })
        .unwrap()
        .catch(() => undefined);
    }
  }, [eventId, index, line.amount, line.holdToken, line.seats, releaseSeat, seated, setFieldValue]);

  const max = maxMore(product);
  const hint =
    product.maxAmount !== null && max !== null
      ? t('publicEvents.tickets.maxMore', { count: max })
      : undefined;

  function changeAmount(value: number | null | undefined) {
    let amount = Math.max(0, Math.trunc(value ?? 0));
    // A free registration says how many places are left instead of capping the number.
    if (!free && max !== null) amount = Math.min(amount, max);
    if (amount === line.amount) return;
    void setFieldValue(name, amount);
    if (product.nameRequired) {
      void setFieldValue(`lines.${index}.names`, resizedNames(line.names, amount), false);
    }
    void setFieldTouched(name, true, false);
  }

  return (
    <fieldset className="tb-booking-product" aria-labelledby={titleId}>
      <div className="tb-booking-product-head">
        <h3 id={titleId}>{product.title}</h3>
        <span className="tb-booking-price">
          {product.price === 0 ? t('publicEvents.tickets.free') : formatOre(product.price)}
        </span>
      </div>
      {product.description && (
        // The ticket's text is rich text the server sanitised; sanitised again as every HTML shown.
        <div
          className="tb-html tb-booking-description"
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(product.description) }}
        />
      )}
      {product.allowance > 0 && (
        <p className="tb-booking-allowance">
          {/* Free tickets from no contract of the company's are the invitation's. */}
          {t(
            product.inContract
              ? 'publicEvents.tickets.allowance'
              : 'publicEvents.tickets.invitedAllowance',
            { count: product.allowance },
          )}
        </p>
      )}
      <div className="tb-field tb-booking-amount">
        <label htmlFor={id}>{t('publicEvents.tickets.amount')}</label>
        <InputNumber
          inputId={id}
          value={line.amount}
          min={0}
          max={!free && max !== null ? max : undefined}
          useGrouping={false}
          // As it is typed (onValueChange comes only as the field is left).
          onChange={(event) => changeAmount(event.value)}
          onValueChange={(event) => changeAmount(event.value)}
          onBlur={() => void setFieldTouched(name, true)}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        />
        {hint && !error && (
          <small id={`${id}-hint`} className="tb-field-help">
            {hint}
          </small>
        )}
        {error && (
          <small id={`${id}-error`} className="p-error">
            {error}
          </small>
        )}
      </div>
      {seated && line.amount > 0 && (
        <SeatsField eventId={eventId} product={product} index={index} line={line} />
      )}
      {product.nameRequired &&
        line.names.map((_, ticket) => (
          <HolderName
            key={ticket}
            name={`lines.${index}.names.${ticket}`}
            label={
              line.names.length > 1
                ? t('publicEvents.tickets.holderNameNumbered', { number: ticket + 1 })
                : t('publicEvents.tickets.holderName')
            }
          />
        ))}
    </fieldset>
  );
}

/** Hands every change of the lines to the booking: it is stored and the server prices it. */
function LinesObserver({
  products,
  onChange,
}: {
  products: PublicProduct[];
  onChange: (lines: BookingLine[]) => void;
}) {
  const { values } = useFormikContext<TicketsValues>();
  useEffect(() => {
    onChange(bookingLines(products, values));
    // Only a change of the form's values is a change of the booking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);
  return null;
}

/** The server's refusal of step 1's fields, as the form's errors (and touched, to show them). */
function placedFormErrors(products: PublicProduct[], placed: PlacedErrors | null) {
  let errors: FormikErrors<TicketsValues> = {};
  let touched = {};
  products.forEach((product, index) => {
    const refusal = placed?.products[product.productId];
    if (refusal?.amount) {
      errors = setIn(errors, `lines.${index}.amount`, refusal.amount);
      touched = setIn(touched, `lines.${index}.amount`, true);
    }
    if (refusal?.names) {
      // The server names the line's names as one: the first empty name shows it.
      errors = setIn(errors, `lines.${index}.names.0`, refusal.names);
      touched = setIn(touched, `lines.${index}.names.0`, true);
    }
    if (refusal?.seats) {
      errors = setIn(errors, `lines.${index}.seats`, refusal.seats);
      touched = setIn(touched, `lines.${index}.seats`, true);
    }
  });
  return { errors, touched };
}

interface TicketsStepProps {
  title: string;
  event: PublicEvent;
  free: boolean;
  loggedIn: boolean;
  choices: SelectOption<string>[];
  customerKey: string;
  onCustomerChange: (key: string) => void;
  /** The customer's products and the booking priced; undefined while they load. */
  offer: BookingProducts | undefined;
  offerFailed: boolean;
  lines: BookingLine[];
  onLinesChange: (lines: BookingLine[]) => void;
  placed: PlacedErrors | null;
  onPlacedShown: () => void;
  onContinue: () => void;
}

/**
 * Step 1, 'Billetter' ('Antal' for a free registration): whom a signed-in user books as ('Bestil
 * som' / 'Tilmeld som'), the products that customer may buy, and the booking as the server prices
 * it. 'Fortsæt' waits for at least one ticket.
 */
export function TicketsStep({
  title,
  event,
  free,
  loggedIn,
  choices,
  customerKey,
  onCustomerChange,
  offer,
  offerFailed,
  lines,
  onLinesChange,
  placed,
  onPlacedShown,
  onContinue,
}: TicketsStepProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const customerId = useId();
  // The refusal that sent the buyer back here is this visit's: the wizard forgets it.
  const [shown] = useState(placed);
  useEffect(() => {
    if (placed) onPlacedShown();
  }, [placed, onPlacedShown]);

  const products = useMemo(() => offer?.products ?? [], [offer]);
  const productKey = products.map((product) => product.productId).join(',');
  const schema = useMemo(() => ticketsSchema(products, free, t), [products, free, t]);
  const initialValues = useMemo<TicketsValues>(
    () => ({ lines: products.map((product) => ticketLineValues(product, lines)) }),
    // The form starts from the booking when the products change; then the form leads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [productKey, customerKey],
  );
  const initial = useMemo(() => placedFormErrors(products, shown), [products, shown]);

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        {loggedIn && (
          <div className="tb-field tb-booking-customer">
            <label htmlFor={customerId}>
              {t(free ? 'publicEvents.customer.signUpAs' : 'publicEvents.customer.orderAs')}
            </label>
            <Dropdown
              inputId={customerId}
              value={customerKey}
              options={choices}
              optionLabel="label"
              optionValue="value"
              onChange={(change) => onCustomerChange(String(change.value))}
            />
          </div>
        )}
        {offerFailed && <Alert severity="error">{t('publicEvents.tickets.loadFailed')}</Alert>}
        {!offer && !offerFailed && <Preloader label={t('common.loading')} />}
        {offer && products.length === 0 && (
          <Alert severity="warn">
            {t('publicEvents.tickets.noTickets', { email: event.clubEmail })}
          </Alert>
        )}
        {offer && products.length > 0 && (
          <Formik<TicketsValues>
            key={`${customerKey}:${productKey}`}
            initialValues={initialValues}
            initialErrors={initial.errors}
            initialTouched={initial.touched}
            validationSchema={schema}
            onSubmit={(values) => {
              onLinesChange(bookingLines(products, values));
              onContinue();
            }}
          >
            {({ values, errors }) => (
              <Form label={title} className="tb-booking-form">
                <LinesObserver products={products} onChange={onLinesChange} />
                {products.map((product, index) => (
                  <ProductField
                    key={product.productId}
                    eventId={event.id}
                    product={product}
                    index={index}
                    free={free}
                  />
                ))}
                {offer.bookingProducts.some((line) => line.amount > 0) && (
                  <PricedLinesTable
                    lines={offer.bookingProducts.filter((line) => line.amount > 0)}
                  />
                )}
                {shown?.tickets && !getIn(errors, 'lines') && (
                  <Alert severity="error">{shown.tickets}</Alert>
                )}
                {shown?.message && <Alert severity="error">{shown.message}</Alert>}
                <div className="tb-form-actions">
                  <Button
                    type="submit"
                    icon="pi pi-arrow-right"
                    iconPos="right"
                    label={t('publicEvents.continue')}
                    disabled={totalAmount(values) <= 0}
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
