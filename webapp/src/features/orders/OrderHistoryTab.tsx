import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_EVENT_TYPES } from '../../api/generated/orders';
import { fullName } from '../../shared/format';
import type { HistoryFormats } from '../../shared/history/formatChange';
import { HistoryTab } from '../../shared/history/HistoryTab';
import { Money } from '../../shared/ui/Money';
import { orderStatusLabel, paymentStatusLabel } from './orderStatus';
import { TotalsTable } from './OrderTotalsCard';
import { lineTotal, orderTotals } from '../../shared/orderLines/orderTotals';
import {
  INVOICING_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type Order,
  type OrderLine,
  type OrderTotals,
} from './types';

const MONEY_FIELDS = [
  'price',
  'discount',
  'total',
  'subtotal',
  'vat',
  'additionalFee',
  'orderDiscount',
  'prePaymentTotal',
  'regularTotal',
];
const PERCENT_FIELDS = ['rateFee', 'vatRate'];
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
  company: 'orders.relations.company',
  companyId: 'orders.relations.company',
  contact: 'orders.relations.contact',
  contactId: 'orders.relations.contact',
  contract: 'orders.relations.contract',
  contractId: 'orders.relations.contract',
  categoryId: 'orders.customFields.category',
  fieldValues: 'orders.customFields.title',
  extraInfo: 'orders.sections.extraInfo',
  orderLines: 'orders.lines.title',
  orderDiscount: 'orders.totals.orderDiscount',
  title: 'orders.line.title',
  variant: 'orders.line.variant',
  sku: 'orders.line.sku',
  price: 'orders.line.price',
  discount: 'orders.line.discount',
  amount: 'orders.line.amount',
  seat: 'orders.line.seat',
  options: 'orders.line.options',
  'invoicing.type': 'orders.invoicing.type',
  prePaymentDate: 'orders.invoicing.prePaymentDate',
  invoiceDate: 'orders.invoicing.invoiceDate',
  rateFee: 'orders.invoicing.rateFee',
  splitPayments: 'orders.invoicing.splitPayments',
};

function historyFormats(t: TFunction): HistoryFormats {
  return {
    money: MONEY_FIELDS,
    percent: PERCENT_FIELDS,
    labels: Object.fromEntries(Object.entries(FIELD_LABELS).map(([field, key]) => [field, t(key)])),
    values: {
      status: Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, orderStatusLabel(t, status)]),
      ),
      paymentStatus: Object.fromEntries(
        PAYMENT_STATUSES.map((status) => [status, paymentStatusLabel(t, status)]),
      ),
      'invoicing.type': Object.fromEntries(
        INVOICING_TYPES.map((type) => [type, t(`orders.invoicing.types.${type}`)]),
      ),
    },
  };
}

function totalsOf(state: Partial<Order>, lines: OrderLine[]): OrderTotals {
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
    lines,
    state.orderDiscount ?? 0,
    { type: state.invoicing?.type ?? null, rateFee: state.invoicing?.rateFee ?? null },
    {
      pricesWithVat: state.pricesWithVat ?? true,
      vatRate: state.vatRate ?? 2500,
      disableVat: state.disableVat ?? false,
    },
  );
}

/** The order as it was after one event: read-only. */
function OrderAsOf({ state }: { state: Partial<Order> }) {
  const { t } = useTranslation();
  const lines = (state.orderLines ?? []).map((line) => ({
    ...line,
    options: line.options ?? [],
  }));
  const totals = totalsOf(state, lines);
  const customer = [fullName(state), state.email, state.phone, state.company?.name]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="tb-stack tb-order-as-of">
      <dl className="tb-facts">
        <dt>{t('orders.asOf.customer')}</dt>
        <dd>{customer || '–'}</dd>
        <dt>{t('orders.asOf.status')}</dt>
        <dd>{state.status ? orderStatusLabel(t, state.status) : '–'}</dd>
        <dt>{t('orders.asOf.paymentStatus')}</dt>
        <dd>{state.paymentStatus ? paymentStatusLabel(t, state.paymentStatus) : '–'}</dd>
      </dl>
      <DataTable
        value={lines}
        dataKey="id"
        emptyMessage={t('orders.lines.empty')}
        pt={{ table: { 'aria-label': t('orders.lines.title') } }}
      >
        <Column header={t('orders.line.title')} field="title" />
        <Column header={t('orders.line.variant')} field="variant" />
        <Column
          header={t('orders.line.price')}
          body={(line: OrderLine) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('orders.line.discount')}
          body={(line: OrderLine) => <Money value={line.discount} ore currencyCode />}
        />
        <Column header={t('orders.line.amount')} field="amount" />
        <Column
          header={t('orders.line.total')}
          body={(line: OrderLine) => (
            <Money
              value={typeof line.total === 'number' ? line.total : lineTotal(line)}
              ore
              currencyCode
            />
          )}
        />
      </DataTable>
      <TotalsTable totals={totals} label={t('orders.totals.title')} />
    </div>
  );
}

/** Historik: every event of the order, and the order as it was after any one of them. */
export function OrderHistoryTab({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () =>
      Object.fromEntries(
        ORDER_EVENT_TYPES.map((type) => [type, t(`orders.history.events.${type}`)]),
      ),
    [t],
  );
  const formats = useMemo(() => historyFormats(t), [t]);
  return (
    <HistoryTab
      aggregateType="order"
      id={orderId}
      labels={labels}
      formats={formats}
      asOfHeading={(sequence) => t('orders.history.asOfHeading', { sequence })}
      renderAsOf={(state) => <OrderAsOf state={(state ?? {}) as Partial<Order>} />}
    />
  );
}
