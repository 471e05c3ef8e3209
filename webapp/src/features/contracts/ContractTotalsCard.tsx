import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
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
  return (
    <TotalsCard
      totals={shownTotals(contract, initialValues, values)}
      editable={isEditable(contract.status)}
      orderDiscountLabel={t('contracts.totals.orderDiscount')}
      discountForTotal={(total) =>
        orderDiscountForTotal(values.contractLines, totalsInvoicing(values), contract, total)
      }
    />
  );
}
