import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldError } from '../../api/baseApi';
import type { PosPrice, PosPricedLine, PosProduct, PosResult } from '../../api/generated/pos';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { SeatPickerDialog } from '../../shared/seats/SeatPickerDialog';
import type { PickedSeat } from '../../shared/seats/seatModel';
import { useExtendHoldTokenMutation } from '../../shared/seats/seatsApi';
import { Alert } from '../../shared/ui/Alert';
import { FieldFrame } from '../../shared/ui/FormFields';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import {
  useCancelPosOrderMutation,
  useConfirmPosOrderMutation,
  useGetPosProductsQuery,
  usePricePosCartQuery,
  useReleasePosSeatMutation,
} from './posApi';
import { PosCompletedSale } from './PosCompletedSale';
import {
  NO_ERRORS,
  cartLines,
  hasFieldErrors,
  isSeatTicket,
  newSale,
  otherSeatCount,
  posCart,
  posErrors,
  refusalText,
  seatsAfterPicking,
  type PaymentChoice,
  type PosErrors,
  type Sale,
} from './posSale';
import './pos.css';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/** The cart is priced once it has stayed the same this long. */
export const PRICE_DEBOUNCE_MS = 250;
/** The sale's hold session is extended this often while the tab is open: it lives as the sale. */
export const HOLD_EXTEND_MS = 5 * 60_000;

/** A refusal of a confirm, shown while the sale is as it was sent. */
interface Refusal {
  sale: Sale;
  errors: PosErrors;
}

const joined = (texts: readonly string[] | undefined) =>
  texts && texts.length > 0 ? texts.join(' ') : undefined;

/** Enter in a field of the tab must not submit the event's form around it. */
function keepEnter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

interface CustomerCardProps {
  sale: Sale;
  errors: PosErrors;
  onCompany: (company: Sale['company']) => void;
  onEmail: (email: string) => void;
}

/** 'Kunde': the company (its free tickets then show) and the e-mail the tickets are sent to. */
function CustomerCard({ sale, errors, onCompany, onEmail }: CustomerCardProps) {
  const { t } = useTranslation();
  const emailId = useId();
  const emailError = joined(errors.email);
  return (
    <Section title={t('events.pos.customer.title')}>
      <div className="tb-pos-company">
        <CompanyPicker
          label={t('events.pos.customer.company')}
          value={sale.company}
          onChange={onCompany}
          placeholder={t('events.pos.customer.companyPlaceholder')}
          error={joined(errors.company)}
        />
        {sale.company && (
          <RemoveButton
            aria-label={t('events.pos.customer.removeCompany', { name: sale.company.name })}
            onClick={() => onCompany(null)}
          />
        )}
      </div>
      <FieldFrame
        id={emailId}
        label={t('events.pos.customer.email')}
        help={t('events.pos.customer.emailHelp')}
        error={emailError}
      >
        <InputText
          id={emailId}
          type="email"
          autoComplete="off"
          value={sale.email}
          onChange={(event) => onEmail(event.target.value)}
          invalid={Boolean(emailError)}
          aria-invalid={Boolean(emailError) || undefined}
          aria-describedby={emailError ? `${emailId}-error` : undefined}
        />
      </FieldFrame>
    </Section>
  );
}

interface ProductRowProps {
  eventId: string;
  product: PosProduct;
  sale: Sale;
  errors: PosErrors;
  onAmount: (product: PosProduct, amount: number) => void;
  onSeats: (product: PosProduct, picked: PickedSeat[], holdToken: string) => void;
}

/**
 * One product: its title (with the company's free tickets), price, 'Ledige' and 'Antal' (minimum
 * 0, spec 2 §5). A seat ticket's amount is its number of seats: 'Vælg pladser' picks them.
 */
function ProductRow({ eventId, product, sale, errors, onAmount, onSeats }: ProductRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const [picking, setPicking] = useState(false);
  const { productId, title } = product;
  const amount = sale.amounts[productId] ?? 0;
  const seated = isSeatTicket(product);
  const seats = useMemo(() => sale.seats[productId] ?? [], [sale.seats, productId]);
  const error = joined(errors.products[productId]);
  const missing = seated ? amount - seats.length : 0;
  // The picker shows every seat of the sale's session: the other products' count too.
  const others = otherSeatCount(sale, productId);
  const held = useMemo(
    () => Object.values(sale.seats).flatMap((each) => each.map((seat) => seat.label)),
    [sale.seats],
  );
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
  const describedBy = error ? `${id}-error` : missing > 0 ? `${id}-missing` : undefined;

  // The field tells a change twice (as typed and as set): the second is the same amount.
  const asked = useRef(amount);
  useEffect(() => {
    asked.current = amount;
  }, [amount]);
  const change = (value: number | null | undefined) => {
    const next = Math.max(0, Math.trunc(value ?? 0));
    if (next === asked.current) return;
    asked.current = next;
    onAmount(product, next);
  };

  return (
    <tr>
      <th scope="row">
        <span className="tb-pos-product-title">{title}</span>
        {product.allowance > 0 && ' '}
        {product.allowance > 0 && (
          <small className="tb-pos-allowance">
            {t('events.pos.products.allowance', { count: product.allowance })}
          </small>
        )}
      </th>
      <td className="tb-pos-number">
        <Money value={product.price} ore />
      </td>
      <td className="tb-pos-number">
        {product.available === null ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="tb-visually-hidden">{t('events.pos.products.unlimited')}</span>
          </>
        ) : (
          product.available
        )}
      </td>
      <td>
        <div className="tb-pos-amount">
          <InputNumber
            inputId={id}
            value={amount}
            min={0}
            useGrouping={false}
            showButtons
            buttonLayout="horizontal"
            incrementButtonIcon="pi pi-plus"
            decrementButtonIcon="pi pi-minus"
            size={3}
            aria-label={t('events.pos.products.amountOf', { title })}
            // As it is typed (onValueChange comes only as the field is left or a button is used).
            onChange={(event) => change(event.value)}
            onValueChange={(event) => change(event.value)}
            invalid={Boolean(error)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={describedBy}
          />
          {seated && amount > 0 && (
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-th-large"
              label={t('events.pos.products.pickSeats')}
              onClick={() => setPicking(true)}
            />
          )}
        </div>
        {seated && seats.length > 0 && (
          <ul className="tb-pos-seats" aria-label={t('events.pos.products.seats', { title })}>
            {seats.map((seat) => (
              <li key={seat.label}>
                {t('events.pos.products.seatInSection', {
                  label: seat.label,
                  section: seat.section,
                })}
              </li>
            ))}
          </ul>
        )}
        {missing > 0 && !error && (
          <small id={`${id}-missing`} className="p-error">
            {t('events.pos.products.seatsMissing', { count: missing })}
          </small>
        )}
        {error && (
          <small id={`${id}-error`} className="p-error">
            {error}
          </small>
        )}
        {seated && (
          <SeatPickerDialog
            visible={picking}
            eventId={eventId}
            count={amount + others}
            categories={categories}
            prices={prices}
            holdToken={sale.holdToken}
            seats={held}
            title={title}
            onConfirm={(picked, holdToken) => {
              setPicking(false);
              onSeats(product, picked, holdToken);
            }}
            onCancel={() => setPicking(false)}
          />
        )}
      </td>
    </tr>
  );
}

interface ProductsCardProps extends Omit<ProductRowProps, 'product'> {
  products: PosProduct[] | undefined;
  loading: boolean;
  loadError: unknown;
}

/** 'Produkter': the event's tickets, then its goods. */
function ProductsCard({ products, loading, loadError, ...row }: ProductsCardProps) {
  const { t } = useTranslation();
  let body;
  if (loading) body = <Preloader label={t('common.loading')} />;
  else if (!products) {
    body = (
      <Alert severity="error">
        {apiErrorMessage(loadError) ?? t('events.pos.products.loadFailed')}
      </Alert>
    );
  } else if (products.length === 0) body = <p>{t('events.pos.products.empty')}</p>;
  else {
    body = (
      <table className="tb-pos-table" aria-label={t('events.pos.products.title')}>
        <thead>
          <tr>
            <th scope="col">{t('events.pos.products.product')}</th>
            <th scope="col" className="tb-pos-number">
              {t('events.pos.products.price')}
            </th>
            <th scope="col" className="tb-pos-number">
              {t('events.pos.products.available')}
            </th>
            <th scope="col">{t('events.pos.products.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <ProductRow key={product.productId} product={product} {...row} />
          ))}
        </tbody>
      </table>
    );
  }
  return <Section title={t('events.pos.products.title')}>{body}</Section>;
}

interface CartCardProps {
  /** The cart has lines. */
  filled: boolean;
  price: PosPrice | undefined;
  pricing: boolean;
  errors: PosErrors;
  /** Why the price could not be had, when no field says it. */
  priceFailure: string | null;
  onRemove: (line: PosPricedLine) => void;
}

/** 'Kurv': the lines as the server priced them, each with its remove button, then the totals. */
function CartCard({ filled, price, pricing, errors, priceFailure, onRemove }: CartCardProps) {
  const { t } = useTranslation();
  const messages = [...errors.cart, ...(priceFailure ? [priceFailure] : [])];
  let body;
  if (!filled) body = <p>{t('events.pos.cart.empty')}</p>;
  else if (!price) {
    body = pricing ? <Preloader label={t('events.pos.cart.pricing')} /> : null;
  } else {
    body = (
      <>
        <table className="tb-pos-table" aria-label={t('events.pos.cart.title')}>
          <thead>
            <tr>
              <th scope="col">{t('events.pos.cart.item')}</th>
              <th scope="col">{t('events.pos.cart.seat')}</th>
              <th scope="col" className="tb-pos-number">
                {t('events.pos.cart.amount')}
              </th>
              <th scope="col" className="tb-pos-number">
                {t('events.pos.cart.price')}
              </th>
              <th scope="col" className="tb-pos-number">
                {t('events.pos.cart.total')}
              </th>
              <th scope="col">
                <span className="tb-visually-hidden">{t('events.pos.cart.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {price.lines.map((line, index) => (
              <tr key={`${index}:${line.productId}:${line.seat ?? ''}`}>
                <th scope="row">
                  {line.title}
                  {line.free > 0 && ' '}
                  {line.free > 0 && (
                    <small className="tb-pos-allowance">
                      {t('events.pos.cart.free', { count: line.free })}
                    </small>
                  )}
                </th>
                <td>{line.seat ?? ''}</td>
                <td className="tb-pos-number">{line.amount}</td>
                <td className="tb-pos-number">
                  <Money value={line.price} ore />
                </td>
                <td className="tb-pos-number">
                  <Money value={line.total} ore />
                </td>
                <td>
                  <Button
                    type="button"
                    text
                    rounded
                    severity="danger"
                    icon="pi pi-trash"
                    aria-label={
                      line.seat
                        ? t('events.pos.cart.removeSeat', { title: line.title, seat: line.seat })
                        : t('events.pos.cart.removeLine', { title: line.title })
                    }
                    onClick={() => onRemove(line)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="tb-totals" aria-label={t('events.pos.cart.totals')}>
          <tbody>
            <tr>
              <th scope="row">{t('events.pos.cart.subtotal')}</th>
              <td>
                <Money value={price.subtotal} ore />
              </td>
            </tr>
            <tr>
              <th scope="row">{t('events.pos.cart.vat')}</th>
              <td>
                <Money value={price.vat} ore />
              </td>
            </tr>
            <tr className="tb-totals-total">
              <th scope="row">{t('events.pos.cart.grandTotal')}</th>
              <td>
                <Money value={price.total} ore />
              </td>
            </tr>
          </tbody>
        </table>
      </>
    );
  }
  return (
    <Section title={t('events.pos.cart.title')}>
      {filled && messages.length > 0 && <Alert severity="error">{messages.join(' ')}</Alert>}
      {body}
    </Section>
  );
}

interface PaymentCardProps {
  sale: Sale;
  errors: PosErrors;
  onPayment: (payment: PaymentChoice) => void;
}

/** 'Betaling': Kontant, Betalingskort or Faktura (only with a company). */
function PaymentCard({ sale, errors, onPayment }: PaymentCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const error = joined(errors.payment);
  const options: { label: string; value: PaymentChoice; disabled: boolean }[] = [
    { label: t('events.pos.payment.cash'), value: 'cash', disabled: false },
    { label: t('events.pos.payment.card'), value: 'card', disabled: false },
    { label: t('events.pos.payment.invoice'), value: 'invoice', disabled: !sale.company },
  ];
  const hint = sale.company ? undefined : t('events.pos.payment.invoiceNeedsCompany');
  return (
    <Section title={t('events.pos.payment.label')}>
      <SelectButton
        value={sale.payment}
        options={options}
        optionDisabled="disabled"
        allowEmpty={false}
        aria-label={t('events.pos.payment.label')}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          if (event.value) onPayment(event.value as PaymentChoice);
        }}
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
    </Section>
  );
}

/**
 * Billetsalg (tab 90; spec 2 §2 "Point of sale", §3 "Point-of-sale cart", §4 "Seat holds"): the
 * customer, the event's products with their amounts (a seat ticket's seats picked and held with
 * the sale's hold session), the cart as the server prices it, the payment, 'Annuller' (the seats
 * are given back and a new sale starts) and 'Gennemfør salg', after which the order, its tickets
 * and their printing show until 'Ny ordre'. Leaving the tab gives the seats of an unfinished sale
 * back.
 */
export function PosTab({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [sale, setSale] = useState<Sale>(newSale);
  const [done, setDone] = useState<PosResult | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The printer chosen at this desk: it stays for the next sales. */
  const [printer, setPrinter] = useState<string | null>(null);

  const { key, holdToken, company, amounts, seats } = sale;
  const productsQuery = useGetPosProductsQuery(
    { eventId, companyId: company?.id ?? null },
    { refetchOnMountOrArgChange: true },
  );
  const products = productsQuery.data?.products;
  const [releaseSeat] = useReleasePosSeatMutation();
  const [cancelOrder, cancelState] = useCancelPosOrderMutation();
  const [confirmOrder, confirmState] = useConfirmPosOrderMutation();
  const [extendToken] = useExtendHoldTokenMutation();

  const lines = useMemo(
    () => (products ? cartLines(products, { amounts, seats, holdToken }) : []),
    [products, amounts, seats, holdToken],
  );
  // The price depends on the lines and the company, not on the e-mail or the payment.
  const priceCart = useMemo(
    () => (lines.length > 0 ? posCart(eventId, { key, holdToken, company }, lines) : null),
    [eventId, lines, key, holdToken, company],
  );
  const settledCart = useDebouncedValue(priceCart, PRICE_DEBOUNCE_MS);
  const priceQuery = usePricePosCartQuery(settledCart ? { eventId, cart: settledCart } : skipToken);
  const pricing = priceCart !== settledCart || priceQuery.isFetching;
  const priceRefused = Boolean(priceCart && settledCart && priceQuery.isError && !pricing);
  const price = priceCart && !priceRefused ? priceQuery.data : undefined;
  const free = price?.total === 0;

  // A refused confirm shows while the sale is as it was sent; else what the price refused.
  const refused = refusal && refusal.sale === sale ? refusal.errors : null;
  const priceErrors =
    priceRefused && settledCart ? posErrors(priceQuery.error, settledCart) : NO_ERRORS;
  const errors = refused ?? priceErrors;
  const priceFailure =
    !refused && priceRefused
      ? (apiErrorMessage(priceQuery.error) ??
        (hasFieldErrors(priceErrors) ? null : t('events.pos.cart.priceFailed')))
      : null;
  const seatsMissing = (products ?? []).some(
    (product) =>
      isSeatTicket(product) &&
      (amounts[product.productId] ?? 0) > (seats[product.productId] ?? []).length,
  );
  const busy = cancelState.isLoading || confirmState.isLoading;

  // The hold session lives as long as the sale: it is extended while the tab is open.
  useEffect(() => {
    if (!holdToken || done) return;
    const timer = setInterval(() => {
      extendToken(holdToken)
        .unwrap()
        .catch((failure: unknown) => {
          const gone = apiFieldError(failure, 'holdToken');
          if (gone === undefined) return;
          // The session ran out: its seats are no longer the sale's.
          toast.error(gone || t('events.pos.holdExpired'));
          setSale((current) =>
            current.holdToken === holdToken ? { ...current, holdToken: null, seats: {} } : current,
          );
        });
    }, HOLD_EXTEND_MS);
    return () => clearInterval(timer);
  }, [holdToken, done, extendToken, toast, t]);

  // Leaving the tab leaves an unfinished sale: its seats are given back.
  const leaving = useRef({ sale, lines, done });
  useEffect(() => {
    leaving.current = { sale, lines, done };
  });
  useEffect(
    () => () => {
      const { sale: left, lines: leftLines, done: finished } = leaving.current;
      if (finished || !left.holdToken) return;
      cancelOrder({ eventId, cart: posCart(eventId, left, leftLines) })
        .unwrap()
        .catch(() => undefined);
    },
    [cancelOrder, eventId],
  );

  const giveBack = (productId: string, given: readonly PickedSeat[]) => {
    for (const seat of given) {
      releaseSeat({ eventId, line: { productId, amount: 1, seat: seat.label, holdToken } })
        .unwrap()
        .catch((failure: unknown) => {
          // A seat the session no longer holds is given back already.
          if (apiFieldError(failure, 'seat') !== undefined) return;
          toast.error(refusalText(failure) ?? t('events.pos.releaseFailed'));
        });
    }
  };

  const setAmount = (product: PosProduct, amount: number) => {
    const { productId } = product;
    const picked = seats[productId] ?? [];
    const kept = isSeatTicket(product) && picked.length > amount ? picked.slice(0, amount) : null;
    // Fewer seats wanted: the last ones are given back.
    if (kept) giveBack(productId, picked.slice(amount));
    setSale((current) => ({
      ...current,
      amounts: { ...current.amounts, [productId]: amount },
      seats: kept ? { ...current.seats, [productId]: kept } : current.seats,
    }));
  };

  const pickSeats = (product: PosProduct, picked: PickedSeat[], token: string) => {
    const { productId } = product;
    setSale((current) => {
      const after = seatsAfterPicking(current, productId, picked, token);
      const wanted = Math.max(current.amounts[productId] ?? 0, after[productId]?.length ?? 0);
      return {
        ...current,
        holdToken: token,
        seats: after,
        amounts: { ...current.amounts, [productId]: wanted },
      };
    });
  };

  const removeLine = (line: PosPricedLine) => {
    const { productId } = line;
    if (!line.seat) {
      setSale((current) => ({ ...current, amounts: { ...current.amounts, [productId]: 0 } }));
      return;
    }
    const seat = (seats[productId] ?? []).find((each) => each.label === line.seat);
    if (seat) giveBack(productId, [seat]);
    setSale((current) => ({
      ...current,
      amounts: {
        ...current.amounts,
        [productId]: Math.max(0, (current.amounts[productId] ?? 0) - 1),
      },
      seats: {
        ...current.seats,
        [productId]: (current.seats[productId] ?? []).filter((each) => each.label !== line.seat),
      },
    }));
  };

  const startOver = () => {
    setSale(newSale());
    setRefusal(null);
    setDone(null);
  };

  /** The cart as it is now, with what the price said, the e-mail and the payment. */
  const cartNow = () =>
    posCart(eventId, sale, lines, {
      price,
      email: sale.email,
      payment: free ? null : sale.payment,
    });

  const cancel = async () => {
    if (lines.length > 0 || holdToken) {
      try {
        await cancelOrder({ eventId, cart: cartNow() }).unwrap();
      } catch (error) {
        toast.error(refusalText(error) ?? t('events.pos.cancelFailed'));
        return;
      }
    }
    startOver();
  };

  const confirm = async () => {
    const cart = cartNow();
    try {
      const result = await confirmOrder({ eventId, cart }).unwrap();
      toast.success(t('events.pos.completed'));
      setRefusal(null);
      setDone(result);
    } catch (error) {
      setRefusal({ sale, errors: posErrors(error, cart) });
      toast.error(refusalText(error) ?? t('events.pos.confirmFailed'));
    }
  };

  if (done) {
    return (
      <PosCompletedSale
        result={done}
        printer={printer}
        onPrinterChange={setPrinter}
        onNewOrder={startOver}
      />
    );
  }

  return (
    <div className="tb-pos" onKeyDown={keepEnter}>
      <div className="tb-pos-main">
        <CustomerCard
          sale={sale}
          errors={errors}
          onCompany={(chosen) =>
            setSale((current) => ({
              ...current,
              company: chosen,
              // An invoice needs a company.
              payment: !chosen && current.payment === 'invoice' ? null : current.payment,
            }))
          }
          onEmail={(email) => setSale((current) => ({ ...current, email }))}
        />
        <ProductsCard
          eventId={eventId}
          products={products}
          loading={productsQuery.isLoading}
          loadError={productsQuery.error}
          sale={sale}
          errors={errors}
          onAmount={setAmount}
          onSeats={pickSeats}
        />
      </div>
      <div className="tb-pos-side">
        <CartCard
          filled={lines.length > 0}
          price={price}
          pricing={pricing}
          errors={errors}
          priceFailure={priceFailure}
          onRemove={removeLine}
        />
        {!free && (
          <PaymentCard
            sale={sale}
            errors={errors}
            onPayment={(payment) => setSale((current) => ({ ...current, payment }))}
          />
        )}
        <div className="tb-form-actions">
          <Button
            type="button"
            outlined
            severity="secondary"
            icon="pi pi-times"
            label={t('events.pos.cancel')}
            loading={cancelState.isLoading}
            disabled={busy}
            onClick={() => void cancel()}
          />
          <Button
            type="button"
            icon="pi pi-check"
            label={t('events.pos.confirm')}
            loading={confirmState.isLoading}
            disabled={lines.length === 0 || busy || pricing || seatsMissing}
            onClick={() => void confirm()}
          />
        </div>
      </div>
    </div>
  );
}
