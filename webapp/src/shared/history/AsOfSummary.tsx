import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format';
import { lineTotal, type TotalsLine } from '../orderLines/orderTotals';
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

interface AsOfSummaryProps<L extends AsOfLine> {
  /** The facts above the lines, each a term and its value. */
  facts: { term: string; value: ReactNode }[];
  lines: readonly L[] | undefined;
  /** 'Ingen produkter på aftalen.' */
  emptyMessage: string;
  /** Antal as the table shows it (a contract's adds the unit); the number by default. */
  amountText?: (line: L) => string;
  total: number | undefined;
}

/**
 * An aggregate of an editor as it was after one event, read-only: its facts, its lines (Titel,
 * Variant, Antal, Pris, Total) and its total.
 */
export function AsOfSummary<L extends AsOfLine>({
  facts,
  lines,
  emptyMessage,
  amountText,
  total,
}: AsOfSummaryProps<L>) {
  const { t } = useTranslation();
  const rows = (lines ?? []).map((line) => ({ ...line, options: line.options ?? [] }));
  return (
    <div className="tb-stack tb-order-as-of">
      <dl className="tb-facts">
        {facts.map(({ term, value }) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <DataTable
        value={rows}
        dataKey="id"
        emptyMessage={emptyMessage}
        pt={{ table: { 'aria-label': t('common.lines.title') } }}
      >
        <Column header={t('common.line.title')} field="title" />
        <Column header={t('common.line.variant')} field="variant" />
        {amountText ? (
          <Column header={t('common.line.amount')} body={amountText} />
        ) : (
          <Column header={t('common.line.amount')} field="amount" />
        )}
        <Column
          header={t('common.line.price')}
          body={(line: L) => <Money value={line.price} ore currencyCode />}
        />
        <Column
          header={t('common.line.total')}
          body={(line: L & { options: TotalsLine['options'] }) => (
            <Money
              value={typeof line.total === 'number' ? line.total : lineTotal(line)}
              ore
              currencyCode
            />
          )}
        />
      </DataTable>
      {typeof total === 'number' && (
        <p>
          {t('common.totals.total')}: <Money value={total} ore currencyCode />
        </p>
      )}
    </div>
  );
}
