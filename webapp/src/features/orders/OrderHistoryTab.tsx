import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ORDER_EVENT_TYPES } from '../../api/generated/orders';
import { fullName } from '../../shared/format';
import {
  AggregateHistoryTab,
  TOTALS_MONEY_FIELDS,
  type HistoryFields,
} from '../../shared/history/AggregateHistoryTab';
import { AsOfSummary } from '../../shared/history/AsOfSummary';
import { orderTotals } from '../../shared/orderLines/orderTotals';
import { orderStatusLabel, paymentStatusLabel } from './orderStatus';
import {
  INVOICING_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type Order,
  type OrderTotals,
} from './types';

/** Field (path or last part) → the i18n key of its label. */
const FIELD_LABELS: Record<string, string> = {
  firstname: 'orders.fields.firstname',
  lastname: 'orders.fields.lastname',
  email: 'orders.fields.email',
  phone: 'orders.fields.phone',
  description: 'orders.fields.description',
  internal: 'orders.fields.internal',
  status: 'orders.fields.status',
  paymentStatus: 'orders.fields.paymentStatus',
  cardPayment: 'orders.fields.cardPayment',
  deskPayment: 'orders.fields.deskPayment',
  company: 'common.relations.company',
  companyId: 'common.relations.company',
  contact: 'common.relations.contact',
  contactId: 'common.relations.contact',
  contract: 'orders.relations.contract',
  contractId: 'orders.relations.contract',
  categoryId: 'orders.customFields.category',
  fieldValues: 'orders.customFields.title',
  extraInfo: 'orders.sections.extraInfo',
  orderLines: 'common.lines.title',
  orderDiscount: 'orders.totals.orderDiscount',
  title: 'common.line.title',
  variant: 'common.line.variant',
  sku: 'common.line.sku',
  price: 'common.line.price',
  discount: 'common.line.discount',
  amount: 'common.line.amount',
  seat: 'common.line.seat',
  options: 'orders.line.options',
  'invoicing.type': 'orders.invoicing.type',
  prePaymentDate: 'orders.invoicing.prePaymentDate',
  invoiceDate: 'orders.invoicing.invoiceDate',
  rateFee: 'orders.invoicing.rateFee',
  splitPayments: 'orders.invoicing.splitPayments',
};

const HISTORY_FIELDS: HistoryFields = {
  money: [...TOTALS_MONEY_FIELDS, 'prePaymentTotal', 'regularTotal'],
  percent: ['rateFee', 'vatRate'],
  labelKeys: FIELD_LABELS,
  values: (t: TFunction) => ({
    status: Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, orderStatusLabel(t, status)]),
    ),
    paymentStatus: Object.fromEntries(
      PAYMENT_STATUSES.map((status) => [status, paymentStatusLabel(t, status)]),
    ),
    'invoicing.type': Object.fromEntries(
      INVOICING_TYPES.map((type) => [type, t(`orders.invoicing.types.${type}`)]),
    ),
  }),
};

/** The state's own totals; a state without them (older events) has them computed from its lines. */
function totalsOf(state: Partial<Order>): OrderTotals {
  if (typeof state.total === 'number') {
    return {
      subtotal: state.subtotal ?? 0,
      discount: state.discount ?? 0,
      additionalFee: state.additionalFee ?? 0,
      vat: state.vat ?? 0,
      total: state.total,
      prePaymentTotal: state.prePaymentTotal ?? 0,
      regularTotal: state.regularTotal ?? 0,
    };
  }
  return orderTotals(
    (state.orderLines ?? []).map((line) => ({ ...line, options: line.options ?? [] })),
    state.orderDiscount ?? 0,
    { type: state.invoicing?.type ?? null, rateFee: state.invoicing?.rateFee ?? null },
    {
      pricesWithVat: state.pricesWithVat ?? true,
      vatRate: state.vatRate ?? 2500,
      disableVat: state.disableVat ?? false,
    },
  );
}

/** The order as it was after one event: read-only, with all of its totals. */
function OrderAsOf({ state, names }: { state: Partial<Order>; names: Record<string, string> }) {
  const { t } = useTranslation();
  const company = state.company?.name ?? (state.companyId ? names[state.companyId] : undefined);
  const customer = [fullName(state), state.email, state.phone, company].filter(Boolean).join(', ');
  return (
    <AsOfSummary
      facts={[
        { term: t('orders.asOf.customer'), value: customer || '–' },
        {
          term: t('orders.asOf.status'),
          value: state.status ? orderStatusLabel(t, state.status) : '–',
        },
        {
          term: t('orders.asOf.paymentStatus'),
          value: state.paymentStatus ? paymentStatusLabel(t, state.paymentStatus) : '–',
        },
      ]}
      lines={state.orderLines}
      emptyMessage={t('orders.lines.empty')}
      columns={['title', 'variant', 'price', 'discount', 'amount', 'total']}
      totals={totalsOf(state)}
    />
  );
}

/** Historik: every event of the order, and the order as it was after any one of them. */
export function OrderHistoryTab({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<Order>
      aggregateType="order"
      id={orderId}
      eventTypes={ORDER_EVENT_TYPES}
      eventsKey="orders.history.events"
      fields={HISTORY_FIELDS}
      asOfHeading={(sequence) => t('orders.history.asOfHeading', { sequence })}
      renderAsOf={(state, names) => <OrderAsOf state={state} names={names} />}
    />
  );
}
