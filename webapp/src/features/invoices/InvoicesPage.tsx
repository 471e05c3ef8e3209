import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { InvoiceListRow } from '../../api/generated/invoices';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { RecordHistoryButton } from '../../shared/history/RecordHistoryButton';
import { InvoiceHistory } from '../../shared/invoices/InvoiceHistoryDialog';
import { invoicePath, rowInvoiceName as invoiceName } from '../../shared/invoices/invoiceName';
import { AuditExportButton } from './AuditExportButton';
import { ListPage } from '../../shared/ui/ListPage';
import { Money } from '../../shared/ui/Money';

const DEFAULT_SORT: ListSort = { field: 'Number', dir: 'desc' };
const STATUSES = ['draft', 'booked', 'unpaid', 'overdue', 'paid', 'unbooked'] as const;
type InvoiceStatus = (typeof STATUSES)[number];
const ALL = 'all';
/** The finance page's links narrow the list by these (issue 37 §5); the URL keeps them. */
const PERIOD_KEYS = [
  'type',
  'from',
  'to',
  'paidFrom',
  'paidTo',
  'overdueFrom',
  'overdueTo',
] as const;
const DAY_KEYS = ['overdueFrom', 'overdueTo'];

function isStatus(value: string | null): value is InvoiceStatus {
  return (STATUSES as readonly (string | null)[]).includes(value);
}

/** What the finance page's link chose, in words: 'Fakturadato 01.11.2026–30.11.2026 · Kreditnotaer'. */
function usePeriodText(params: URLSearchParams): string | null {
  const { t } = useTranslation();
  const parts: string[] = [];
  const type = params.get('type');
  if (type === 'invoice' || type === 'creditNote') parts.push(t(`finance.list.types.${type}`));
  const range = (label: string, from: string | null, to: string | null) => {
    if (from || to) parts.push(`${label} ${formatDay(from)}–${formatDay(to)}`);
  };
  range(t('invoices.columns.invoiceDate'), params.get('from'), params.get('to'));
  range(t('invoices.columns.paymentDate'), params.get('paidFrom'), params.get('paidTo'));
  const overdueFrom = params.get('overdueFrom');
  const overdueTo = params.get('overdueTo');
  if (overdueFrom || overdueTo) {
    parts.push(
      overdueTo
        ? t('finance.list.overdueDays', { from: overdueFrom ?? 1, to: overdueTo })
        : t('finance.list.overdueMore', { from: overdueFrom }),
    );
  }
  return parts.length ? parts.join(' · ') : null;
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
 * filter finance uses (Kladder, Godkendte, Ikke betalt, Forfaldne, Betalt, Ikke bogført i
 * e-conomic) and the search. Nummer shows a 'Kladde' tag for drafts, else 'Faktura' or
 * 'Kreditnota' with the number, and opens the invoice's page; each row links to its contract or
 * order. The status and the finance page's period (kind, invoice date, day paid, days overdue)
 * live in the URL, so each of the finance page's figures opens the rows behind it.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('status');
  const status = isStatus(chosen) ? chosen : null;
  const periodText = usePeriodText(params);
  const filter: Record<string, unknown> = status ? { status } : {};
  for (const key of PERIOD_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = DAY_KEYS.includes(key) ? Number(value) : value;
  }
  const setStatus = (next: InvoiceStatus | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('status', next);
        else updated.delete('status');
        return updated;
      },
      { replace: true },
    );
  const clearPeriod = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of PERIOD_KEYS) updated.delete(key);
        return updated;
      },
      { replace: true },
    );
  return (
    <ListPage<Row>
      title={t('invoices.list.title')}
      endpoint="invoices"
      tag="Invoice"
      defaultSort={DEFAULT_SORT}
      filter={filter}
      filters={
        <>
          <StatusFilter value={status} onChange={setStatus} />
          {periodText && (
            <div className="tb-filter-chip" role="status">
              <span>{periodText}</span>
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-times"
                aria-label={t('finance.list.clearPeriod')}
                onClick={clearPeriod}
              />
            </div>
          )}
        </>
      }
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
          body: (row) => (
            <Link to={invoicePath(row.Id)}>
              {row.IsDraft ? (
                <Tag value={t('invoices.draft')} severity="info" />
              ) : (
                invoiceName(t, row)
              )}
            </Link>
          ),
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
