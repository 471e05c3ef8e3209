import { useFormikContext } from 'formik';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { MoneyField } from '../../shared/ui/FormFields';
import { Money } from '../../shared/ui/Money';
import {
  formTotals,
  invoicingTypeOf,
  rateFeeOf,
  totalsInputsChanged,
  type OrderFormValues,
} from './orderSchema';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import type { Order } from './types';

/**
 * 'Total' of a draft: typing another total and leaving the field (or Enter) sets the order
 * discount to the difference (spec 3 §9).
 */
function TotalInput({ order, total }: { order: Order; total: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<OrderFormValues>();
  const [text, setText] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const entered = decimalTextToOre(text);
    setText(null);
    if (entered === null || Number.isNaN(entered)) return;
    const discount = orderDiscountForTotal(
      values.orderLines,
      { type: invoicingTypeOf(values), rateFee: rateFeeOf(values) },
      order,
      entered,
    );
    void setFieldValue('orderDiscount', discount ? oreToDecimalText(discount) : '');
  };
  return (
    <div className="p-inputgroup tb-total-input">
      <span className="p-inputgroup-addon" aria-hidden="true">
        {CURRENCY}
      </span>
      <InputText
        id={id}
        aria-label={t('orders.totals.total')}
        inputMode="decimal"
        value={text ?? oreToDecimalText(total)}
        onFocus={() => setText(oreToDecimalText(total))}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          // Enter sets the total; it must not submit the order form.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </div>
  );
}

/**
 * Subtotal, Rabat, Gebyr (only above 0), Moms and Total. Unsaved edits of a draft show the totals
 * computed as the server computes them; otherwise the server's own numbers.
 */
export function OrderTotalsCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { values, initialValues } = useFormikContext<OrderFormValues>();
  const totals = totalsInputsChanged(initialValues, values) ? formTotals(order, values) : order;
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('orders.totals.title')}
        </h2>
        {editable && <MoneyField name="orderDiscount" label={t('orders.totals.orderDiscount')} />}
        <TotalsTable
          totals={totals}
          labelledBy={titleId}
          total={editable ? <TotalInput order={order} total={totals.total} /> : undefined}
        />
      </section>
    </Card>
  );
}

interface TotalsFigures {
  subtotal: number;
  discount: number;
  additionalFee: number;
  vat: number;
  total: number;
}

/**
 * Subtotal, Rabat, Gebyr (only above 0), Moms and Total, for the order page and the order as of a
 * history event. `total` replaces the Total amount (the draft's editable total).
 */
export function TotalsTable({
  totals,
  label,
  labelledBy,
  total,
}: {
  totals: TotalsFigures;
  label?: string;
  labelledBy?: string;
  total?: ReactNode;
}) {
  const { t } = useTranslation();
  const row = (name: string, value: number) => (
    <tr>
      <th scope="row">{t(`orders.totals.${name}`)}</th>
      <td>
        <Money value={value} ore currencyCode />
      </td>
    </tr>
  );
  return (
    <table className="tb-totals" aria-label={label} aria-labelledby={labelledBy}>
      <tbody>
        {row('subtotal', totals.subtotal)}
        {row('discount', totals.discount)}
        {totals.additionalFee > 0 && row('fee', totals.additionalFee)}
        {row('vat', totals.vat)}
        <tr className="tb-totals-total">
          <th scope="row">{t('orders.totals.total')}</th>
          <td>{total ?? <Money value={totals.total} ore currencyCode />}</td>
        </tr>
      </tbody>
    </table>
  );
}
