import type { TFunction } from 'i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type {
  InvoiceDto,
  InvoiceListRow,
  InvoiceRow,
  PaymentLine,
} from '../../api/generated/invoices';
import type { OrderLine } from '../../api/generated/orders';
import { formatDate, formatDay } from '../../shared/format';
import { InvoiceHistory } from '../../shared/invoices/InvoiceHistoryDialog';
import {
  useGetInvoiceQuery,
  useGetInvoiceRelatedQuery,
  useOpenInvoicePdfMutation,
} from '../../shared/invoices/invoicesApi';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import { useToast } from '../../shared/ui/Toast';
import { invoiceName, invoicePath, rowInvoiceName } from '../../shared/invoices/invoiceName';

/** Where the invoice came from, as a link: its order, contract or subscription. */
function SourceLink({ invoice, names }: { invoice: InvoiceDto; names: Record<string, string> }) {
  const { t } = useTranslation();
  const source = invoice.source;
  if (!source) return null;
  if (source.type === 'order') {
    const id = source.orderId;
    return (
      <Link to={`/orders/${id}`}>{t('finance.invoice.toOrder', { name: names[id] ?? '' })}</Link>
    );
  }
  if (source.type === 'contract') {
    const id = source.contractId;
    return (
      <Link to={`/orders/contracts/${id}?tab=20`}>
        {t('finance.invoice.toContract', { name: names[id] ?? '' })}
      </Link>
    );
  }
  const id = source.subscriptionId;
  return (
    <Link to={`/orders/subscriptions/${id}`}>
      {t('finance.invoice.toSubscription', { name: names[id] ?? '' })}
    </Link>
  );
}

/** 'Forfalden' for an owed invoice past its due date, else its paid state. */
function PaidTag({ invoice, today }: { invoice: InvoiceDto; today: string }) {
  const { t } = useTranslation();
  if (invoice.paidOn) return <Tag severity="success" value={t('invoices.paid')} />;
  if (invoice.isDraft || invoice.kind === 'creditNote' || invoice.creditedBy) return null;
  if (invoice.dueDate && invoice.dueDate < today)
    return <Tag severity="danger" value={t('finance.invoice.overdue')} />;
  return <Tag severity="warning" value={t('invoices.notPaid')} />;
}

/** What is printed under a row's title: a line's variant, seat and options, or a group's parts. */
function rowDetails(row: InvoiceRow, lines: OrderLine[]): string[] {
  if (row.kind !== 'line') return row.parts;
  const line = lines.find((l) => l.id === row.lines[0]);
  if (!line) return [];
  return [
    line.variant ?? '',
    line.seat ?? '',
    line.options.map((option) => option.title).join(', '),
  ].filter((part) => part !== '');
}

/**
 * The invoice's rows as its PDF prints them: lines grouped by invoice group under the group's
 * title and sku, each other line under its invoice title, lines not shown on the invoice left out.
 * A credit note takes the amounts back: its rows read negative, as its totals do.
 */
function LinesTable({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation();
  const sign = invoice.kind === 'creditNote' ? -1 : 1;
  return (
    <>
      <DataTable
        value={invoice.rows}
        dataKey="lines.0"
        size="small"
        emptyMessage={t('finance.invoice.noLines')}
        pt={{ table: { 'aria-label': t('finance.invoice.lines') } }}
      >
        <Column
          header={t('finance.invoice.line')}
          body={(row: InvoiceRow) => {
            const details = rowDetails(row, invoice.lines);
            return (
              <>
                {row.title}
                {details.length > 0 && (
                  <span className="tb-line-options">{details.join(' · ')}</span>
                )}
              </>
            );
          }}
        />
        <Column header={t('finance.invoice.sku')} body={(row: InvoiceRow) => row.sku ?? ''} />
        <Column
          header={t('finance.invoice.quantity')}
          body={(row: InvoiceRow) => row.amount}
          style={{ textAlign: 'right' }}
        />
        <Column
          header={t('finance.invoice.price')}
          body={(row: InvoiceRow) => <Money value={sign * row.unitPrice} ore />}
          style={{ textAlign: 'right' }}
        />
        <Column
          header={t('finance.invoice.discount')}
          body={(row: InvoiceRow) => (row.discount ? <Money value={row.discount} ore /> : '')}
          style={{ textAlign: 'right' }}
        />
        <Column
          header={t('finance.invoice.lineTotal')}
          body={(row: InvoiceRow) => <Money value={sign * row.total} ore />}
          style={{ textAlign: 'right' }}
        />
      </DataTable>
      <table className="tb-totals">
        <tbody>
          <tr>
            <th scope="row">{t('finance.invoice.subtotal')}</th>
            <td>
              <Money value={invoice.subtotal} ore currencyCode />
            </td>
          </tr>
          {invoice.discount !== 0 && (
            <tr>
              <th scope="row">{t('finance.invoice.orderDiscount')}</th>
              <td>
                <Money value={invoice.discount} ore currencyCode />
              </td>
            </tr>
          )}
          {invoice.additionalFee !== 0 && (
            <tr>
              <th scope="row">{t('finance.invoice.fee')}</th>
              <td>
                <Money value={invoice.additionalFee} ore currencyCode />
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('finance.invoice.vat')}</th>
            <td>
              <Money value={invoice.vat} ore currencyCode />
            </td>
          </tr>
          <tr className="tb-totals-total">
            <th scope="row">{t('finance.invoice.total')}</th>
            <td>
              <Money value={invoice.total} ore currencyCode />
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

function paymentStatus(t: TFunction, payment: PaymentLine): string {
  return t(`finance.invoice.paymentStatus.${payment.status}`, { defaultValue: payment.status });
}

/**
 * /orders/invoices/:id (issue 37 §5): one invoice or credit note as finance reads it — customer,
 * dates, lines with their amounts and the totals, 'Hent PDF', the card payments of what it bills,
 * its booking in e-conomic, its credit notes (or the invoice a credit note takes back), where it
 * came from, and its history with verify, compare and the signed export.
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { id = '' } = useParams();
  const invoice = useGetInvoiceQuery(id);
  const related = useGetInvoiceRelatedQuery(id);
  const [openPdf, opening] = useOpenInvoicePdfMutation();
  if (invoice.isError) {
    return (
      <section className="tb-page">
        <Alert severity="error">
          {apiErrorMessage(invoice.error) ?? t('finance.invoice.failed')}
        </Alert>
      </section>
    );
  }
  if (!invoice.data) return <Preloader label={t('finance.invoice.loading')} />;
  const data = invoice.data;
  const title = invoiceName(t, data);
  const names = Object.fromEntries(
    Object.entries(related.data?.names ?? {}).map(([key, name]) => [key, name?.name ?? '']),
  );
  const customer = data.customer;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
  const booking = related.data?.booking;

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        <div className="tb-page-actions">
          <Button
            type="button"
            icon="pi pi-file-pdf"
            label={t('invoices.actions.pdf')}
            loading={opening.isLoading}
            onClick={async () => {
              try {
                await openPdf({ id, fileName: `${title.replace(/\s+/g, '-')}.pdf` }).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('invoices.actions.failed'));
              }
            }}
          />
        </div>
      </div>
      <div className="tb-status-tags">
        {data.isDraft && <Tag severity="secondary" value={t('invoices.draft')} />}
        {!data.isDraft && (
          <Tag
            severity={data.sentAt ? 'info' : 'secondary'}
            value={data.sentAt ? t('invoices.sent') : t('invoices.notSent')}
          />
        )}
        <PaidTag invoice={data} today={today} />
        {data.creditedBy && <Tag severity="secondary" value={t('finance.invoice.credited')} />}
        <SourceLink invoice={data} names={names} />
      </div>
      <div className="tb-order-layout">
        <div className="tb-stack">
          <Section title={t('finance.invoice.lines')}>
            {data.description && <p>{data.description}</p>}
            <LinesTable invoice={data} />
          </Section>
          <Section title={t('finance.invoice.payments')}>
            {related.data && related.data.payments.length > 0 ? (
              <DataTable
                value={related.data.payments}
                dataKey="number"
                size="small"
                pt={{ table: { 'aria-label': t('finance.invoice.payments') } }}
              >
                <Column header={t('finance.invoice.paymentNumber')} field="number" />
                <Column
                  header={t('finance.invoice.provider')}
                  body={(payment: PaymentLine) =>
                    t(`finance.invoice.providers.${payment.provider}`)
                  }
                />
                <Column
                  header={t('finance.invoice.paymentStatusHeader')}
                  body={(payment: PaymentLine) => paymentStatus(t, payment)}
                />
                <Column
                  header={t('finance.invoice.paymentTime')}
                  body={(payment: PaymentLine) => formatDate(payment.updatedAt)}
                />
                <Column
                  header={t('invoices.columns.amount')}
                  body={(payment: PaymentLine) => <Money value={payment.amount} ore currencyCode />}
                  style={{ textAlign: 'right' }}
                />
              </DataTable>
            ) : (
              <p>{t('finance.invoice.noPayments')}</p>
            )}
            {data.paidOn && (
              <p>{t('finance.invoice.markedPaid', { date: formatDay(data.paidOn) })}</p>
            )}
          </Section>
        </div>
        <div className="tb-stack">
          <Section title={t('finance.invoice.customer')}>
            <dl className="tb-facts">
              <dt>{t('finance.invoice.name')}</dt>
              <dd>
                {customer.companyId ? (
                  <Link to={`/companies/${customer.companyId}`}>{customer.name}</Link>
                ) : (
                  customer.name
                )}
              </dd>
              {customer.attention && (
                <>
                  <dt>{t('finance.invoice.attention')}</dt>
                  <dd>{customer.attention}</dd>
                </>
              )}
              <dt>{t('finance.invoice.address')}</dt>
              <dd>
                {[customer.address, [customer.zipCode, customer.city].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ')}
              </dd>
              {customer.email && (
                <>
                  <dt>{t('finance.invoice.email')}</dt>
                  <dd>{customer.email}</dd>
                </>
              )}
              {customer.cvr && (
                <>
                  <dt>{t('finance.invoice.cvr')}</dt>
                  <dd>{customer.cvr}</dd>
                </>
              )}
              {customer.ean && (
                <>
                  <dt>{t('finance.invoice.ean')}</dt>
                  <dd>{customer.ean}</dd>
                </>
              )}
            </dl>
          </Section>
          <Section title={t('finance.invoice.dates')}>
            <dl className="tb-facts">
              <dt>{t('invoices.columns.invoiceDate')}</dt>
              <dd>{formatDay(data.invoiceDate)}</dd>
              <dt>{t('finance.invoice.dueDate')}</dt>
              <dd>{formatDay(data.dueDate)}</dd>
              <dt>{t('finance.invoice.bookedAt')}</dt>
              <dd>{data.bookedAt ? formatDate(data.bookedAt) : '–'}</dd>
              <dt>{t('finance.invoice.sentAt')}</dt>
              <dd>{data.sentAt ? formatDate(data.sentAt) : '–'}</dd>
              <dt>{t('invoices.columns.paymentDate')}</dt>
              <dd>{data.paidOn ? formatDay(data.paidOn) : '–'}</dd>
            </dl>
          </Section>
          <Section title={t('finance.invoice.bookkeeping')}>
            <dl className="tb-facts">
              <dt>{t('invoices.columns.externalNumber')}</dt>
              <dd>{data.externalNumber ?? '–'}</dd>
              <dt>{t('finance.invoice.economic')}</dt>
              <dd>
                {!related.data?.economic
                  ? t('finance.invoice.economicOff')
                  : booking?.bookedNumber
                    ? t('finance.invoice.economicBooked', { number: booking.bookedNumber })
                    : booking?.draftNumber
                      ? t('finance.invoice.economicDraft', { number: booking.draftNumber })
                      : t('finance.invoice.economicNotYet')}
              </dd>
            </dl>
          </Section>
          <CreditRelations invoice={data} rows={related.data?.creditRelations ?? []} />
        </div>
      </div>
      <Section title={t('finance.invoice.history')}>
        <InvoiceHistory invoiceId={id} />
      </Section>
    </section>
  );
}

/** 'Kreditnotaer' of an invoice, or 'Krediterer' of a credit note: each links to its page. */
function CreditRelations({ invoice, rows }: { invoice: InvoiceDto; rows: InvoiceListRow[] }) {
  const { t } = useTranslation();
  const title =
    invoice.kind === 'creditNote' ? t('finance.invoice.credits') : t('finance.invoice.creditNotes');
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <p>{t('finance.invoice.noCreditNotes')}</p>
      ) : (
        <ul className="tb-order-list">
          {rows.map((row) => (
            <li key={row.Id}>
              <span>
                <Link to={invoicePath(row.Id)}>{rowInvoiceName(t, row)}</Link>
              </span>
              <span>{formatDay(row.InvoiceDate)}</span>
              <Money value={row.Total} ore currencyCode />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
