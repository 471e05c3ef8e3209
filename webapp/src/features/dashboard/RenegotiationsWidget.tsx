import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { DashboardWidget } from './DashboardWidget';
import type { RenegotiationRow } from './types';

/** DashRenegotiations (spec 1 §2): contracts up for renewal, soonest first, 10 a page. */
export function RenegotiationsWidget() {
  const { t } = useTranslation();
  const title = t('dashboard.renegotiations.title');
  return (
    <DashboardWidget title={title}>
      <DataTable<RenegotiationRow>
        label={title}
        endpoint="dashboard/renegotiations"
        tag="Dashboard"
        dataKey="id"
        defaultSort={{ field: 'RenewDate', dir: 'asc' }}
        emptyMessage={t('dashboard.renegotiations.empty')}
        columns={[
          {
            field: 'name',
            header: t('dashboard.renegotiations.name'),
            body: (row) => (
              <Link to={`/orders/contracts/${row.id}`}>
                {row.name || t('dashboard.renegotiations.contract', { number: row.contractNumber })}
              </Link>
            ),
          },
          {
            field: 'RenewDate',
            header: t('dashboard.renegotiations.renewDate'),
            sortable: true,
            body: (row) => formatDay(row.renewDate),
          },
        ]}
      />
    </DashboardWidget>
  );
}
