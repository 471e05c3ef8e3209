import { useFormikContext } from 'formik';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import { MoneyField } from '../../shared/ui/FormFields';
import { Money } from '../../shared/ui/Money';
import { shownTotals, totalsInvoicing, type ContractFormValues } from './contractSchema';
import { isEditable } from './contractStatus';
import { Section } from '../../shared/ui/Section';
import type { Contract } from './types';

/**
 * 'Total' of a draft or renewal: typing another total and leaving the field (or Enter) sets the
 * contract discount to the difference (spec 3 §9), as on the order page.
 */
function TotalInput({ contract, total }: { contract: Contract; total: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<ContractFormValues>();
  const [text, setText] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const entered = decimalTextToOre(text);
    setText(null);
    if (entered === null || Number.isNaN(entered)) return;
    const discount = orderDiscountForTotal(
      values.contractLines,
      totalsInvoicing(values),
      contract,
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
        aria-label={t('contracts.totals.total')}
        inputMode="decimal"
        value={text ?? oreToDecimalText(total)}
        onFocus={() => setText(oreToDecimalText(total))}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          // Enter sets the total; it must not submit the contract form.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/**
 * 'Beløb': Subtotal, Rabat, Gebyr (only above 0), Moms and Total. Unsaved edits show the totals
 * computed as the server computes them; otherwise the server's own. In draft or renewal the total
 * can be typed and the contract discount changed.
 */
export function ContractTotalsCard({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { values, initialValues } = useFormikContext<ContractFormValues>();
  const editable = isEditable(contract.status);
  const totals = shownTotals(contract, initialValues, values);
  const money = (value: number) => <Money value={value} ore currencyCode />;
  return (
    <Section title={t('contracts.totals.title')}>
      {editable && <MoneyField name="orderDiscount" label={t('contracts.totals.orderDiscount')} />}
      <table className="tb-totals" aria-label={t('contracts.totals.title')}>
        <tbody>
          <Row label={t('contracts.totals.subtotal')}>{money(totals.subtotal)}</Row>
          <Row label={t('contracts.totals.discount')}>{money(totals.discount)}</Row>
          {totals.additionalFee > 0 && (
            <Row label={t('contracts.totals.fee')}>{money(totals.additionalFee)}</Row>
          )}
          <Row label={t('contracts.totals.vat')}>{money(totals.vat)}</Row>
          <tr className="tb-totals-total">
            <th scope="row">{t('contracts.totals.total')}</th>
            <td>
              {editable ? (
                <TotalInput contract={contract} total={totals.total} />
              ) : (
                money(totals.total)
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}
