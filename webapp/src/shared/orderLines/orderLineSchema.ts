import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText, parseDanishDecimal } from '../format';
import { yup } from '../validation';
import { lineTotal } from './orderTotals';
import type { OrderLine, OrderLineOption, OrderProduct, ProductOptionSetup } from './types';

export const SEAT_TICKET = 'seat-ticket';

/** Spec 3 §5: two parts of letters, digits, æ, ø, å joined by exactly one hyphen. */
export const SEAT_PATTERN = /^[A-Za-z0-9æøåÆØÅ]+-[A-Za-z0-9æøåÆØÅ]+$/;

export interface LineOptionFormValue {
  productId: string | null;
  variantId: string | null;
  title: string;
  variant: string | null;
  sku: string | null;
  type: string | null;
  /** Danish decimals. */
  price: string;
  prePayment: boolean;
}

export interface OrderLineFormValues {
  productId: string | null;
  variantId: string | null;
  type: string | null;
  title: string;
  variant: string;
  sku: string;
  /** Danish decimals, e.g. '1.234,50'. */
  price: string;
  discount: string;
  amount: string;
  seat: string;
  options: LineOptionFormValue[];
  prePayment: boolean;
  vatExempt: boolean;
}

/** The key of an option: its product and variant. */
export function optionKey(option: { productId: string | null; variantId: string | null }) {
  return `${option.productId ?? ''}:${option.variantId ?? ''}`;
}

export function orderLineFormValues(line: OrderLine | null): OrderLineFormValues {
  return {
    productId: line?.productId ?? null,
    variantId: line?.variantId ?? null,
    type: line?.type ?? null,
    title: line?.title ?? '',
    variant: line?.variant ?? '',
    sku: line?.sku ?? '',
    price: line ? oreToDecimalText(line.price) : '',
    discount: line?.discount ? oreToDecimalText(line.discount) : '',
    amount: String(line?.amount ?? 1),
    seat: line?.seat ?? '',
    options: (line?.options ?? []).map((option) => ({
      ...option,
      price: oreToDecimalText(option.price),
    })),
    prePayment: line?.prePayment ?? false,
    vatExempt: line?.vatExempt ?? false,
  };
}

/** The values a chosen product gives a line: title, SKU, price, type and its flags. */
export function fromProduct(
  values: OrderLineFormValues,
  product: OrderProduct,
): OrderLineFormValues {
  return {
    ...values,
    productId: product.id,
    variantId: null,
    type: product.type,
    title: product.title,
    variant: '',
    sku: product.sku ?? '',
    price: oreToDecimalText(product.price ?? 0),
    seat: product.type === SEAT_TICKET ? values.seat : '',
    options: [],
    prePayment: product.prePayment,
    vatExempt: product.vatExempt,
  };
}

/**
 * An option of the product as a line option: its price is the overriding price when the setup
 * overrides it, else the price of the option product (or of its variant).
 */
export function lineOptionOf(
  setup: ProductOptionSetup,
  optionProduct: OrderProduct | undefined,
): LineOptionFormValue | null {
  if (!setup.productId) return null;
  const variant = setup.variantId
    ? optionProduct?.variants.find((candidate) => candidate.id === setup.variantId)
    : undefined;
  const ownPrice = variant?.price ?? optionProduct?.price ?? 0;
  return {
    productId: setup.productId,
    variantId: setup.variantId,
    title: optionProduct?.title ?? '',
    variant: variant?.title ?? null,
    sku: variant?.sku || optionProduct?.sku || null,
    type: optionProduct?.type ?? null,
    price: oreToDecimalText(setup.priceOverride ? (setup.price ?? 0) : ownPrice),
    prePayment: optionProduct?.prePayment ?? false,
  };
}

const ore = (text: string) => {
  const value = decimalTextToOre(text);
  return value === null || Number.isNaN(value) ? 0 : value;
};

/** A blank line for the dialog's 'Tilføj produkt'. */
export function newOrderLine(): OrderLine {
  return {
    id: crypto.randomUUID(),
    productId: null,
    variantId: null,
    title: '',
    variant: null,
    sku: null,
    type: null,
    price: 0,
    discount: 0,
    amount: 1,
    options: [],
    prePayment: false,
    vatExempt: false,
    seat: null,
    seatEvent: null,
    seatEventId: null,
    seatCategoryId: null,
    extraInfo: [],
    description: null,
    total: 0,
  };
}

/** The edited line: the original (its id, seat event, extra info …) with the dialog's values. */
export function orderLineOf(original: OrderLine, values: OrderLineFormValues): OrderLine {
  const options: OrderLineOption[] = values.options.map((option) => ({
    productId: option.productId,
    variantId: option.variantId,
    title: option.title,
    variant: option.variant,
    sku: option.sku,
    type: option.type,
    price: ore(option.price),
    prePayment: option.prePayment,
  }));
  const line: OrderLine = {
    ...original,
    productId: values.productId,
    variantId: values.variantId,
    type: values.type,
    title: values.title.trim(),
    variant: values.variant.trim() || null,
    sku: values.sku.trim() || null,
    price: ore(values.price),
    discount: ore(values.discount),
    amount: Number(values.amount.trim()),
    options,
    prePayment: values.prePayment,
    vatExempt: values.vatExempt,
    seat: values.type === SEAT_TICKET ? values.seat.trim() || null : null,
  };
  return { ...line, total: lineTotal(line) };
}

/**
 * Spec 3 §5 for the order-line modal: title required; price required and decimal; discount
 * decimal (not above the price); amount required and a number above 0; the seat of a seat-ticket
 * empty or 'X-Y'; option prices decimal.
 */
export function orderLineSchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('orders.line.title')).trim().required(),
    price: yup.string().label(t('orders.line.price')).trim().required().decimal().minValue(0),
    discount: yup
      .string()
      .label(t('orders.line.discount'))
      .decimal()
      .minValue(0)
      .test('not-above-price', t('orders.line.discountTooLarge'), function notAbove(value) {
        const discount = decimalTextToOre(value);
        const parent = this.parent as OrderLineFormValues;
        const price = decimalTextToOre(parent.price);
        if (discount === null || Number.isNaN(discount) || price === null || Number.isNaN(price)) {
          return true;
        }
        const options = parent.options.reduce((sum, option) => sum + ore(option.price), 0);
        return discount <= Math.max(0, price) + options;
      }),
    amount: yup
      .string()
      .label(t('orders.line.amount'))
      .trim()
      .required()
      .numeric()
      .test('above-zero', t('orders.line.amountAboveZero'), (value) => {
        const amount = parseDanishDecimal(value ?? '');
        return Number.isNaN(amount) || amount > 0;
      }),
    seat: yup
      .string()
      .trim()
      .test(
        'seat-format',
        t('orders.line.seatFormat'),
        (value) => !value || SEAT_PATTERN.test(value),
      ),
    options: yup.array(
      yup.object({
        price: yup.string().label(t('orders.line.price')).trim().decimal().minValue(0),
      }),
    ),
  });
}
