import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { Money } from '../../shared/ui/Money';
import { SearchInput } from '../../shared/ui/SearchInput';
import { StatusFilter } from '../../shared/ui/StatusFilter';
import { NEW_SUBSCRIPTION_ID, subscriptionPath } from './paths';
import { PaymentFailedBadge, SubscriptionStatusBadge } from './SubscriptionBadges';
import { SUBSCRIPTIONS_ENDPOINT, SUBSCRIPTION_TAG } from './subscriptionsApi';
import { subscriptionStatusOptions } from './subscriptionStatus';
import type { SubscriptionFilter, SubscriptionRow, SubscriptionStatus } from './types';

/** Spec 3 §9: the subscriptions by the contact's name, A first. */
const DEFAULT_SORT: ListSort = { field: 'Name', dir: 'asc' };

/**
 * /orders/subscriptions (spec 3 §2 "Subscriptions"): the status filter and the search, the
 * subscriptions by contact name, 10 a page: Status (with 'Betaling fejlet' while a charge waits),
 * Nummer, Kontaktperson, Start dato, Slut dato, Subtotal, Total; 'Se abonnement' and 'Opret
 * abonnement'. The rows are the list kit's table: they are keyed by `id` and sorted by the server's
 * names (Name, Number, StartDate …), which the generic list page does not take.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [search, setSearch] = useState('');
  const filter: SubscriptionFilter = { ...(status ? { status } : {}), search };
  const title = t('subscriptions.list.title');
  const money = (value: number) => <Money value={value} ore currencyCode />;

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        <div className="tb-page-actions">
          <Link to={subscriptionPath(NEW_SUBSCRIPTION_ID)} className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('subscriptions.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <StatusFilter value={status} onChange={setStatus} options={subscriptionStatusOptions(t)} />
        <SearchInput label={t('table.search')} onSearch={setSearch} />
      </div>
      <DataTable<SubscriptionRow>
        label={title}
        endpoint={SUBSCRIPTIONS_ENDPOINT}
        tag={SUBSCRIPTION_TAG}
        dataKey="id"
        defaultSort={DEFAULT_SORT}
        filter={filter}
        columns={[
          {
            field: 'Status',
            header: t('subscriptions.columns.status'),
            sortable: true,
            body: (row) => (
              <span className="tb-status-tags">
                <SubscriptionStatusBadge status={row.status} />
                {row.paymentFailed && <PaymentFailedBadge />}
              </span>
            ),
          },
          {
            field: 'Number',
            header: t('subscriptions.columns.number'),
            sortable: true,
            body: (row) => row.subscriptionNumber,
          },
          {
            field: 'Name',
            header: t('subscriptions.columns.contact'),
            sortable: true,
            body: (row) => row.contactName,
          },
          {
            field: 'StartDate',
            header: t('subscriptions.columns.startDate'),
            sortable: true,
            body: (row) => formatDay(row.startDate),
          },
          {
            field: 'EndDate',
            header: t('subscriptions.columns.endDate'),
            sortable: true,
            body: (row) => formatDay(row.endDate),
          },
          {
            field: 'Subtotal',
            header: t('subscriptions.columns.subtotal'),
            sortable: true,
            body: (row) => money(row.subtotal),
          },
          {
            field: 'Total',
            header: t('subscriptions.columns.total'),
            sortable: true,
            body: (row) => money(row.total),
          },
          {
            field: 'actions',
            header: t('table.actions'),
            style: { whiteSpace: 'nowrap' },
            body: (row) => (
              <Link
                to={subscriptionPath(row.id)}
                className="p-button p-component p-button-text p-button-sm"
                aria-label={t('subscriptions.list.showLabel', { number: row.subscriptionNumber })}
              >
                {t('subscriptions.list.show')}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
