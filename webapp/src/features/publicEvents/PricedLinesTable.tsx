import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricedLine } from '../../api/generated/booking';
import { Money } from '../../shared/ui/Money';
import { mergedPricedLines, type ShownPricedLine } from './bookingRules';

interface PricedLinesTableProps {
  lines: PricedLine[];
}

/**
 * The booking's lines as the server prices them: the agreement's free tickets, then the rest; a
 * seat-ticket's lines (one per seat) as one line with the seats the server priced. 'Pris' is the
 * price of one ticket in every step, 'Total' the line's.
 */
export function PricedLinesTable({ lines }: PricedLinesTableProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => mergedPricedLines(lines), [lines]);
  const seated = shown.some((line) => line.seats.length > 0);
  return (
    <DataTable
      value={shown}
      size="small"
      className="tb-booking-lines"
      responsiveLayout="stack"
      breakpoint="40rem"
      pt={{ table: { 'aria-label': t('publicEvents.lines.title') } }}
    >
      <Column field="title" header={t('publicEvents.lines.product')} />
      {seated && (
        <Column
          header={t('publicEvents.lines.seats')}
          body={(line: ShownPricedLine) =>
            line.seats
              .map((seat) =>
                t('publicEvents.tickets.seatInSection', {
                  label: seat.label,
                  section: seat.section,
                }),
              )
              .join(', ')
          }
        />
      )}
      <Column field="amount" header={t('publicEvents.lines.amount')} />
      <Column field="free" header={t('publicEvents.lines.free')} />
      <Column
        header={t('publicEvents.lines.price')}
        align="right"
        body={(line: ShownPricedLine) => <Money value={line.price} ore />}
      />
      <Column
        header={t('publicEvents.lines.total')}
        align="right"
        body={(line: ShownPricedLine) => <Money value={line.total} ore />}
      />
    </DataTable>
  );
}

interface TotalsProps {
  subtotal: number;
  /** Only the booking has a discount (always 0 there, spec 2 §9). */
  discount?: number;
  vat: number;
  total: number;
}

/** Subtotal, Rabat, Moms and Total, in øre shown with two decimals. */
export function BookingTotals({ subtotal, discount, vat, total }: TotalsProps) {
  const { t } = useTranslation();
  const row = (label: string, value: number, className?: string) => (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>
        <Money value={value} ore />
      </td>
    </tr>
  );
  return (
    <table className="tb-totals" aria-label={t('publicEvents.totals.title')}>
      <tbody>
        {row(t('publicEvents.totals.subtotal'), subtotal)}
        {discount !== undefined && row(t('publicEvents.totals.discount'), discount)}
        {row(t('publicEvents.totals.vat'), vat)}
        {row(t('publicEvents.totals.total'), total, 'tb-totals-total')}
      </tbody>
    </table>
  );
}
