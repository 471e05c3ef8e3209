import type { TFunction } from 'i18next';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceListRow } from '../../api/generated/invoices';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { RecordHistoryButton } from '../../shared/history/RecordHistoryButton';
import { InvoiceHistory } from '../../shared/invoices/InvoiceHistoryDialog';
import { AuditExportButton } from './AuditExportButton';
import { ListPage } from '../../shared/ui/ListPage';
import { Money } from '../../shared/ui/Money';

const DEFAULT_SORT: ListSort = { field: 'Number', dir: 'desc' };
const STATUSES = ['draft', 'unpaid', 'overdue', 'paid'] as const;
type InvoiceStatus = (typeof STATUSES)[number];
const ALL = 'all';

/** 'Faktura 1042', 'Kreditnota 7' or 'Kladde'. */
function invoiceName(t: TFunction, row: InvoiceListRow): string {
  if (row.IsDraft) return t('invoices.draft');
  const kind = row.Type === 'creditNote' ? t('invoices.creditNote') : t('invoices.invoice');
  return `${kind} ${row.Number ?? ''}`.trim();
}

/** The list kit needs an `Id` on each row; the generated row has it. */
type Row = InvoiceListRow & { Id: string };

function StatusFilter({
  value,
  onChange,
}: {
  value: InvoiceStatus | null;
  onChange: (status: InvoiceStatus | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const options = [
    { label: t('invoices.list.all'), value: ALL },
    ...STATUSES.map((status) => ({ label: t(`invoices.status.${status}`), value: status })),
  ];
  return (
    <div className="tb-field">
      <label htmlFor={id}>{t('invoices.list.statusFilter')}</label>
      <Dropdown
        inputId={id}
        value={value ?? ALL}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => {
          const chosen = event.value as InvoiceStatus | typeof ALL;
          onChange(chosen === ALL ? null : chosen);
        }}
      />
    </div>
  );
}

/**
 * /orders/invoices (spec 3 §2 "Invoices list"): newest number first, 10 a page, with the status
 * filter finance uses (Kladder, Ikke betalt, Forfaldne, Betalt) and the search. Nummer shows a
 * 'Kladde' tag for drafts, else 'Faktura' or 'Kreditnota' with the number; each row links to its
 * contract or order.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  return (
    <ListPage<Row>
      title={t('invoices.list.title')}
      endpoint="invoices"
      tag="Invoice"
      defaultSort={DEFAULT_SORT}
      filter={status ? { status } : {}}
      filters={<StatusFilter value={status} onChange={setStatus} />}
      headerActions={<AuditExportButton />}
      editLabel={false}
      rowActions={(row) => (
        <>
          {row.ContractId ? (
            <Link to={`/orders/contracts/${row.ContractId}?tab=20`}>
              {t('invoices.list.toContract')}
            </Link>
          ) : row.OrderId ? (
            <Link to={`/orders/${row.OrderId}`}>{t('invoices.list.toOrder')}</Link>
          ) : null}
          <RecordHistoryButton
            label={t('invoices.actions.historyFor', { name: invoiceName(t, row) })}
            heading={t('invoices.history.title', { name: invoiceName(t, row) })}
          >
            {() => <InvoiceHistory invoiceId={row.Id} />}
          </RecordHistoryButton>
        </>
      )}
      columns={[
        {
          field: 'Number',
          header: t('invoices.columns.number'),
          sortable: true,
          body: (row) =>
            row.IsDraft ? <Tag value={t('invoices.draft')} severity="info" /> : invoiceName(t, row),
        },
        { field: 'ExternalNumber', header: t('invoices.columns.externalNumber') },
        {
          field: 'Contact',
          header: t('invoices.columns.customer'),
          sortable: true,
          body: (row) => row.Company ?? row.Contact,
        },
        {
          field: 'InvoiceDate',
          header: t('invoices.columns.invoiceDate'),
          sortable: true,
          body: (row) => formatDay(row.InvoiceDate),
        },
        {
          field: 'PaymentDate',
          header: t('invoices.columns.paymentDate'),
          sortable: true,
          body: (row) => formatDay(row.PaymentDate),
        },
        {
          id: 'sent',
          header: t('invoices.columns.sent'),
          body: (row) => (row.IsSent ? t('invoices.sent') : t('invoices.notSent')),
        },
        {
          id: 'paid',
          header: t('invoices.columns.paid'),
          body: (row) => (row.IsPaid ? t('invoices.paid') : t('invoices.notPaid')),
        },
        {
          field: 'Total',
          header: t('invoices.columns.amount'),
          sortable: true,
          body: (row) => <Money value={row.Total} ore currencyCode />,
        },
      ]}
    />
  );
}
