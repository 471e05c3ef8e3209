import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TotalsTable, type ShownTotals } from '../editor/TotalsCard';
import { DATE_TIME_PATTERN, formatDate, formatDay } from '../format';
import { lineTotal, type TotalsLine } from '../orderLines/orderTotals';
import { useTimeZone } from '../ui/DateTime';
import { Money } from '../ui/Money';

/** A line as an old state has it: older events may lack the options, and a stored line its total. */
export type AsOfLine = Omit<TotalsLine, 'options'> & {
  id: string;
  title: string;
  variant: string | null;
  total?: number;
  options?: TotalsLine['options'] | null;
};

/** 'Periode' of a state: the start date, and the end date unless it has none. */
export function periodText(state: {
  startDate?: string | null;
  endDate?: string | null;
  noEndDate?: boolean;
}): string {
  return [formatDay(state.startDate), state.noEndDate ? '' : formatDay(state.endDate)]
    .filter(Boolean)
    .join(' – ');
}

/** The name of the record an id names ('Hansen ApS'), the id when it has none, '–' for none. */
export function named(names: Record<string, string>, id: string | null | undefined): string {
  return id ? (names[id] ?? id) : '–';
}

/** A time of a state as its facts show it, in the club's time zone; '–' for none. */
export function useAsOfTime() {
  const timeZone = useTimeZone();
  return (value: string | null | undefined) =>
    value ? formatDate(value, DATE_TIME_PATTERN, timeZone) : '–';
}

/** The facts of a state, each a term and its value. */
export function AsOfFacts({ facts }: { facts: { term: string; value: ReactNode }[] }) {
  return (
    <dl className="tb-facts">
      {facts.map(({ term, value }) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A column of the lines: Titel, Variant, Antal, Pris, Rabat, Total. */
export type AsOfColumn = 'title' | 'variant' | 'amount' | 'price' | 'discount' | 'total';

const DEFAULT_COLUMNS: readonly AsOfColumn[] = ['title', 'variant', 'amount', 'price', 'total'];

interface AsOfSummaryProps<L extends AsOfLine> {
  /** The facts above the lines, each a term and its value. */
  facts: { term: string; value: ReactNode }[];
  lines: readonly L[] | undefined;
  /** 'Ingen produkter på aftalen.' */
  emptyMessage: string;
  /** The columns in the order the editor shows them; Titel, Variant, Antal, Pris, Total by default. */
  columns?: readonly AsOfColumn[];
  /** Antal as the table shows it (a contract's adds the unit); the number by default. */
  amountText?: (line: L) => string;
  /** The total, shown below the lines. */
  total?: number;
  /** All of 'Beløb' (Subtotal … Total), shown instead of `total`. */
  totals?: ShownTotals;
}

/**
 * An aggregate of an editor as it was after one event, read-only: its facts, its lines (Titel,
 * Variant, Antal, Pris, Total unless `columns` says otherwise) and its total or its totals.
 */
export function AsOfSummary<L extends AsOfLine>({
  facts,
  lines,
  emptyMessage,
  columns = DEFAULT_COLUMNS,
  amountText,
  total,
  totals,
}: AsOfSummaryProps<L>) {
  const { t } = useTranslation();
  const rows = (lines ?? []).map((line) => ({ ...line, options: line.options ?? [] }));
  const money = (value: number) => <Money value={value} ore currencyCode />;
  const cells: Record<AsOfColumn, ReactNode> = {
    title: <Column key="title" header={t('common.line.title')} field="title" />,
    variant: <Column key="variant" header={t('common.line.variant')} field="variant" />,
    amount: amountText ? (
      <Column key="amount" header={t('common.line.amount')} body={amountText} />
    ) : (
      <Column key="amount" header={t('common.line.amount')} field="amount" />
    ),
    price: (
      <Column key="price" header={t('common.line.price')} body={(line: L) => money(line.price)} />
    ),
    discount: (
      <Column
        key="discount"
        header={t('common.line.discount')}
        body={(line: L) => money(line.discount)}
      />
    ),
    total: (
      <Column
        key="total"
        header={t('common.line.total')}
        body={(line: L & { options: TotalsLine['options'] }) =>
          money(typeof line.total === 'number' ? line.total : lineTotal(line))
        }
      />
    ),
  };
  return (
    <div className="tb-stack tb-order-as-of">
      <AsOfFacts facts={facts} />
      <DataTable
        value={rows}
        dataKey="id"
        emptyMessage={emptyMessage}
        pt={{ table: { 'aria-label': t('common.lines.title') } }}
      >
        {columns.map((column) => cells[column])}
      </DataTable>
      {totals ? (
        <TotalsTable totals={totals} />
      ) : (
        typeof total === 'number' && (
          <p>
            {t('common.totals.total')}: <Money value={total} ore currencyCode />
          </p>
        )
      )}
    </div>
  );
}
