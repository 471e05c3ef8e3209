import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { namesField, useFieldRules } from '../../shared/access';
import { TotalsCard } from '../../shared/editor/TotalsCard';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import { shownTotals, totalsInvoicing, type ContractFormValues } from './contractSchema';
import { isEditable } from './contractStatus';
import type { Contract } from './types';

/**
 * 'Beløb': Subtotal, Rabat, Gebyr (only above 0), Moms and Total. Unsaved edits show the totals
 * computed as the server computes them; otherwise the server's own. In draft or renewal the total
 * can be typed and the contract discount changed (spec 3 §9), as on the order page.
 */
export function ContractTotalsCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { values, initialValues } = useFormikContext<ContractFormValues>();
  const { hidden, locked } = useFieldRules('orders');
  // A role that may not read the lines' prices sees no amounts they would reveal.
  if (namesField(hidden, 'contractLines.price')) return null;
  return (
    <TotalsCard
      totals={shownTotals(contract, initialValues, values)}
      editable={isEditable(contract.status) && !namesField(locked, 'orderDiscount')}
      orderDiscountLabel={t('contracts.totals.orderDiscount')}
      discountForTotal={(total) =>
        orderDiscountForTotal(values.contractLines, totalsInvoicing(values), contract, total)
      }
    />
  );
}
