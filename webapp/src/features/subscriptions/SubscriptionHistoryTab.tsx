import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../shared/format';
import {
  AggregateHistoryTab,
  TOTALS_MONEY_FIELDS,
  type HistoryFields,
} from '../../shared/history/AggregateHistoryTab';
import { AsOfSummary, named, periodText } from '../../shared/history/AsOfSummary';
import { subscriptionStatusLabel } from './subscriptionStatus';
import { SUBSCRIPTION_EVENT_TYPES, SUBSCRIPTION_STATUSES, type Subscription } from './types';

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
  companyId: 'common.relations.company',
  contactId: 'common.relations.contact',
  orderLines: 'common.lines.title',
  lines: 'common.lines.title',
  orderDiscount: 'subscriptions.totals.orderDiscount',
  title: 'common.line.title',
  variant: 'common.line.variant',
  price: 'common.line.price',
  amount: 'common.line.amount',
  firstname: 'subscriptions.customer.firstname',
  lastname: 'subscriptions.customer.lastname',
  email: 'subscriptions.customer.email',
  phone: 'subscriptions.customer.phone',
  period: 'subscriptions.history.period',
  reason: 'subscriptions.history.reason',
  attempt: 'subscriptions.history.attempt',
};

const HISTORY_FIELDS: HistoryFields = {
  money: TOTALS_MONEY_FIELDS,
  percent: ['vatRate'],
  labelKeys: FIELD_LABELS,
  values: (t: TFunction) => ({
    status: Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [status, subscriptionStatusLabel(t, status)]),
    ),
  }),
};

/** The subscription as it was after one event: read-only. */
function SubscriptionAsOf({
  state,
  names,
}: {
  state: Partial<Subscription>;
  names: Record<string, string>;
}) {
  const { t } = useTranslation();
  const customer = state.customer ? fullName(state.customer) : '';
  return (
    <AsOfSummary
      facts={[
        {
          term: t('subscriptions.asOf.status'),
          value: state.status ? subscriptionStatusLabel(t, state.status) : '–',
        },
        { term: t('subscriptions.asOf.customer'), value: customer || '–' },
        { term: t('common.relations.company'), value: named(names, state.companyId) },
        { term: t('subscriptions.asOf.period'), value: periodText(state) || '–' },
        { term: t('subscriptions.fields.repeats'), value: state.repeats ?? '–' },
        { term: t('subscriptions.fields.commitment'), value: state.commitment ?? '–' },
      ]}
      lines={state.orderLines}
      emptyMessage={t('subscriptions.lines.empty')}
      total={state.total}
    />
  );
}

/** Historik: every event of the subscription, and the subscription as it was after any one of them. */
export function SubscriptionHistoryTab({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<Subscription>
      aggregateType="subscription"
      id={subscriptionId}
      eventTypes={SUBSCRIPTION_EVENT_TYPES}
      eventsKey="subscriptions.history.events"
      fields={HISTORY_FIELDS}
      asOfHeading={(sequence) => t('subscriptions.history.asOfHeading', { sequence })}
      renderAsOf={(state, names) => <SubscriptionAsOf state={state} names={names} />}
    />
  );
}
