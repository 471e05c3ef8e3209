import type { TFunction } from 'i18next';
import { relationFieldOf, requiredRelation } from '../../shared/editor/relations';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { lineTotal, linesTotal, orderTotals } from '../../shared/orderLines/orderTotals';
import type { OrderLine, OrderTotals, VatSettings } from '../../shared/orderLines/types';
import { yup } from '../../shared/validation';
import type {
  Customer,
  Subscription,
  SubscriptionCompany,
  SubscriptionContact,
  SubscriptionInput,
  SubscriptionLine,
} from './types';

/** The most months between payments and the longest binding period the server takes. */
export const MAX_MONTHS = 120;

export interface SubscriptionFormValues {
  seasonId: string | null;
  ownerId: string | null;
  description: string;
  internal: string;
  startDate: string | null;
  endDate: string | null;
  noEndDate: boolean;
  /** Months, as typed. */
  repeats: string;
  /** Months, as typed. */
  commitment: string;
  autoRenew: boolean;
  company: SubscriptionCompany | null;
  contact: SubscriptionContact | null;
  /** Whom the payment link goes to; emptied when another contact is chosen (the server fills it). */
  customer: Customer;
  /** The lines as the shared line dialog edits them (øre, with their totals). */
  orderLines: OrderLine[];
  /** Danish decimals, e.g. '1.234,50'; set by editing the total too. */
  orderDiscount: string;
}

export const NO_CUSTOMER: Customer = { firstname: '', lastname: '', email: '', phone: '' };

const months = (value: number | null) => (value === null ? '' : String(value));

export function subscriptionFormValues(subscription: Subscription): SubscriptionFormValues {
  return {
    seasonId: subscription.seasonId ?? null,
    ownerId: subscription.ownerId ?? null,
    description: subscription.description ?? '',
    internal: subscription.internal ?? '',
    startDate: subscription.startDate ?? null,
    endDate: subscription.endDate ?? null,
    noEndDate: subscription.noEndDate,
    repeats: months(subscription.repeats),
    commitment: months(subscription.commitment),
    autoRenew: subscription.autoRenew,
    company: subscription.company ?? null,
    contact: subscription.contact ?? null,
    customer: subscription.customer ?? NO_CUSTOMER,
    orderLines: (subscription.orderLines ?? []).map((line) => ({
      ...line,
      total: lineTotal(line),
    })),
    orderDiscount: subscription.orderDiscount ? oreToDecimalText(subscription.orderDiscount) : '',
  };
}

/** Øre of a money text; empty or not a number is 0 (the rules report the latter). */
function oreOf(text: string): number {
  const ore = decimalTextToOre(text);
  return ore === null || Number.isNaN(ore) ? 0 : ore;
}

/** Whole months of a typed text; null when it is empty or not a whole number. */
export function monthsOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The end date as the subscription has it: none with 'Ingen slutdato'. */
export function endDateOf(values: Pick<SubscriptionFormValues, 'endDate' | 'noEndDate'>) {
  return values.noEndDate ? null : values.endDate;
}

/**
 * The VAT of the subscription's totals. The subscription names its rate and whether prices include
 * VAT; whether the club switched VAT off is the club's setting.
 */
export function vatOf(subscription: Subscription, disableVat: boolean): VatSettings {
  return {
    pricesWithVat: subscription.pricesWithVat,
    vatRate: subscription.vatRate,
    disableVat,
  };
}

const NO_INVOICING = { type: null, rateFee: null };

/** The totals of the form's lines and discount, as the server will compute them. */
export function formTotals(vat: VatSettings, values: SubscriptionFormValues): OrderTotals {
  return orderTotals(values.orderLines, oreOf(values.orderDiscount), NO_INVOICING, vat);
}

/** What editing the total is measured from: the lines and no fee. */
export const totalsInvoicing = NO_INVOICING;

/** The totals the form shows: the server's until a line or the discount changes. */
export function shownTotals(
  subscription: Subscription,
  vat: VatSettings,
  initial: SubscriptionFormValues,
  values: SubscriptionFormValues,
): Pick<OrderTotals, 'subtotal' | 'discount' | 'additionalFee' | 'vat' | 'total'> {
  const inputs = (form: SubscriptionFormValues) =>
    JSON.stringify([form.orderLines, oreOf(form.orderDiscount)]);
  return inputs(initial) !== inputs(values) ? formTotals(vat, values) : subscription;
}

/** A line as the subscription stores it: the dialog's line without its computed total. */
function storedLine(line: OrderLine): SubscriptionLine {
  return {
    id: line.id,
    productId: line.productId,
    variantId: line.variantId,
    title: line.title,
    variant: line.variant,
    sku: line.sku,
    type: line.type,
    price: line.price,
    discount: line.discount,
    amount: line.amount,
    options: line.options,
    prePayment: line.prePayment,
    vatExempt: line.vatExempt,
    seat: line.seat,
    seatEvent: line.seatEvent,
    seatEventId: line.seatEventId,
    seatCategoryId: line.seatCategoryId,
    extraInfo: line.extraInfo,
    description: line.description,
  };
}

const emptyToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of POST subscriptions/update: the loaded subscription's id and version, the form's content. */
export function subscriptionPayload(
  subscription: Subscription,
  values: SubscriptionFormValues,
): SubscriptionInput {
  return {
    id: subscription.id,
    version: subscription.version,
    seasonId: values.seasonId,
    description: emptyToNull(values.description),
    internal: emptyToNull(values.internal),
    startDate: values.startDate,
    endDate: endDateOf(values),
    noEndDate: values.noEndDate,
    repeats: monthsOf(values.repeats),
    commitment: monthsOf(values.commitment),
    autoRenew: values.autoRenew,
    orderLines: values.orderLines.map(storedLine),
    orderDiscount: oreOf(values.orderDiscount),
    ownerId: values.ownerId,
    companyId: values.company?.id ?? null,
    contactId: values.contact?.id ?? null,
    customer: values.customer,
  };
}

/** The form's name of a field the server names in a 422 (the relation pickers' ids). */
export const formFieldOf = relationFieldOf;

/**
 * Spec 3 §5 as the server checks it (domain/src/subscription/aggregate.rs), so the messages show
 * before a save: 'Gentag hver' is required, a whole number of months from 1 to 120; 'Binding' is
 * required, 0 to 120 months; the contact person is required (the company is not); the end date is
 * not before the start; the discount is a decimal between 0 and the lines' gross.
 */
export function subscriptionSchema(t: TFunction) {
  const message = (key: string) => t(`subscriptions.validation.${key}`);
  const inRange = (min: number, max: number) => (value: string | undefined) => {
    const number = monthsOf(value ?? '');
    return number === null || (number >= min && number <= max);
  };
  return yup.object({
    repeats: yup
      .string()
      .label(t('subscriptions.fields.repeats'))
      .trim()
      .required(message('repeatsRequired'))
      .numeric()
      .test('at-least-one', message('repeatsMin'), inRange(1, Number.MAX_SAFE_INTEGER))
      .test('at-most', message('repeatsMax'), inRange(0, MAX_MONTHS)),
    commitment: yup
      .string()
      .label(t('subscriptions.fields.commitment'))
      .trim()
      .required(message('commitmentRequired'))
      .numeric()
      .test('at-most', message('commitmentMax'), inRange(0, MAX_MONTHS)),
    contact: requiredRelation(message('contactRequired')),
    endDate: yup
      .string()
      .nullable()
      .test('not-before-start', message('endBeforeStart'), function notBeforeStart(value) {
        const values = this.parent as SubscriptionFormValues;
        return values.noEndDate || !value || !values.startDate || value >= values.startDate;
      }),
    orderDiscount: yup
      .string()
      .label(t('subscriptions.totals.orderDiscount'))
      .decimal()
      .minValue(0)
      .test('not-above-lines', message('discountTooLarge'), function notAboveLines(value) {
        const ore = decimalTextToOre(value);
        if (ore === null || Number.isNaN(ore)) return true;
        const values = this.parent as SubscriptionFormValues;
        return ore <= Math.max(0, linesTotal(values.orderLines));
      }),
  });
}

/**
 * What approving needs beyond a valid form (the server's Approve): a start date, from which the
 * periods run. Returns the messages by field.
 */
export function approvalErrors(
  t: TFunction,
  values: SubscriptionFormValues,
): Record<string, string> {
  return values.startDate ? {} : { startDate: t('subscriptions.validation.startDateRequired') };
}
