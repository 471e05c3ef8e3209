import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { TotalsCard } from '../../shared/editor/TotalsCard';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import {
  shownTotals,
  totalsInvoicing,
  vatOf,
  type SubscriptionFormValues,
} from './subscriptionSchema';
import type { Subscription } from './types';

/**
 * 'Beløb' of each period: Subtotal, Rabat, Moms and Total. Unsaved edits show the totals computed
 * as the server computes them; otherwise the server's own. A draft's discount and total can be
 * typed (spec 3 §9), as on the order and contract pages.
 */
export function SubscriptionTotalsCard({
  subscription,
  editable,
}: {
  subscription: Subscription;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { client } = useAppSession();
  const { values, initialValues } = useFormikContext<SubscriptionFormValues>();
  const vat = vatOf(subscription, client?.disableVat ?? false);
  return (
    <TotalsCard
      totals={shownTotals(subscription, vat, initialValues, values)}
      editable={editable}
      orderDiscountLabel={t('subscriptions.totals.orderDiscount')}
      discountForTotal={(total) =>
        orderDiscountForTotal(values.orderLines, totalsInvoicing, vat, total)
      }
    />
  );
}
