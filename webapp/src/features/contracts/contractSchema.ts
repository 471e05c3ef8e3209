import type { TFunction } from 'i18next';
import { relationFieldOf, requiredRelation } from '../../shared/editor/relations';
import { decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { linesTotal, orderTotals } from '../../shared/orderLines/orderTotals';
import type { OrderTotals } from '../../shared/orderLines/types';
import { yup } from '../../shared/validation';
import { intervalOf } from './invoicingPlan';
import type {
  Contract,
  ContractCompany,
  ContractContact,
  ContractField,
  ContractLine,
  InvoicingPlan,
  PlanKind,
} from './types';

/** The invoicing select's value for "no method" ('Ingen'). */
export const NO_INVOICING = 'none';

export interface PeriodFormValue {
  date: string | null;
  /** Danish decimals. */
  amount: string;
}

export interface ContractFormValues {
  categoryId: string | null;
  seasonId: string | null;
  description: string;
  internal: string;
  /** Rich text (HTML); '' when nothing is written. */
  additional: string;
  contractDescription: string;
  supplementalDescription: string;
  startDate: string | null;
  endDate: string | null;
  noEndDate: boolean;
  renewDate: string | null;
  ownerId: string | null;
  company: ContractCompany | null;
  contact: ContractContact | null;
  /** The lines as the API has them (øre); the lines modal and the line dialog edit them. */
  contractLines: ContractLine[];
  /** Danish decimals, e.g. '1.234,50'; set by editing the total. */
  orderDiscount: string;
  fieldValues: Record<string, string>;
  invoicing: {
    type: PlanKind | typeof NO_INVOICING;
    prePaymentDate: string | null;
    invoiceDate: string | null;
    /** Recurring: Danish decimals; '' uses the suggested amount. */
    amount: string;
    /** Months, as typed. */
    intervals: string;
    startDate: string | null;
    /** A Danish decimal percent, e.g. '2,5'. */
    rateFee: string;
    customPeriods: PeriodFormValue[];
    splitPayments: boolean;
  };
}

export function contractFormValues(contract: Contract): ContractFormValues {
  const plan = contract.invoicing;
  return {
    categoryId: contract.categoryId ?? null,
    seasonId: contract.seasonId ?? null,
    description: contract.description ?? '',
    internal: contract.internal ?? '',
    additional: contract.additional ?? '',
    contractDescription: contract.contractDescription ?? '',
    supplementalDescription: contract.supplementalDescription ?? '',
    startDate: contract.startDate ?? null,
    endDate: contract.endDate ?? null,
    noEndDate: contract.noEndDate ?? false,
    renewDate: contract.renewDate ?? null,
    ownerId: contract.ownerId ?? null,
    company: contract.company ?? null,
    contact: contract.contact ?? null,
    contractLines: contract.contractLines ?? [],
    orderDiscount: contract.orderDiscount ? oreToDecimalText(contract.orderDiscount) : '',
    fieldValues: { ...(contract.fieldValues ?? {}) },
    invoicing: {
      type: plan?.type ?? NO_INVOICING,
      prePaymentDate: plan?.prePaymentDate ?? null,
      invoiceDate: plan?.invoiceDate ?? null,
      amount: oreToDecimalText(plan?.amount),
      intervals: plan?.intervals ? String(plan.intervals) : '',
      startDate: plan?.startDate ?? null,
      rateFee: oreToDecimalText(plan?.rateFee),
      customPeriods: (plan?.customPeriods ?? []).map((period) => ({
        date: period.date,
        amount: oreToDecimalText(period.amount),
      })),
      splitPayments: plan?.splitPayments ?? false,
    },
  };
}

/** Øre of a money text; empty or not a number is 0 (the rules report the latter). */
function oreOf(text: string): number {
  const ore = decimalTextToOre(text);
  return ore === null || Number.isNaN(ore) ? 0 : ore;
}

/** Øre of a money text; empty or not a number is null. */
function oreOrNull(text: string): number | null {
  const ore = decimalTextToOre(text);
  return ore === null || Number.isNaN(ore) ? null : ore;
}

export function planKindOf(values: ContractFormValues): PlanKind | null {
  return values.invoicing.type === NO_INVOICING ? null : values.invoicing.type;
}

/** The end date as the contract has it: none with 'Ingen slutdato'. */
export function endDateOf(values: Pick<ContractFormValues, 'endDate' | 'noEndDate'>) {
  return values.noEndDate ? null : values.endDate;
}

/** What the totals read of the plan: a rates plan adds its fee. */
export function totalsInvoicing(values: ContractFormValues) {
  const rates = values.invoicing.type === 'rates';
  return {
    type: rates ? ('rates' as const) : null,
    rateFee: rates ? oreOrNull(values.invoicing.rateFee) : null,
  };
}

/** The totals of the form's lines, discount and plan, as the server will compute them. */
export function formTotals(contract: Contract, values: ContractFormValues): OrderTotals {
  return orderTotals(
    values.contractLines,
    oreOf(values.orderDiscount),
    totalsInvoicing(values),
    contract,
  );
}

/** The totals the form shows: the server's until a line, the discount or the plan changes. */
export function shownTotals(
  contract: Contract,
  initial: ContractFormValues,
  values: ContractFormValues,
): OrderTotals {
  const inputs = (form: ContractFormValues) =>
    JSON.stringify([form.contractLines, oreOf(form.orderDiscount), totalsInvoicing(form)]);
  return inputs(initial) !== inputs(values) ? formTotals(contract, values) : contract;
}

/** What the invoicing card splits and suggests from: the total with VAT prices, else the subtotal. */
export function invoicedAmount(contract: Contract, totals: OrderTotals): number {
  return contract.pricesWithVat ? totals.total : totals.subtotal;
}

/** Some line, or some option of a line, is paid in advance. */
export function needsPrePayment(lines: ContractLine[]): boolean {
  return lines.some((line) => line.prePayment || line.options.some((option) => option.prePayment));
}

function planPayload(values: ContractFormValues): InvoicingPlan {
  const kind = planKindOf(values);
  const plan = values.invoicing;
  const stepped = kind === 'recurring' || kind === 'customPeriod';
  const intervals = plan.intervals.trim();
  return {
    type: kind,
    prePaymentDate: kind ? plan.prePaymentDate : null,
    invoiceDate: kind === 'single' || kind === 'rates' ? plan.invoiceDate : null,
    amount: kind === 'recurring' ? oreOrNull(plan.amount) : null,
    intervals: stepped && /^\d+$/.test(intervals) ? Number(intervals) : null,
    startDate: stepped ? plan.startDate : null,
    rateFee: kind === 'rates' ? oreOrNull(plan.rateFee) : null,
    customPeriods:
      kind === 'customPeriod'
        ? plan.customPeriods.map((period) => ({ date: period.date, amount: oreOf(period.amount) }))
        : [],
    splitPayments: kind ? plan.splitPayments : false,
  };
}

const emptyToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The contract to POST to contracts/update: the loaded one (its version above all) with the form's values. */
export function contractPayload(contract: Contract, values: ContractFormValues): Contract {
  return {
    ...contract,
    ...formTotals(contract, values),
    categoryId: values.categoryId,
    seasonId: values.seasonId,
    description: emptyToNull(values.description),
    internal: emptyToNull(values.internal),
    additional: emptyToNull(values.additional),
    contractDescription: emptyToNull(values.contractDescription),
    supplementalDescription: emptyToNull(values.supplementalDescription),
    startDate: values.startDate,
    endDate: endDateOf(values),
    noEndDate: values.noEndDate,
    renewDate: values.renewDate,
    ownerId: values.ownerId,
    companyId: values.company?.id ?? null,
    company: values.company,
    contactId: values.contact?.id ?? null,
    contact: values.contact,
    contractLines: values.contractLines,
    orderDiscount: oreOf(values.orderDiscount),
    fieldValues: values.fieldValues,
    invoicing: planPayload(values),
  };
}

/** The form's name of a field the server names in a 422 (the relation pickers' ids). */
export const formFieldOf = relationFieldOf;

/**
 * Spec 3 §5 as the server checks it (domain/src/contract/rules.rs and plan.rs), so the messages
 * show before a save: category, company and contact are required; the end date is not before the
 * start; the discount is a decimal between 0 and the lines' gross; custom Number fields are
 * decimals; and the plan's rules for the chosen method — a prepayment date when a line or an
 * option is prepaid; an invoice date for single and rates (and a fee of 0–100 %); for recurring
 * an interval of 1–120 months and a start date; for custom periods an end date of the contract and
 * a date on every period.
 */
export function contractSchema(t: TFunction, fields: ContractField[]) {
  const message = (key: string) => t(`contracts.validation.${key}`);
  return yup.lazy((values: ContractFormValues) => {
    const kind = planKindOf(values);
    const end = endDateOf(values);
    const money = (label: string) => yup.string().label(label).decimal().minValue(0);
    return yup.object({
      categoryId: yup.string().nullable().required(message('categoryRequired')),
      company: requiredRelation(message('companyRequired')),
      contact: requiredRelation(message('contactRequired')),
      endDate: yup
        .string()
        .nullable()
        .test(
          'not-before-start',
          message('endBeforeStart'),
          (value) => values.noEndDate || !value || !values.startDate || value >= values.startDate,
        ),
      orderDiscount: money(t('contracts.totals.orderDiscount')).test(
        'not-above-lines',
        message('discountTooLarge'),
        (value) => {
          const ore = decimalTextToOre(value);
          if (ore === null || Number.isNaN(ore)) return true;
          return ore <= Math.max(0, linesTotal(values.contractLines));
        },
      ),
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
            message('prePaymentDateRequired'),
            (value) => !kind || !needsPrePayment(values.contractLines) || Boolean(value),
          ),
        invoiceDate: yup
          .string()
          .nullable()
          .test(
            'invoice-date',
            message('invoiceDateRequired'),
            (value) => (kind !== 'single' && kind !== 'rates') || Boolean(value),
          ),
        rateFee:
          kind === 'rates'
            ? yup
                .string()
                .label(t('contracts.invoicing.rateFee'))
                .decimal()
                .minValue(0)
                .maxValue(100)
            : yup.string(),
        intervals: yup
          .string()
          .test(
            'interval',
            message('intervalRange'),
            (value) => kind !== 'recurring' || intervalOf(value ?? '') !== null,
          ),
        startDate: yup
          .string()
          .nullable()
          .test(
            'start-date',
            message('startDateRequired'),
            (value) => kind !== 'recurring' || Boolean(value),
          ),
        amount: kind === 'recurring' ? money(t('contracts.invoicing.amount')) : yup.string(),
        customPeriods:
          kind === 'customPeriod'
            ? yup
                .array(
                  yup.object({
                    date: yup.string().nullable().required(message('periodDateRequired')),
                    amount: money(t('contracts.invoicing.periodAmount')),
                  }),
                )
                .test('needs-end-date', message('periodsNeedEndDate'), () => Boolean(end))
            : yup.array(),
      }),
    });
  });
}
