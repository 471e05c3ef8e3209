import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicEvent, PublicProduct } from '../../api/generated/booking';
import { formatOre } from '../../shared/format';
import type { PickedSeat } from '../../shared/seats/seatModel';
import { useReleaseSeatMutation } from '../../shared/seats/seatsApi';
import type { SelectOption } from '../../shared/ui/FormFields';
import { Alert } from '../../shared/ui/Alert';
import { PlainButton } from '../../shared/ui/PlainButton';
import { PlainCard } from '../../shared/ui/PlainCard';
import { Preloader } from '../../shared/ui/Preloader';
import {
  bookingLines,
  isSeatTicket,
  maxMore,
  resizedNames,
  ticketLineValues,
  ticketsErrors,
  totalAmount,
  type PlacedErrors,
  type TicketLineErrors,
  type TicketLineValues,
  type TicketsValues,
} from './bookingRules';
import type { BookingLine } from './localBooking';
import { PricedLinesTable } from './PricedLinesTable';
import { ServerHtml } from './ServerHtml';
import type { BookingProducts } from './publicEventsApi';
import { withPrime } from '../../shared/ui/withPrime';

/**
 * Step 1 opens the event page, so it is drawn without PrimeReact (issue 36); what only some buyers
 * need loads when it is needed: the seat picker when 'Vælg pladser' is first tapped, and the
 * customer dropdown for a signed-in buyer.
 */
const SeatPickerDialog = lazy(() =>
  withPrime(() => import('../../shared/seats/SeatPickerDialog')).then((module) => ({
    default: module.SeatPickerDialog,
  })),
);
const Dropdown = lazy(() =>
  withPrime(() => import('primereact/dropdown')).then((module) => ({ default: module.Dropdown })),
);

/** The number in a field of digits ('' is 0). */
function digitsValue(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits);
}

/** Which of a line's fields the buyer has left (or changed): their errors show from then on. */
interface TouchedLine {
  amount?: boolean;
  names?: boolean[];
  seats?: boolean;
}

/** A field of a line: its amount, its seats, or the holder's name of ticket `n`. */
type LineField = 'amount' | 'seats' | { name: number };

/**
 * Step 1's form, held by hand (step 1 opens the event page, which loads no form library; issue
 * 36): the lines' values, the buyer's changes, and each field's error once the field was left
 * or the form sent, as the form kit shows them.
 */
interface TicketsForm {
  values: TicketsValues;
  /** The line's values changed; with `touch`, the field changed is marked left. */
  setLine: (index: number, change: Partial<TicketLineValues>, touch?: LineField) => void;
  touch: (index: number, field: LineField) => void;
  /** The field's error, when it is to be shown. */
  shownError: (index: number, field: LineField) => string | undefined;
}

const TicketsFormContext = createContext<TicketsForm | null>(null);

function useTicketsForm(): TicketsForm {
  const form = useContext(TicketsFormContext);
  if (!form) throw new Error('a field of step 1 outside its form');
  return form;
}

function errorOf(errors: TicketLineErrors | undefined, field: LineField) {
  if (!errors) return undefined;
  return typeof field === 'string' ? errors[field] : errors.names?.[field.name];
}

function isTouched(touched: TouchedLine | undefined, field: LineField) {
  if (!touched) return false;
  return typeof field === 'string' ? Boolean(touched[field]) : Boolean(touched.names?.[field.name]);
}

function touchedWith(touched: TouchedLine | undefined, field: LineField): TouchedLine {
  if (typeof field === 'string') return { ...touched, [field]: true };
  const names = [...(touched?.names ?? [])];
  names[field.name] = true;
  return { ...touched, names };
}

/** The server's refusal of step 1's fields: shown (as left fields) until the buyer changes one. */
function placedLineErrors(products: PublicProduct[], placed: PlacedErrors | null) {
  return products.map((product): TicketLineErrors | undefined => {
    const refusal = placed?.products[product.productId];
    if (!refusal?.amount && !refusal?.names && !refusal?.seats) return undefined;
    // The server names the line's names as one: the first name shows it.
    return {
      amount: refusal.amount,
      names: refusal.names ? [refusal.names] : undefined,
      seats: refusal.seats,
    };
  });
}

function placedTouched(errors: (TicketLineErrors | undefined)[]): TouchedLine[] {
  return errors.map((line) => ({
    amount: Boolean(line?.amount),
    names: line?.names ? [true] : undefined,
    seats: Boolean(line?.seats),
  }));
}

function HolderName({ index, ticket, label }: { index: number; ticket: number; label: string }) {
  const { values, setLine, touch, shownError } = useTicketsForm();
  const field: LineField = { name: ticket };
  const error = shownError(index, field);
  const id = useId();
  const names = values.lines[index]?.names ?? [];
  return (
    <div className="tb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={`lines.${index}.names.${ticket}`}
        value={names[ticket] ?? ''}
        onChange={(event) => {
          const changed = [...names];
          changed[ticket] = event.target.value;
          setLine(index, { names: changed });
        }}
        onBlur={() => touch(index, field)}
        type="text"
        autoComplete="name"
        className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
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
  /** The server's refusal of the line's add-ons. */
  optionsError?: string;
}

const NO_LINE: TicketLineValues = {
  amount: 0,
  names: [],
  seats: [],
  holdToken: null,
  options: [],
};

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
  const { setLine, shownError } = useTicketsForm();
  const [picking, setPicking] = useState(false);
  // Once opened, the picker stays mounted (its dialog animates its closing).
  const [opened, setOpened] = useState(false);
  const error = shownError(index, 'seats');
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
    setLine(index, { holdToken, seats }, 'seats');
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
      <PlainButton
        outlined
        icon="pi pi-th-large"
        label={t('publicEvents.tickets.pickSeats')}
        onClick={() => {
          setOpened(true);
          setPicking(true);
        }}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
      {opened && (
        <Suspense fallback={<Preloader label={t('common.loading')} />}>
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
        </Suspense>
      )}
    </div>
  );
}

/**
 * A product's add-ons (issue 40 §3): each a checkbox with its price per ticket; what is chosen
 * goes with every ticket of the line. The server's refusal of them shows under the group.
 */
function AddOnsField({
  product,
  index,
  error,
}: {
  product: PublicProduct;
  index: number;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { values, setLine } = useTicketsForm();
  const id = useId();
  const chosen = (values.lines[index] ?? NO_LINE).options;

  function toggle(productId: string) {
    const next = chosen.includes(productId)
      ? chosen.filter((candidate) => candidate !== productId)
      : [...chosen, productId];
    // In the product's order, as the server prices them.
    setLine(index, {
      options: product.options
        .map((option) => option.productId)
        .filter((candidate) => next.includes(candidate)),
    });
  }

  return (
    <fieldset className="tb-booking-options" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('publicEvents.tickets.options')}</legend>
      {product.options.map((option) => (
        <label key={option.productId} className="tb-booking-option">
          <input
            type="checkbox"
            name={`lines.${index}.options`}
            value={option.productId}
            checked={chosen.includes(option.productId)}
            onChange={() => toggle(option.productId)}
          />
          <span className="tb-booking-option-title">{option.title}</span>
          <span className="tb-booking-option-price">
            {option.price === 0
              ? t('publicEvents.tickets.free')
              : t('publicEvents.tickets.optionPrice', { price: formatOre(option.price) })}
          </span>
        </label>
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
 * One product on offer: its title, description and price, the free tickets the customer's
 * agreement still grants, the number wanted ('Antal') with how many more may be taken, and a
 * holder's name per ticket when the product asks for names.
 */
function ProductField({ eventId, product, index, free, optionsError }: ProductFieldProps) {
  const { t } = useTranslation();
  const { values, setLine, touch, shownError } = useTicketsForm();
  const [releaseSeat] = useReleaseSeatMutation();
  const error = shownError(index, 'amount');
  const id = useId();
  const titleId = useId();
  const line = values.lines[index] ?? NO_LINE;
  const seated = isSeatTicket(product);

  // Fewer tickets than seats: the last seats picked are given back.
  useEffect(() => {
    if (!seated || line.seats.length <= line.amount) return;
    const amount = Math.max(0, line.amount);
    setLine(index, { seats: line.seats.slice(0, amount) });
    const holdToken = line.holdToken;
    if (!holdToken) return;
    for (const seat of line.seats.slice(amount)) {
      releaseSeat({ eventId, holdToken, seat: seat.label })
        .unwrap()
        .catch(() => undefined);
    }
  }, [eventId, index, line.amount, line.holdToken, line.seats, releaseSeat, seated, setLine]);

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
    setLine(
      index,
      product.nameRequired ? { amount, names: resizedNames(line.names, amount) } : { amount },
      'amount',
    );
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
        <ServerHtml html={product.description} className="tb-booking-description" />
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
        {/* Digits with the phone's number pad; the arrow keys step it, as a number field's do. */}
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          className={`p-inputtext p-component tb-booking-amount-input${error ? ' p-invalid' : ''}`}
          value={String(line.amount)}
          onChange={(event) => changeAmount(digitsValue(event.target.value))}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            const step = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
            if (step === 0) return;
            event.preventDefault();
            changeAmount(line.amount + step);
          }}
          onBlur={() => touch(index, 'amount')}
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
      {product.options.length > 0 && (
        <AddOnsField product={product} index={index} error={optionsError} />
      )}
      {seated && line.amount > 0 && (
        <SeatsField eventId={eventId} product={product} index={index} line={line} />
      )}
      {product.nameRequired &&
        line.names.map((_, ticket) => (
          <HolderName
            key={ticket}
            index={index}
            ticket={ticket}
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

interface TicketsFormProps {
  label: string;
  products: PublicProduct[];
  free: boolean;
  initialValues: TicketsValues;
  /** The server's refusal that sent the buyer back to step 1. */
  placed: PlacedErrors | null;
  /** Every change of the lines: the booking stores it and the server prices it. */
  onChange: (lines: BookingLine[]) => void;
  onSubmit: (lines: BookingLine[]) => void;
  children: (state: { values: TicketsValues; hasErrors: boolean }) => ReactNode;
}

/**
 * Step 1's form: the lines' values with their errors (`ticketsErrors`, the server's refusal
 * until the first change); sent with errors, it shows them all and moves focus to the first
 * (spec 1 §5), as the form kit does.
 */
function TicketsFormProvider({
  label,
  products,
  free,
  initialValues,
  placed,
  onChange,
  onSubmit,
  children,
}: TicketsFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [serverErrors, setServerErrors] = useState(() => placedLineErrors(products, placed));
  const [touched, setTouched] = useState<TouchedLine[]>(() => placedTouched(serverErrors));
  const [submits, setSubmits] = useState(0);
  const focused = useRef(0);
  const ownErrors = useMemo(
    () => ticketsErrors(products, free, values, t),
    [products, free, values, t],
  );
  const errors = serverErrors.some(Boolean) ? serverErrors : ownErrors;

  const touch = useCallback((index: number, field: LineField) => {
    setServerErrors([]);
    setTouched((lines) => {
      const next = [...lines];
      next[index] = touchedWith(lines[index], field);
      return next;
    });
  }, []);
  const setLine = useCallback(
    (index: number, change: Partial<TicketLineValues>, field?: LineField) => {
      setServerErrors([]);
      setValues((current) => ({
        lines: current.lines.map((line, at) => (at === index ? { ...line, ...change } : line)),
      }));
      if (field) touch(index, field);
    },
    [touch],
  );
  const shownError = useCallback(
    (index: number, field: LineField) =>
      submits > 0 || isTouched(touched[index], field) ? errorOf(errors[index], field) : undefined,
    [errors, submits, touched],
  );

  // The lines as the form has them, from the start (the products on offer) and at each change;
  // only a change of the form's values is a change of the booking.
  useEffect(() => {
    onChange(bookingLines(products, values));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);

  // After a refused send, the first field in error takes the focus.
  useEffect(() => {
    if (submits === focused.current) return;
    focused.current = submits;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (errors.some(Boolean)) {
      setSubmits((count) => count + 1);
      return;
    }
    onSubmit(bookingLines(products, values));
  }

  const form = useMemo<TicketsForm>(
    () => ({ values, setLine, touch, shownError }),
    [values, setLine, touch, shownError],
  );
  return (
    <TicketsFormContext.Provider value={form}>
      <form
        ref={formRef}
        noValidate
        aria-label={label}
        className="tb-booking-form"
        onSubmit={submit}
      >
        {children({ values, hasErrors: errors.some(Boolean) })}
      </form>
    </TicketsFormContext.Provider>
  );
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
  const initialValues = useMemo<TicketsValues>(
    () => ({ lines: products.map((product) => ticketLineValues(product, lines)) }),
    // The form starts from the booking when the products change; then the form leads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [productKey, customerKey],
  );

  return (
    <PlainCard className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        {loggedIn && (
          <div className="tb-field tb-booking-customer">
            <label htmlFor={customerId}>
              {t(free ? 'publicEvents.customer.signUpAs' : 'publicEvents.customer.orderAs')}
            </label>
            <Suspense fallback={<Preloader label={t('common.loading')} />}>
              <Dropdown
                inputId={customerId}
                value={customerKey}
                options={choices}
                optionLabel="label"
                optionValue="value"
                onChange={(change) => onCustomerChange(String(change.value))}
              />
            </Suspense>
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
          <TicketsFormProvider
            key={`${customerKey}:${productKey}`}
            label={title}
            products={products}
            free={free}
            initialValues={initialValues}
            placed={shown}
            onChange={onLinesChange}
            onSubmit={(sent) => {
              onLinesChange(sent);
              onContinue();
            }}
          >
            {({ values, hasErrors }) => (
              <>
                {products.map((product, index) => (
                  <ProductField
                    key={product.productId}
                    eventId={event.id}
                    product={product}
                    index={index}
                    free={free}
                    optionsError={shown?.products[product.productId]?.options}
                  />
                ))}
                {offer.bookingProducts.some((line) => line.amount > 0) && (
                  <PricedLinesTable
                    lines={offer.bookingProducts.filter((line) => line.amount > 0)}
                  />
                )}
                {shown?.tickets && !hasErrors && <Alert severity="error">{shown.tickets}</Alert>}
                {shown?.message && <Alert severity="error">{shown.message}</Alert>}
                <div className="tb-form-actions">
                  <PlainButton
                    type="submit"
                    icon="pi pi-arrow-right"
                    iconPos="right"
                    label={t('publicEvents.continue')}
                    disabled={totalAmount(values) <= 0}
                  />
                </div>
              </>
            )}
          </TicketsFormProvider>
        )}
      </section>
    </PlainCard>
  );
}
