import { useFormikContext } from 'formik';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, decimalTextToOre, oreToDecimalText } from '../format';
import type { OrderTotals } from '../orderLines/types';
import { MoneyField } from '../ui/FormFields';
import { Money } from '../ui/Money';
import { Section } from '../ui/Section';

/** The numbers the card shows: the server's, or those of unsaved edits as the server computes them. */
export type ShownTotals = Pick<
  OrderTotals,
  'subtotal' | 'discount' | 'additionalFee' | 'vat' | 'total'
>;

/**
 * 'Total' of an editable form: typing another total and leaving the field (or Enter) sets the
 * form's `orderDiscount` to the difference (spec 3 §9).
 */
function TotalInput({
  total,
  discountForTotal,
}: {
  total: number;
  discountForTotal: (total: number) => number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { setFieldValue } = useFormikContext();
  const [text, setText] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const entered = decimalTextToOre(text);
    setText(null);
    if (entered === null || Number.isNaN(entered)) return;
    const discount = discountForTotal(entered);
    void setFieldValue('orderDiscount', discount ? oreToDecimalText(discount) : '');
  };
  return (
    <div className="p-inputgroup tb-total-input">
      <span className="p-inputgroup-addon" aria-hidden="true">
        {CURRENCY}
      </span>
      <InputText
        id={id}
        aria-label={t('common.totals.total')}
        inputMode="decimal"
        value={text ?? oreToDecimalText(total)}
        onFocus={() => setText(oreToDecimalText(total))}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          // Enter sets the total; it must not submit the form.
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
 * Subtotal, Rabat, Gebyr (only above 0), Moms and Total, named 'Beløb': an editor's, or an
 * aggregate's as of a history event. `total` takes the place of the Total amount (a typed total).
 */
export function TotalsTable({ totals, total }: { totals: ShownTotals; total?: ReactNode }) {
  const { t } = useTranslation();
  const money = (value: number) => <Money value={value} ore currencyCode />;
  return (
    <table className="tb-totals" aria-label={t('common.totals.title')}>
      <tbody>
        <Row label={t('common.totals.subtotal')}>{money(totals.subtotal)}</Row>
        <Row label={t('common.totals.discount')}>{money(totals.discount)}</Row>
        {totals.additionalFee > 0 && (
          <Row label={t('common.totals.fee')}>{money(totals.additionalFee)}</Row>
        )}
        <Row label={t('common.totals.vat')}>{money(totals.vat)}</Row>
        <tr className="tb-totals-total">
          <th scope="row">{t('common.totals.total')}</th>
          <td>{total ?? money(totals.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

interface TotalsCardProps {
  totals: ShownTotals;
  /** The discount field and a typed total; otherwise the numbers only. */
  editable: boolean;
  /** The label of the form's `orderDiscount` field ('Aftalerabat', 'Abonnementsrabat'). */
  orderDiscountLabel: string;
  /** The order discount that makes the lines come to a typed total (`orderDiscountForTotal`). */
  discountForTotal: (total: number) => number;
}

/**
 * 'Beløb' of an editor: Subtotal, Rabat, Gebyr (only above 0), Moms and Total. An editable form
 * adds its discount field, and its total can be typed to set the discount.
 */
export function TotalsCard({
  totals,
  editable,
  orderDiscountLabel,
  discountForTotal,
}: TotalsCardProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('common.totals.title')}>
      {editable && <MoneyField name="orderDiscount" label={orderDiscountLabel} />}
      <TotalsTable
        totals={totals}
        total={
          editable ? (
            <TotalInput total={totals.total} discountForTotal={discountForTotal} />
          ) : undefined
        }
      />
    </Section>
  );
}
