import type { TFunction } from 'i18next';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { yup } from '../../shared/validation';
import { NO_INVOICING } from './orderStatus';
import { linesTotal, orderTotals } from '../../shared/orderLines/orderTotals';
import type {
  ExtraInfoValue,
  InvoicingType,
  Order,
  OrderCompany,
  OrderContact,
  OrderContractRef,
  OrderField,
  OrderLine,
  OrderTotals,
} from './types';

/** One extra-info entry of the order, edited as text (several values separated by commas). */
export interface ExtraInfoFormValue {
  title: string;
  value: string;
  /** The entry holds a list of values. */
  several: boolean;
}

export interface OrderFormValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  description: string;
  internal: string;
  extraInfo: ExtraInfoFormValue[];
  categoryId: string | null;
  fieldValues: Record<string, string>;
  /** The lines as the API has them (øre); the line dialog edits one at a time. */
  orderLines: OrderLine[];
  /** Danish decimals, e.g. '1.234,50'. */
  orderDiscount: string;
  company: OrderCompany | null;
  contact: OrderContact | null;
  contract: OrderContractRef | null;
  invoicing: {
    type: InvoicingType | typeof NO_INVOICING;
    prePaymentDate: string | null;
    invoiceDate: string | null;
    /** A Danish decimal percent, e.g. '2,5'. */
    rateFee: string;
    splitPayments: boolean;
  };
}

function extraInfoFormValue(entry: ExtraInfoValue): ExtraInfoFormValue {
  const several = Array.isArray(entry.values) && entry.values.length > 0;
  return {
    title: entry.title,
    value: several ? (entry.values ?? []).join(', ') : (entry.value ?? ''),
    several,
  };
}

export function orderFormValues(order: Order): OrderFormValues {
  return {
    firstname: order.firstname ?? '',
    lastname: order.lastname ?? '',
    email: order.email ?? '',
    phone: order.phone ?? '',
    description: order.description ?? '',
    internal: order.internal ?? '',
    extraInfo: (order.extraInfo ?? []).map(extraInfoFormValue),
    categoryId: order.categoryId ?? null,
    fieldValues: { ...(order.fieldValues ?? {}) },
    orderLines: order.orderLines ?? [],
    orderDiscount: order.orderDiscount ? oreToDecimalText(order.orderDiscount) : '',
    company: order.company ?? null,
    contact: order.contact ?? null,
    contract: order.contract ?? null,
    invoicing: {
      type: order.invoicing?.type ?? NO_INVOICING,
      prePaymentDate: order.invoicing?.prePaymentDate ?? null,
      invoiceDate: order.invoicing?.invoiceDate ?? null,
      rateFee: oreToDecimalText(order.invoicing?.rateFee),
      splitPayments: order.invoicing?.splitPayments ?? false,
    },
  };
}

/** Øre of a money text; empty or not a number is 0 (the rules report the latter). */
function oreOf(text: string): number {
  const ore = decimalTextToOre(text);
  return ore === null || Number.isNaN(ore) ? 0 : ore;
}

export function invoicingTypeOf(values: OrderFormValues): InvoicingType | null {
  return values.invoicing.type === NO_INVOICING ? null : values.invoicing.type;
}

export function rateFeeOf(values: OrderFormValues): number | null {
  const fee = decimalTextToOre(values.invoicing.rateFee);
  return fee === null || Number.isNaN(fee) ? null : fee;
}

/** The totals of the form's lines, order discount and invoicing, as the server will compute them. */
export function formTotals(order: Order, values: OrderFormValues): OrderTotals {
  return orderTotals(
    values.orderLines,
    oreOf(values.orderDiscount),
    { type: invoicingTypeOf(values), rateFee: rateFeeOf(values) },
    order,
  );
}

/** The form's parts that the totals depend on: when they are as loaded, the server's totals show. */
export function totalsInputsChanged(initial: OrderFormValues, values: OrderFormValues): boolean {
  const inputs = (form: OrderFormValues) =>
    JSON.stringify([
      form.orderLines,
      oreOf(form.orderDiscount),
      invoicingTypeOf(form),
      rateFeeOf(form),
    ]);
  return inputs(initial) !== inputs(values);
}

function extraInfoPayload(entry: ExtraInfoFormValue): ExtraInfoValue {
  if (entry.several) {
    return {
      title: entry.title,
      value: null,
      values: entry.value
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    };
  }
  return { title: entry.title, value: entry.value.trim() || null, values: null };
}

const emptyToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The order to POST to orders/update: the loaded order (its version above all) with the form's values. */
export function orderPayload(order: Order, values: OrderFormValues): Order {
  const totals = formTotals(order, values);
  return {
    ...order,
    ...totals,
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    description: emptyToNull(values.description),
    internal: emptyToNull(values.internal),
    extraInfo: values.extraInfo.map(extraInfoPayload),
    categoryId: values.categoryId,
    fieldValues: values.fieldValues,
    orderLines: values.orderLines,
    orderDiscount: oreOf(values.orderDiscount),
    companyId: values.company?.id ?? null,
    company: values.company,
    contactId: values.contact?.id ?? null,
    contact: values.contact,
    contractId: values.contract?.id ?? null,
    contract: values.contract,
    invoicing: {
      type: invoicingTypeOf(values),
      prePaymentDate: values.invoicing.prePaymentDate,
      invoiceDate: values.invoicing.invoiceDate,
      rateFee: invoicingTypeOf(values) === 'rates' ? rateFeeOf(values) : null,
      splitPayments: values.invoicing.splitPayments,
    },
  };
}

/** Some line, or some option of a line, is paid in advance. */
export function needsPrePayment(lines: OrderLine[]): boolean {
  return lines.some((line) => line.prePayment || line.options.some((option) => option.prePayment));
}

interface Ancestor {
  value: unknown;
}

/** The form's values seen from a field of `invoicing` (yup's `from`: parent, then the root). */
function rootOf(from: Ancestor[] | undefined): OrderFormValues | undefined {
  return from?.[1]?.value as OrderFormValues | undefined;
}

/**
 * Spec 3 §5: with an invoicing method, the invoice date is required, and the prepayment date too
 * when a line or an option is prepaid; custom Number fields are decimals; the e-mail is an e-mail;
 * the order discount is a decimal between 0 and the lines' gross.
 */
export function orderSchema(t: TFunction, fields: OrderField[]) {
  const required = (label: string) => t('validation.required', { field: label });
  const withMethod = (values: OrderFormValues | undefined) =>
    values !== undefined && values.invoicing.type !== NO_INVOICING;
  return yup.object({
    email: yup.string().label(t('orders.fields.email')).trim().email(),
    orderDiscount: yup
      .string()
      .label(t('orders.totals.orderDiscount'))
      .decimal()
      .minValue(0)
      .test('not-above-lines', t('orders.totals.discountTooLarge'), function notAbove(value) {
        const ore = decimalTextToOre(value);
        if (ore === null || Number.isNaN(ore)) return true;
        const root = (this.from as Ancestor[] | undefined)?.[0]?.value as
          OrderFormValues | undefined;
        return ore <= Math.max(0, linesTotal(root?.orderLines ?? []));
      }),
    fieldValues: yup.object(
      Object.fromEntries(
        fields
          .filter((field) => field.type === 'Number')
          .map((field) => [field.id, yup.string().label(field.title).decimal()]),
      ),
    ),
    invoicing: yup.object({
      prePaymentDate: yup
        .string()
        .nullable()
        .test(
          'prepayment-date',
          required(t('orders.invoicing.prePaymentDate')),
          function check(value) {
            const root = rootOf(this.from as Ancestor[] | undefined);
            if (!withMethod(root) || !needsPrePayment(root?.orderLines ?? [])) return true;
            return Boolean(value);
          },
        ),
      invoiceDate: yup
        .string()
        .nullable()
        .test('invoice-date', required(t('orders.invoicing.invoiceDate')), function check(value) {
          return !withMethod(rootOf(this.from as Ancestor[] | undefined)) || Boolean(value);
        }),
      rateFee: yup
        .string()
        .label(t('orders.invoicing.rateFee'))
        .decimal()
        .minValue(0)
        .maxValue(100),
    }),
  });
}
