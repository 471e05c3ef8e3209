import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { ListPage } from '../../shared/ui/ListPage';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import {
  COMPANIES_ENDPOINT,
  COMPANIES_EXPORT_ENDPOINT,
  EXPORT_FILE_NAME,
  useDeleteCompanyMutation,
} from './companiesApi';
import { companyStatusOptions } from './companyStatus';
import type { CompanyFilter, CompanyRow, CompanyStatus } from './types';
import { UtilizationBar } from './UtilizationBar';

const DEFAULT_SORT: ListSort = { field: 'Name', dir: 'asc' };
/** The status filter's 'all' (no status sent). */
const ALL = 'all';

/** /companies: status filter, search, the sortable list, create and export (spec 1 §2). */
export function CompaniesPage() {
  const { t } = useTranslation();
  const statusId = useId();
  const [status, setStatus] = useState<CompanyStatus | typeof ALL>(ALL);
  const [deleteCompany] = useDeleteCompanyMutation();
  const filter: Omit<CompanyFilter, 'search'> = { status: status === ALL ? null : status };

  const statusOptions = [
    { label: t('companies.list.allStatuses'), value: ALL },
    ...companyStatusOptions(t),
  ];

  return (
    <ListPage<CompanyRow>
      title={t('companies.list.title')}
      endpoint={COMPANIES_ENDPOINT}
      tag="Company"
      defaultSort={DEFAULT_SORT}
      basePath="/companies"
      createLabel={t('companies.list.create')}
      exportFile={{
        label: t('companies.list.export'),
        endpoint: COMPANIES_EXPORT_ENDPOINT,
        fileName: EXPORT_FILE_NAME,
        failedMessage: t('companies.exportFailed'),
      }}
      filters={
        <span className="tb-filter">
          <label htmlFor={statusId}>{t('companies.list.statusFilter')}</label>
          <Dropdown
            inputId={statusId}
            value={status}
            options={statusOptions}
            optionLabel="label"
            optionValue="value"
            onChange={(event) => setStatus(event.value as CompanyStatus | typeof ALL)}
          />
        </span>
      }
      filter={filter}
      rowName={(row) => row.Name}
      onDelete={(id) => deleteCompany(id).unwrap()}
      deleteMessage={t('companies.confirmDelete')}
      deleteFailedMessage={t('companies.deleteFailed')}
      columns={[
        {
          field: 'Name',
          header: t('companies.columns.name'),
          sortable: true,
          body: (row) => (
            <span className="tb-company-name">
              <UserAvatar name={row.Name} picture={row.LogoWeb} />
              <Link to={`/companies/${row.Id}`}>{row.Name}</Link>
            </span>
          ),
        },
        { field: 'CVR', header: t('companies.columns.cvr'), sortable: true },
        { field: 'Address', header: t('companies.columns.address'), sortable: true },
        { field: 'ZipCode', header: t('companies.columns.zipCode'), sortable: true },
        { field: 'City', header: t('companies.columns.city'), sortable: true },
        { field: 'Email', header: t('companies.columns.email'), sortable: true },
        { field: 'Phone', header: t('companies.columns.phone'), sortable: true },
        {
          field: 'FollowUpDate',
          header: t('companies.columns.followUpDate'),
          sortable: true,
          body: (row) => formatDay(row.FollowUpDate),
        },
        {
          field: 'Utilization',
          header: t('companies.columns.utilization'),
          sortable: true,
          body: (row) => <UtilizationBar value={row.Utilization} />,
          style: { minWidth: '9rem' },
        },
      ]}
    />
  );
}
