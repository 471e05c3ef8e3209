import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { PlannedInvoiceRow } from '../../api/generated/dashboard';
import type { AgeBucket, FinanceMonth, Tally } from '../../api/generated/invoices';
import type { SubscriptionListRow } from '../../api/generated/subscriptions';
import { formatDay } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { DataTable } from '../../shared/ui/DataTable';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { Section } from '../../shared/ui/Section';
import { useGetFinanceOverviewQuery } from './financeApi';

const INVOICES = '/orders/invoices';

/** The invoices list under `filter`: what a figure links to. */
function listOf(filter: Record<string, string | number>): string {
  const query = new URLSearchParams(
    Object.entries(filter).map(([key, value]) => [key, String(value)]),
  );
  return `${INVOICES}?${query.toString()}`;
}

/** The last day of the month that starts on `first` ('2026-11-01' → '2026-11-30'). */
function monthEnd(first: string): string {
  const [year, month] = first.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).getUTCDate();
  return `${first.slice(0, 8)}${String(last).padStart(2, '0')}`;
}

/** An amount with its count, linking to the invoices behind it. */
/** Its name is what it shows, after what it is a figure of ('Betalt november 2026: …'). */
function Figure({ tally, to, label }: { tally: Tally; to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to}>
      <span className="tb-visually-hidden">{label}: </span>
      <Money value={tally.amount} ore />
      <span className="tb-figure-count">{t('finance.count', { count: tally.count })}</span>
    </Link>
  );
}

/** A tile: one figure finance checks first, and the list behind it. */
function Tile({
  title,
  tally,
  to,
  note,
}: {
  title: string;
  tally: Tally;
  to: string;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="tb-finance-tile p-card p-component">
      <h2 className="tb-tile-title">{title}</h2>
      <p className="tb-tile-value">
        <Money value={tally.amount} ore currencyCode />
      </p>
      <p className="tb-figure-count">{t('finance.count', { count: tally.count })}</p>
      {note && <p className="tb-field-help">{note}</p>}
    </Link>
  );
}

function MonthsTable({ months }: { months: FinanceMonth[] }) {
  const { t } = useTranslation();
  const monthName = (month: FinanceMonth) => formatDay(month.month, 'MMMM YYYY');
  return (
    <div className="tb-table">
      <table className="tb-finance-table">
        <caption className="tb-visually-hidden">{t('finance.months.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('finance.months.month')}</th>
            <th scope="col">{t('finance.months.invoiced')}</th>
            <th scope="col">{t('finance.months.credited')}</th>
            <th scope="col">{t('finance.months.paid')}</th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((month) => {
            const period = { from: month.month, to: monthEnd(month.month) };
            return (
              <tr key={month.month}>
                <th scope="row">{monthName(month)}</th>
                <td>
                  <Figure
                    tally={month.invoiced}
                    label={`${t('finance.months.invoiced')} ${monthName(month)}`}
                    to={listOf({ type: 'invoice', status: 'booked', ...period })}
                  />
                </td>
                <td>
                  <Figure
                    tally={month.credited}
                    label={`${t('finance.months.credited')} ${monthName(month)}`}
                    to={listOf({ type: 'creditNote', status: 'booked', ...period })}
                  />
                </td>
                <td>
                  <Figure
                    tally={month.paid}
                    label={`${t('finance.months.paid')} ${monthName(month)}`}
                    to={listOf({ type: 'invoice', paidFrom: period.from, paidTo: period.to })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function bucketName(t: ReturnType<typeof useTranslation>['t'], bucket: AgeBucket): string {
  return bucket.toDays === null
    ? t('finance.overdue.more', { from: bucket.fromDays })
    : t('finance.overdue.range', { from: bucket.fromDays, to: bucket.toDays });
}

function OverdueTable({ buckets }: { buckets: AgeBucket[] }) {
  const { t } = useTranslation();
  return (
    <div className="tb-table">
      <table className="tb-finance-table">
        <caption className="tb-visually-hidden">{t('finance.overdue.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('finance.overdue.age')}</th>
            <th scope="col">{t('finance.overdue.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.fromDays}>
              <th scope="row">{bucketName(t, bucket)}</th>
              <td>
                <Figure
                  tally={bucket.tally}
                  label={`${t('finance.overdue.title')} ${bucketName(t, bucket)}`}
                  to={listOf({
                    overdueFrom: bucket.fromDays,
                    ...(bucket.toDays === null ? {} : { overdueTo: bucket.toDays }),
                  })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const sum = (tallies: Tally[]): Tally =>
  tallies.reduce(
    (all, one) => ({ count: all.count + one.count, amount: all.amount + one.amount }),
    {
      count: 0,
      amount: 0,
    },
  );

/**
 * /orders/finance (issue 37 §5): what finance asks daily — overdue (by age), not yet booked in
 * e-conomic, drafts, credit notes, invoiced and paid by month for twelve months, and the next
 * invoices of contracts and charges of subscriptions. Every figure opens the list behind it: the
 * invoices list under the same filter (its count and sum are the figure's), the contract, or the
 * subscription. Amounts are with VAT, as the invoices are; the plans' without, as planned.
 */
export function FinancePage() {
  const { t } = useTranslation();
  const { data, isError, error } = useGetFinanceOverviewQuery();
  if (isError) {
    return (
      <section className="tb-page">
        <h1>{t('finance.title')}</h1>
        <Alert severity="error">{apiErrorMessage(error) ?? t('finance.failed')}</Alert>
      </section>
    );
  }
  if (!data) return <Preloader label={t('finance.loading')} />;
  const { invoices } = data;
  const months = invoices.months;
  const first = months[0]?.month ?? data.today;
  const last = months[months.length - 1]?.month ?? data.today;
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('finance.title')}</h1>
      </div>
      <p className="tb-field-help">{t('finance.asOf', { date: formatDay(data.today) })}</p>
      <div className="tb-finance-tiles">
        <Tile
          title={t('finance.tiles.overdue')}
          tally={sum(invoices.overdue.map((bucket) => bucket.tally))}
          to={listOf({ status: 'overdue' })}
        />
        <Tile
          title={t('finance.tiles.unbooked')}
          tally={invoices.unbooked}
          to={listOf({ status: 'unbooked' })}
          note={data.economic ? undefined : t('finance.tiles.economicOff')}
        />
        <Tile
          title={t('finance.tiles.drafts')}
          tally={invoices.drafts}
          to={listOf({ status: 'draft' })}
        />
        <Tile
          title={t('finance.tiles.creditNotes')}
          tally={sum(months.map((month) => month.credited))}
          to={listOf({ type: 'creditNote', status: 'booked', from: first, to: monthEnd(last) })}
        />
      </div>
      <div className="tb-order-layout">
        <div className="tb-stack">
          <Section title={t('finance.months.title')}>
            <MonthsTable months={months} />
          </Section>
        </div>
        <div className="tb-stack">
          <Section title={t('finance.overdue.title')}>
            <OverdueTable buckets={invoices.overdue} />
          </Section>
          <Section title={t('finance.planned.title')}>
            <DataTable<PlannedInvoiceRow>
              label={t('finance.planned.title')}
              endpoint="dashboard/invoices"
              tag="Dashboard"
              dataKey=""
              pageSize={5}
              defaultSort={{ field: 'InvoiceDate', dir: 'asc' }}
              emptyMessage={t('finance.planned.empty')}
              columns={[
                {
                  field: 'company',
                  header: t('finance.planned.contract'),
                  body: (row) => (
                    <Link to={`/orders/contracts/${row.contractId}`}>
                      {row.company || t('finance.planned.number', { number: row.contractNumber })}
                    </Link>
                  ),
                },
                {
                  field: 'InvoiceDate',
                  header: t('finance.planned.date'),
                  sortable: true,
                  body: (row) => formatDay(row.invoiceDate),
                },
                {
                  field: 'Amount',
                  header: t('finance.planned.amount'),
                  sortable: true,
                  body: (row) => <Money value={row.amount} ore />,
                },
              ]}
            />
          </Section>
          <Section title={t('finance.charges.title')}>
            <DataTable<SubscriptionListRow>
              label={t('finance.charges.title')}
              endpoint="subscriptions"
              tag="Subscription"
              dataKey="id"
              pageSize={5}
              filter={{ status: 'approved' }}
              defaultSort={{ field: 'NextPayment', dir: 'asc' }}
              emptyMessage={t('finance.charges.empty')}
              columns={[
                {
                  field: 'Name',
                  header: t('finance.charges.subscription'),
                  body: (row) => (
                    <Link to={`/orders/subscriptions/${row.id}`}>
                      {t('finance.charges.number', {
                        number: row.subscriptionNumber,
                        name: row.contactName,
                      })}
                    </Link>
                  ),
                },
                {
                  field: 'NextPayment',
                  header: t('finance.charges.next'),
                  sortable: true,
                  body: (row) =>
                    row.nextPayment ? formatDay(row.nextPayment) : t('finance.charges.none'),
                },
                {
                  field: 'Total',
                  header: t('finance.charges.amount'),
                  body: (row) => <Money value={row.total} ore />,
                },
              ]}
            />
          </Section>
        </div>
      </div>
    </section>
  );
}
