import DOMPurify from 'dompurify';
import { Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../api/baseApi';
import type { ShopProduct } from '../../api/generated/shop';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { useShownError } from '../../shared/editor/useShownError';
import { EVENT_START_PATTERN, formatDate, formatOre } from '../../shared/format';
import { SeatPickerDialog } from '../../shared/seats/SeatPickerDialog';
import type { PickedSeat } from '../../shared/seats/seatModel';
import { useReleaseSeatMutation } from '../../shared/seats/seatsApi';
import { Alert } from '../../shared/ui/Alert';
import { useTimeZone } from '../../shared/ui/DateTime';
import { Form } from '../../shared/ui/Form';
import { FieldFrame } from '../../shared/ui/FormFields';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { yup } from '../../shared/validation';
import { MAX_AMOUNT, useCartDrawer } from './CartDrawer';
import { isProductId, seasonPath, SHOP_PATH } from './paths';
import {
  useAddToCartMutation,
  useCartOwner,
  useGetCartQuery,
  useGetShopProductQuery,
  refusalMessage,
  type AddToCartRequest,
} from './shopApi';
import { ShopImage, ShopPrice } from './ShopPrice';
import './shop.css';

export const SEAT_TICKET = 'seat-ticket';

interface ProductValues {
  variantId: string | null;
  /** The product ids of the ticked add-ons. */
  options: string[];
  amount: number | null;
  /** The event a seat-ticket's seats are picked at. */
  eventId: string | null;
}

/** The fields of a 422 the form has; the others (productId, seat …) are told by the toast. */
const FORM_FIELDS = ['variantId', 'options', 'amount'];

/** HTML the server sanitised, sanitised again as every rich text the app shows. */
function RichText({ html }: { html: string | null }) {
  const clean = html ? DOMPurify.sanitize(html) : '';
  if (!clean.trim()) return null;
  return (
    <div className="tb-html tb-shop-description" dangerouslySetInnerHTML={{ __html: clean }} />
  );
}

/** 'Betales hver 3. måned, bindingsperiode 12 måneder.' and the fees. */
function SubscriptionTerms({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const subscription = product.subscription;
  if (!subscription) return null;
  return (
    <div className="tb-shop-subscription">
      <p>
        {t('shop.subscription.terms', {
          payment: t('shop.subscription.payment', { count: subscription.interval }),
          commitment: t('shop.subscription.commitment', { count: subscription.commitment }),
        })}
      </p>
      {subscription.feeWithVat !== product.priceWithVat && (
        <p>{t('shop.subscription.fee', { price: formatOre(subscription.feeWithVat) })}</p>
      )}
      {subscription.startFeeWithVat > 0 && (
        <p>{t('shop.subscription.startFee', { price: formatOre(subscription.startFeeWithVat) })}</p>
      )}
    </div>
  );
}

/** The price of the chosen variant, else the lowest ('Fra:' when the variants' prices differ). */
function ProductPrice({ product }: { product: ShopProduct }) {
  const { values } = useFormikContext<ProductValues>();
  const variant = product.variants.find((each) => each.id === values.variantId);
  if (variant) {
    return (
      <ShopPrice
        price={variant.priceWithVat}
        originalPrice={product.originalPriceWithVat}
        soldOut={variant.soldOut || product.soldOut}
      />
    );
  }
  const prices = product.variants.map((each) => each.priceWithVat);
  const lowest = prices.length > 0 ? Math.min(...prices) : product.priceWithVat;
  return (
    <ShopPrice
      price={lowest}
      fromPrice={prices.some((price) => price !== lowest)}
      originalPrice={product.originalPriceWithVat}
      soldOut={product.soldOut}
    />
  );
}

function VariantField({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<string | null>('variantId');
  const error = useShownError('variantId');
  const id = useId();
  const options = product.variants.map((variant) => ({
    value: variant.id,
    label: variant.soldOut
      ? t('shop.product.variantSoldOut', { title: variant.title })
      : t('shop.product.variantOption', {
          title: variant.title,
          price: formatOre(variant.priceWithVat),
        }),
    disabled: variant.soldOut,
  }));
  return (
    <FieldFrame id={id} label={t('shop.product.variant')} error={error}>
      <Dropdown
        inputId={id}
        value={field.value}
        options={options}
        optionLabel="label"
        optionValue="value"
        optionDisabled="disabled"
        placeholder={t('shop.product.variantPlaceholder')}
        onChange={(event) => void helpers.setValue(event.value as string)}
        onBlur={() => void helpers.setTouched(true)}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}

/** The public add-ons, each with its price; the form keeps the ticked ones' product ids. */
function OptionsField({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<string[]>('options');
  const error = useShownError('options');
  const id = useId();
  const ticked = field.value;
  return (
    <fieldset
      className="tb-field tb-choice-group"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{t('shop.product.options')}</legend>
      <div className="tb-choice-options">
        {product.options.map((option, index) => (
          <span key={option.productId} className="tb-field-inline">
            <Checkbox
              inputId={`${id}-${index}`}
              checked={ticked.includes(option.productId)}
              onChange={(event) =>
                void helpers.setValue(
                  event.checked
                    ? [...ticked, option.productId]
                    : ticked.filter((each) => each !== option.productId),
                )
              }
            />
            <label htmlFor={`${id}-${index}`}>
              {t('shop.product.option', {
                title: option.title,
                price: formatOre(option.priceWithVat),
              })}
            </label>
          </span>
        ))}
      </div>
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

function AmountField() {
  const { t } = useTranslation();
  const [field, , helpers] = useField<number | null>('amount');
  const error = useShownError('amount');
  const id = useId();
  const set = (value: number | null | undefined) => {
    void helpers.setValue(value ?? null);
  };
  return (
    <FieldFrame id={id} label={t('shop.product.amount')} error={error}>
      <InputNumber
        inputId={id}
        value={field.value}
        min={1}
        max={MAX_AMOUNT}
        useGrouping={false}
        showButtons
        buttonLayout="horizontal"
        incrementButtonIcon="pi pi-plus"
        decrementButtonIcon="pi pi-minus"
        size={3}
        className="tb-shop-amount"
        // As it is typed (onValueChange comes only as the field is left).
        onChange={(event) => set(event.value)}
        onValueChange={(event) => set(event.value)}
        onBlur={() => void helpers.setTouched(true)}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}

/** The event a seat-ticket's seats are for: a choice when it sells several. */
function EventField({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [field, , helpers] = useField<string | null>('eventId');
  const error = useShownError('eventId');
  const id = useId();
  const labelOf = (event: ShopProduct['seatEvents'][number]) =>
    t('shop.seats.eventOption', {
      title: event.title,
      date: formatDate(event.startDate, EVENT_START_PATTERN, timeZone),
    });
  const [only] = product.seatEvents;
  if (product.seatEvents.length === 1 && only) {
    return (
      <p className="tb-shop-event">
        {t('shop.seats.event')}: {labelOf(only)}
      </p>
    );
  }
  return (
    <FieldFrame id={id} label={t('shop.seats.event')} error={error}>
      <Dropdown
        inputId={id}
        value={field.value}
        options={product.seatEvents.map((event) => ({ value: event.id, label: labelOf(event) }))}
        optionLabel="label"
        optionValue="value"
        placeholder={t('shop.seats.eventPlaceholder')}
        onChange={(event) => void helpers.setValue(event.value as string)}
        onBlur={() => void helpers.setTouched(true)}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-required
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}

/** What the seat picker is open for: the form's values as they were submitted. */
interface Picking {
  values: ProductValues;
  eventId: string;
  /** The seats to pick: one per ticket. */
  count: number;
  /** The cart's hold session, which the picker goes on with (null: a new one). */
  holdToken: string | null;
  /** The cart's seats at the event held by that session: the picker shows them as picked. */
  held: string[];
}

/**
 * The product's form: its variant, add-ons and quantity, and 'Læg i kurv'; a seat-ticket picks
 * its event and then, with 'Vælg pladser', a seat per ticket in the seat picker, each seat a line
 * of its own. The answer is the cart: 'Produktet er lagt i kurven' and the cart drawer opens on
 * it; a refusal says 'Der opstod en fejl!' with the server's words on the field.
 */
function ProductForm({ product }: { product: ShopProduct }) {
  const { t } = useTranslation();
  const toast = useToast();
  const drawer = useCartDrawer();
  const owner = useCartOwner();
  const seated = product.type === SEAT_TICKET;
  // The seat picker goes on with the cart's hold session: a seat-ticket waits for the cart.
  const { data: cart, isLoading: cartLoading } = useGetCartQuery(owner, { skip: !seated });
  const [addToCart] = useAddToCartMutation();
  const [releaseSeat] = useReleaseSeatMutation();
  const [picking, setPicking] = useState<Picking | null>(null);
  const [adding, setAdding] = useState(false);
  const noEvents = seated && product.seatEvents.length === 0;

  const initialValues = useMemo<ProductValues>(
    () => ({
      variantId: null,
      options: product.options.filter((option) => option.preSelected).map((o) => o.productId),
      amount: 1,
      eventId: product.seatEvents.length === 1 ? (product.seatEvents[0]?.id ?? null) : null,
    }),
    [product],
  );
  const schema = useMemo(
    () =>
      yup.object({
        variantId:
          product.variants.length > 0
            ? yup.string().nullable().required(t('shop.product.variantRequired'))
            : yup.string().nullable(),
        amount: yup
          .number()
          .nullable()
          .label(t('shop.product.amount'))
          .required()
          .min(1)
          .max(MAX_AMOUNT),
        eventId: seated
          ? yup.string().nullable().required(t('shop.seats.eventRequired'))
          : yup.string().nullable(),
      }),
    [product.variants.length, seated, t],
  );

  /** The seats of the cart at the event, held by its session: the picker shows them as picked. */
  function cartSeatsAt(eventId: string): string[] {
    if (!cart?.holdToken) return [];
    return cart.orderLines
      .filter((line) => line.seatEventId === eventId && line.seat && line.seatHeld)
      .map((line) => line.seat ?? '');
  }

  function request(values: ProductValues): AddToCartRequest {
    return {
      owner,
      productId: product.id,
      amount: values.amount ?? 1,
      variantId: values.variantId,
      options: values.options,
    };
  }

  function refused(error: unknown, helpers?: FormikHelpers<ProductValues>) {
    const message = refusalMessage(error);
    toast.error(
      message ? t('shop.product.addFailedWith', { message }) : t('shop.product.addFailed'),
    );
    if (helpers && isApiError(error) && error.errors) {
      const onForm = Object.entries(error.errors).filter(([field]) => FORM_FIELDS.includes(field));
      applyServerErrors(helpers.setErrors, { ...error, errors: Object.fromEntries(onForm) });
    }
  }

  function added() {
    toast.success(t('shop.product.added'));
    drawer.show();
  }

  async function submit(values: ProductValues, helpers: FormikHelpers<ProductValues>) {
    if (seated) {
      if (!values.eventId) return;
      setPicking({
        values,
        eventId: values.eventId,
        count: values.amount ?? 1,
        holdToken: cart?.holdToken ?? null,
        held: cartSeatsAt(values.eventId),
      });
      return;
    }
    try {
      await addToCart(request(values)).unwrap();
      added();
    } catch (error) {
      refused(error, helpers);
    }
  }

  /** One line per new seat, one after the other; what is left is given back on a refusal. */
  async function addSeats(seats: PickedSeat[], holdToken: string) {
    if (!picking) return;
    const { values, eventId, held } = picking;
    const fresh = seats.filter((seat) => !held.includes(seat.label));
    setPicking(null);
    setAdding(true);
    try {
      for (const [index, seat] of fresh.entries()) {
        try {
          await addToCart({
            ...request(values),
            amount: 1,
            seat: seat.label,
            seatEventId: eventId,
            holdToken,
          }).unwrap();
        } catch (error) {
          refused(error);
          for (const left of fresh.slice(index)) {
            releaseSeat({ eventId, holdToken, seat: left.label })
              .unwrap()
              .catch(() => undefined);
          }
          return;
        }
      }
      added();
    } finally {
      setAdding(false);
    }
  }

  const categories = product.seatCategories.length > 0 ? product.seatCategories : undefined;

  return (
    <Formik<ProductValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ values, isSubmitting }) => {
        const variant = product.variants.find((each) => each.id === values.variantId);
        const soldOut = product.soldOut || Boolean(variant?.soldOut);
        const prices =
          categories &&
          Object.fromEntries(
            categories.map((key) => [key, variant?.priceWithVat ?? product.priceWithVat]),
          );
        return (
          <Form
            className="tb-form tb-shop-form"
            label={t('shop.product.form', { title: product.title })}
          >
            <ProductPrice product={product} />
            <SubscriptionTerms product={product} />
            {product.variants.length > 0 && <VariantField product={product} />}
            {product.options.length > 0 && <OptionsField product={product} />}
            {seated && product.seasonTicket && (
              <p className="tb-field-help">{t('shop.seats.seasonTicket')}</p>
            )}
            {product.seasonId && (
              <p>
                <Link to={seasonPath(product.seasonId)}>{t('shop.season.link')}</Link>
              </p>
            )}
            {noEvents ? (
              <Alert severity="info">{t('shop.seats.noEvents')}</Alert>
            ) : (
              seated && <EventField product={product} />
            )}
            <AmountField />
            <div className="tb-form-actions">
              <Button
                type="submit"
                icon={seated ? 'pi pi-th-large' : 'pi pi-shopping-cart'}
                label={seated ? t('shop.seats.pick') : t('shop.product.add')}
                disabled={soldOut || noEvents || cartLoading}
                loading={isSubmitting || adding}
              />
            </div>
            {picking && (
              <SeatPickerDialog
                visible
                eventId={picking.eventId}
                count={picking.count + picking.held.length}
                categories={categories}
                prices={prices}
                holdToken={picking.holdToken}
                seats={picking.held}
                title={product.title}
                onConfirm={(seats, holdToken) => void addSeats(seats, holdToken)}
                onCancel={() => setPicking(null)}
              />
            )}
          </Form>
        );
      }}
    </Formik>
  );
}

function ProductView({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useGetShopProductQuery(id);
  useLeaveWhenLoadFails(query, t('shop.product.loadFailed'), SHOP_PATH);
  const product = query.data;
  if (!product || query.isError) {
    return (
      <section className="tb-page tb-shop-product">
        <Preloader label={t('common.loading')} />
      </section>
    );
  }
  return (
    <article className="tb-page tb-shop-product" aria-labelledby="shop-product-title">
      <ShopImage src={product.image} className="tb-shop-product-image" />
      <div className="tb-shop-product-body">
        <h1 id="shop-product-title">{product.title}</h1>
        <RichText html={product.description} />
        <ProductForm key={product.id} product={product} />
      </div>
    </article>
  );
}

/**
 * A product of the web shop (spec 3 §2 "Web shop"): /shop/{id} with its picture, description,
 * price and form. A product that cannot be had (not in the shop, or an address below /shop that
 * is no product's) goes back to /shop.
 */
export function ShopProductPage() {
  const { id } = useParams();
  if (!isProductId(id)) return <Navigate to={SHOP_PATH} replace />;
  return <ProductView key={id} id={id} />;
}
