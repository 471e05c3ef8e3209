import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../shared/access';
import { LinesCard, type LineColumn } from '../../shared/editor/LinesCard';
import { SEAT_TICKET } from '../../shared/orderLines/orderLineSchema';
import { SeatingButton } from '../../shared/seating/SeatingButton';
import { useSeatService } from '../../shared/seating/seatService';
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

interface OrderLinesCardProps {
  editable: boolean;
  /** The saved order's number: the staff's seat map notes the seats it booked '#number'. */
  orderNumber: number | null;
}

/**
 * The order's lines: Titel, Variant, Varenummer, Pris, Rabat, Antal, Total (and Plads when a line is
 * a seat ticket). A draft adds ('Tilføj produkt'), edits and removes lines, and picks seats on the
 * events' charts ('Pladser', with the club's seat service); other orders only show them.
 */
export function OrderLinesCard({ editable, orderNumber }: OrderLinesCardProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<OrderFormValues>();
  const seatService = useSeatService();
  const fieldRules = useFieldRules('orders');
  const hasSeats = values.orderLines.some((line) => line.type === SEAT_TICKET);
  return (
    <LinesCard<OrderLine>
      name="orderLines"
      editable={editable}
      emptyMessage={t('orders.lines.empty')}
      fieldRules={fieldRules}
      columns={hasSeats ? [...COLUMNS, 'seat'] : COLUMNS}
      actions={
        editable && seatService ? (
          <SeatingButton
            name="orderLines"
            bookingNote={orderNumber === null ? null : `#${orderNumber}`}
          />
        ) : undefined
      }
    />
  );
}
