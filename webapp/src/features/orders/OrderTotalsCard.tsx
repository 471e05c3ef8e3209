import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { namesField, useFieldRules } from '../../shared/access';
import { TotalsCard } from '../../shared/editor/TotalsCard';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import {
  formTotals,
  invoicingTypeOf,
  rateFeeOf,
  totalsInputsChanged,
  type OrderFormValues,
} from './orderSchema';
import type { Order } from './types';

/**
 * 'Beløb': Subtotal, Rabat, Gebyr (only above 0), Moms and Total. Unsaved edits of a draft show the
 * totals computed as the server computes them; otherwise the server's own numbers. A draft's order
 * discount and total can be typed (spec 3 §9).
 */
export function OrderTotalsCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation();
  const { values, initialValues } = useFormikContext<OrderFormValues>();
  const { hidden, locked } = useFieldRules('orders');
  // A role that may not read the lines' prices sees no amounts they would reveal.
  if (namesField(hidden, 'orderLines.price')) return null;
  return (
    <TotalsCard
      totals={totalsInputsChanged(initialValues, values) ? formTotals(order, values) : order}
      editable={editable && !namesField(locked, 'orderDiscount')}
      orderDiscountLabel={t('orders.totals.orderDiscount')}
      discountForTotal={(total) =>
        orderDiscountForTotal(
          values.orderLines,
          { type: invoicingTypeOf(values), rateFee: rateFeeOf(values) },
          order,
          total,
        )
      }
    />
  );
}
