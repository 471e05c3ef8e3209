import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { LinesCard, type LineColumn } from '../../shared/editor/LinesCard';
import { SEAT_TICKET } from '../../shared/orderLines/orderLineSchema';
import type { OrderFormValues } from './orderSchema';
import type { OrderLine } from './types';

const COLUMNS: readonly LineColumn[] = [
  'title',
  'variant',
  'sku',
  'price',
  'discount',
  'amount',
  'total',
];

/**
 * The order's lines: Titel, Variant, Varenummer, Pris, Rabat, Antal, Total (and Plads when a line is
 * a seat ticket). A draft adds ('Tilføj produkt'), edits and removes lines; other orders only show them.
 */
export function OrderLinesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<OrderFormValues>();
  const hasSeats = values.orderLines.some((line) => line.type === SEAT_TICKET);
  return (
    <LinesCard<OrderLine>
      name="orderLines"
      editable={editable}
      emptyMessage={t('orders.lines.empty')}
      columns={hasSeats ? [...COLUMNS, 'seat'] : COLUMNS}
    />
  );
}
