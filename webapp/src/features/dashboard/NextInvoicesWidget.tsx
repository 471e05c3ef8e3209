import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { Money } from '../../shared/ui/Money';
import { DashboardWidget } from './DashboardWidget';
import type { NextInvoiceRow } from './types';

/** DashInvoices (spec 1 §2): the contracts' next planned invoices, soonest first, 10 a page. */
export function NextInvoicesWidget() {
  const { t } = useTranslation();
  const title = t('dashboard.nextInvoices.title');
  return (
    <DashboardWidget title={title}>
      <DataTable<NextInvoiceRow>
        label={title}
        endpoint="dashboard/invoices"
        tag="Dashboard"
        // A contract has a row per planned invoice and plan keys repeat across contracts, so no
        // field names a row: the rows are keyed by their position.
        dataKey=""
        defaultSort={{ field: 'InvoiceDate', dir: 'asc' }}
        emptyMessage={t('dashboard.nextInvoices.empty')}
        columns={[
          {
            field: 'company',
            header: t('dashboard.nextInvoices.company'),
            body: (row) => (
              <Link to={`/orders/contracts/${row.contractId}`}>
                {row.company ||
                  t('dashboard.nextInvoices.contract', { number: row.contractNumber })}
              </Link>
            ),
          },
          {
            field: 'amount',
            header: t('dashboard.nextInvoices.amount'),
            body: (row) => <Money value={row.amount} ore />,
          },
          { field: 'category', header: t('dashboard.nextInvoices.category') },
          {
            field: 'InvoiceDate',
            header: t('dashboard.nextInvoices.invoiceDate'),
            sortable: true,
            body: (row) => formatDay(row.invoiceDate),
          },
        ]}
      />
    </DashboardWidget>
  );
}
