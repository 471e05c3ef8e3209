import type { TFunction } from 'i18next';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, fullName } from '../../shared/format';
import type { HistoryFormats } from '../../shared/history/formatChange';
import { HistoryTab } from '../../shared/history/HistoryTab';
import { lineTotal } from '../../shared/orderLines/orderTotals';
import { Money } from '../../shared/ui/Money';
import { subscriptionStatusLabel } from './subscriptionStatus';
import {
  SUBSCRIPTION_EVENT_TYPES,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionLine,
} from './types';

const MONEY_FIELDS = [
  'price',
  'discount',
  'total',
  'subtotal',
  'vat',
  'additionalFee',
  'orderDiscount',
];
const PERCENT_FIELDS = ['vatRate'];
/** Field (path or last part) → the i18n key of its label. */
const FIELD_LABELS: Record<string, string> = {
  status: 'subscriptions.fields.status',
  seasonId: 'subscriptions.fields.season',
  description: 'subscriptions.fields.description',
  internal: 'subscriptions.fields.internal',
  startDate: 'subscriptions.fields.startDate',
  endDate: 'subscriptions.fields.endDate',
  noEndDate: 'subscriptions.fields.noEndDate',
  repeats: 'subscriptions.fields.repeats',
  commitment: 'subscriptions.fields.commitment',
  autoRenew: 'subscriptions.fields.autoRenew',
  ownerId: 'subscriptions.fields.owner',
  companyId: 'subscriptions.relations.company',
  contactId: 'subscriptions.relations.contact',
  orderLines: 'subscriptions.lines.title',
  lines: 'subscriptions.lines.title',
  orderDiscount: 'subscriptions.totals.orderDiscount',
  title: 'subscriptions.line.title',
  variant: 'subscriptions.line.variant',
  price: 'subscriptions.line.price',
  amount: 'subscriptions.line.amount',
  firstname: 'subscriptions.customer.firstname',
  lastname: 'subscriptions.customer.lastname',
  email: 'subscriptions.customer.email',
  phone: 'subscriptions.customer.phone',
  period: 'subscriptions.history.period',
  reason: 'subscriptions.history.reason',
  attempt: 'subscriptions.history.attempt',
};

function historyFormats(t: TFunction): HistoryFormats {
  return {
    money: MONEY_FIELDS,
    percent: PERCENT_FIELDS,
    labels: Object.fromEntries(Object.entries(FIELD_LABELS).map(([field, key]) => [field, t(key)])),
    values: {
      status: Object.fromEntries(
        SUBSCRIPTION_STATUSES.map((status) => [status, subscriptionStatusLabel(t, status)]),
      ),
    },
  };
}

/** The subscription as it was after one event: read-only. */
function SubscriptionAsOf({ state }: { state: Partial<Subscription> }) {
  const { t } = useTranslation();
  const lines = (state.orderLines ?? []).map((line) => ({ ...line, options: line.options ?? [] }));
  const period = [formatDay(state.startDate), state.noEndDate ? '' : formatDay(state.endDate)]
    .filter(Boolean)
    .join(' – ');
  const customer = state.customer ? fullName(state.customer) : '';
  return (
    <div className="tb-stack tb-order-as-of">
      <dl className="tb-facts">
        <dt>{t('subscriptions.asOf.status')}</dt>
        <dd>{state.status ? subscriptionStatusLabel(t, state.status) : '–'}</dd>
        <dt>{t('subscriptions.asOf.customer')}</dt>
        <dd>{customer || '–'}</dd>
        <dt>{t('subscriptions.asOf.period')}</dt>
        <dd>{period || '–'}</dd>
        <dt>{t('subscriptions.fields.repeats')}</dt>
        <dd>{state.repeats ?? '–'}</dd>
        <dt>{t('subscriptions.fields.commitment')}</dt>
        <dd>{state.commitment ?? '–'}</dd>
      </dl>
      <DataTable
        value={lines}
        dataKey="id"
        emptyMessage={t('subscriptions.lines.empty')}
        pt={{ table: { 'aria-label': t('subscriptions.lines.title') } }}
      >
        <Column header={t('subscriptions.line.title')} field="title" />
        <Column header={t('subscriptions.line.variant')} field="variant" />
        <Column header={t('subscriptions.line.amount')} field="amount" />
        <Column
          header={t('subscriptions.line.price')}
          body={(line: SubscriptionLine) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('subscriptions.line.total')}
          body={(line: SubscriptionLine) => <Money value={lineTotal(line)} ore currencyCode />}
        />
      </DataTable>
      {typeof state.total === 'number' && (
        <p>
          {t('subscriptions.totals.total')}: <Money value={state.total} ore currencyCode />
        </p>
      )}
    </div>
  );
}

/** Historik: every event of the subscription, and the subscription as it was after any one of them. */
export function SubscriptionHistoryTab({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation();
  const labels = useMemo(
    () =>
      Object.fromEntries(
        SUBSCRIPTION_EVENT_TYPES.map((type) => [type, t(`subscriptions.history.events.${type}`)]),
      ),
    [t],
  );
  const formats = useMemo(() => historyFormats(t), [t]);
  return (
    <HistoryTab
      aggregateType="subscription"
      id={subscriptionId}
      labels={labels}
      formats={formats}
      asOfHeading={(sequence) => t('subscriptions.history.asOfHeading', { sequence })}
      renderAsOf={(state) => <SubscriptionAsOf state={(state ?? {}) as Partial<Subscription>} />}
    />
  );
}
