import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import type { ListSort } from '../../api/listTypes';
import { ListPage } from '../../shared/ui/ListPage';
import { StatusFilter } from '../../shared/ui/StatusFilter';
import { Money } from '../../shared/ui/Money';
import { AgreementStatusBadge, ContractStatusBadge, InvoiceStatusBadge } from './ContractBadges';
import { CONTRACTS_ENDPOINT, CONTRACTS_EXPORT_ENDPOINT, EXPORT_FILE_NAME } from './contractsApi';
import { contractStatusOptions } from './contractStatus';
import { CONTRACTS_PATH } from './paths';
import type { ContractFilter, ContractRow, ContractStatus } from './types';

const DEFAULT_SORT: ListSort = { field: 'Number', dir: 'desc' };

/**
 * /orders/contracts (spec 3 §2 "Contracts list"): 'Eksport' (Aftaler.xlsx), the status filter and
 * the search, the contracts newest number first, 10 a page: Status, Forhandling, Nummer, Faktura
 * (its invoices and how many are paid), Virksomhed, Kontaktperson, Pris (the total when the
 * club's prices include VAT, else the subtotal), Filer; 'Se aftale'. The company page's 'Vis alle' links here with ?companyId=.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const { client } = useAppSession();
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const [status, setStatus] = useState<ContractStatus | null>(null);
  const filter: Omit<ContractFilter, 'search'> = {
    ...(status ? { status } : {}),
    ...(companyId ? { companyId } : {}),
  };
  const withVat = client?.pricesWithVat ?? true;

  return (
    <ListPage<ContractRow>
      title={t('contracts.list.title')}
      endpoint={CONTRACTS_ENDPOINT}
      tag="Contract"
      defaultSort={DEFAULT_SORT}
      filter={filter}
      filters={
        <StatusFilter value={status} onChange={setStatus} options={contractStatusOptions(t)} />
      }
      basePath={CONTRACTS_PATH}
      createLabel={t('contracts.list.create')}
      exportFile={{
        label: t('contracts.list.export'),
        endpoint: CONTRACTS_EXPORT_ENDPOINT,
        fileName: EXPORT_FILE_NAME,
        failedMessage: t('contracts.errors.exportFailed'),
      }}
      editLabel={t('contracts.list.show')}
      actionLabels={{
        edit: (row) => t('contracts.list.showLabel', { number: row.ContractNumber }),
      }}
      actionsStyle={{ whiteSpace: 'nowrap' }}
      columns={[
        {
          field: 'Status',
          header: t('contracts.columns.status'),
          sortable: true,
          body: (row) => <ContractStatusBadge status={row.Status} />,
        },
        {
          field: 'AgreementStatus',
          header: t('contracts.columns.agreementStatus'),
          sortable: true,
          body: (row) => <AgreementStatusBadge status={row.AgreementStatus} />,
        },
        { field: 'ContractNumber', header: t('contracts.columns.number'), sortable: true },
        {
          field: 'Invoices',
          header: t('contracts.columns.invoices'),
          body: (row) => <InvoiceStatusBadge invoices={row.Invoices} paid={row.InvoicesPaid} />,
        },
        { field: 'Company', header: t('contracts.columns.company'), sortable: true },
        { field: 'Contact', header: t('contracts.columns.contact'), sortable: true },
        {
          field: withVat ? 'Total' : 'Subtotal',
          header: t('contracts.columns.price'),
          sortable: true,
          body: (row) => <Money value={withVat ? row.Total : row.Subtotal} ore currencyCode />,
        },
        { field: 'Files', header: t('contracts.columns.files') },
      ]}
    >
      {companyId && (
        <p className="tb-list-note">
          {t('contracts.list.ofCompany')}{' '}
          <Link to={CONTRACTS_PATH}>{t('contracts.list.showAll')}</Link>
        </p>
      )}
    </ListPage>
  );
}
