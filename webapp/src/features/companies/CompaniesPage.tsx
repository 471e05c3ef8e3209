import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DataTable, type TableColumn } from '../../shared/ui/DataTable';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import {
  COMPANIES_ENDPOINT,
  useDeleteCompanyMutation,
  useExportCompaniesMutation,
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
  const toast = useToast();
  const statusId = useId();
  const [status, setStatus] = useState<CompanyStatus | typeof ALL>(ALL);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ListSort>(DEFAULT_SORT);
  const [deleteCompany] = useDeleteCompanyMutation();
  const [exportCompanies, exportState] = useExportCompaniesMutation();
  const filter: CompanyFilter = useMemo(
    () => ({ status: status === ALL ? null : status, search }),
    [status, search],
  );

  const statusOptions = [
    { label: t('companies.list.allStatuses'), value: ALL },
    ...companyStatusOptions(t),
  ];

  const columns: TableColumn<CompanyRow>[] = [
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
    {
      field: 'actions',
      header: t('companies.columns.actions'),
      body: (row) => (
        <span className="tb-row-actions">
          <Link
            to={`/companies/${row.Id}`}
            className="p-button p-component p-button-text p-button-sm"
            aria-label={t('companies.list.editLabel', { name: row.Name })}
          >
            {t('companies.list.edit')}
          </Link>
          <ConfirmButton
            text
            size="small"
            severity="danger"
            label={t('companies.list.delete')}
            aria-label={t('companies.list.deleteLabel', { name: row.Name })}
            message={t('companies.confirmDelete')}
            onConfirm={async () => {
              try {
                await deleteCompany(row.Id).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('companies.deleteFailed'));
              }
            }}
          />
        </span>
      ),
    },
  ];

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('companies.list.title')}</h1>
        <div className="tb-page-actions">
          <Button
            type="button"
            outlined
            icon="pi pi-file-excel"
            label={t('companies.list.export')}
            loading={exportState.isLoading}
            onClick={async () => {
              try {
                await exportCompanies({ filter, sort }).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('companies.exportFailed'));
              }
            }}
          />
          <Link to="/companies/create" className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('companies.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
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
        <SearchInput label={t('companies.list.search')} onSearch={setSearch} />
      </div>
      <DataTable<CompanyRow>
        label={t('companies.list.title')}
        endpoint={COMPANIES_ENDPOINT}
        tag="Company"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        filter={filter as unknown as Record<string, unknown>}
        onSortChange={setSort}
      />
    </section>
  );
}
