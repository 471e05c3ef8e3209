import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { DashboardWidget } from './DashboardWidget';
import type { LeadFollowupRow } from './types';

/** DashLeadsFollowup (spec 1 §2): leads to follow up, soonest first, 10 a page. */
export function LeadsFollowupWidget() {
  const { t } = useTranslation();
  const title = t('dashboard.leads.title');
  return (
    <DashboardWidget title={title}>
      <DataTable<LeadFollowupRow>
        label={title}
        endpoint="dashboard/leads-followup"
        tag="Dashboard"
        dataKey="id"
        defaultSort={{ field: 'FollowUpDate', dir: 'asc' }}
        emptyMessage={t('dashboard.leads.empty')}
        columns={[
          {
            field: 'name',
            header: t('dashboard.leads.company'),
            body: (row) => <Link to={`/companies/${row.id}`}>{row.name}</Link>,
          },
          { field: 'owner', header: t('dashboard.leads.owner') },
          {
            field: 'FollowUpDate',
            header: t('dashboard.leads.followUpDate'),
            sortable: true,
            body: (row) => formatDay(row.followUpDate),
          },
        ]}
      />
    </DashboardWidget>
  );
}
