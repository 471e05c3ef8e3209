import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricedLine } from '../../api/generated/booking';
import { formatOre } from '../../shared/format';
import { Money } from '../../shared/ui/Money';
import { StackTable, type StackColumn } from '../../shared/ui/StackTable';
import { mergedPricedLines, type ShownPricedLine } from './bookingRules';

interface PricedLinesTableProps {
  lines: PricedLine[];
}

/**
 * The booking's lines as the server prices them: the agreement's free tickets, then the rest; a
 * seat-ticket's lines (one per seat) as one line with the seats the server priced. 'Pris' is the
 * price of one ticket in every step, 'Total' the line's; the add-ons chosen are listed under the
 * ticket with their price per ticket, and counted in the total.
 */
export function PricedLinesTable({ lines }: PricedLinesTableProps) {
  const { t } = useTranslation();
  const shown = useMemo(() => mergedPricedLines(lines), [lines]);
  const seated = shown.some((line) => line.seats.length > 0);
  const columns: StackColumn<ShownPricedLine>[] = [
    {
      header: t('publicEvents.lines.product'),
      cell: (line) =>
        line.options.length === 0 ? (
          line.title
        ) : (
          <>
            {line.title}
            {line.options.map((option) => (
              <span key={option.productId} className="tb-booking-line-option">
                {t('publicEvents.lines.option', {
                  title: option.title,
                  price: formatOre(option.price),
                })}
              </span>
            ))}
          </>
        ),
    },
    ...(seated
      ? [
          {
            header: t('publicEvents.lines.seats'),
            cell: (line: ShownPricedLine) =>
              line.seats
                .map((seat) =>
                  t('publicEvents.tickets.seatInSection', {
                    label: seat.label,
                    section: seat.section,
                  }),
                )
                .join(', '),
          },
        ]
      : []),
    { header: t('publicEvents.lines.amount'), cell: (line) => line.amount },
    { header: t('publicEvents.lines.free'), cell: (line) => line.free },
    {
      header: t('publicEvents.lines.price'),
      align: 'right',
      cell: (line) => <Money value={line.price} ore />,
    },
    {
      header: t('publicEvents.lines.total'),
      align: 'right',
      cell: (line) => <Money value={line.total} ore />,
    },
  ];
  return (
    <StackTable
      rows={shown}
      columns={columns}
      rowKey={(_, index) => index}
      label={t('publicEvents.lines.title')}
      className="tb-booking-lines"
    />
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
