import { useFormikContext } from 'formik';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { CURRENCY, decimalTextToOre, oreToDecimalText } from '../../shared/format';
import { orderDiscountForTotal } from '../../shared/orderLines/orderTotals';
import type { VatSettings } from '../../shared/orderLines/types';
import { MoneyField } from '../../shared/ui/FormFields';
import { Money } from '../../shared/ui/Money';
import { Section } from '../../shared/ui/Section';
import {
  shownTotals,
  totalsInvoicing,
  vatOf,
  type SubscriptionFormValues,
} from './subscriptionSchema';
import type { Subscription } from './types';

/**
 * 'Total' of a draft: typing another total and leaving the field (or Enter) sets the subscription
 * discount to the difference (spec 3 §9), as on the order and contract pages.
 */
function TotalInput({ vat, total }: { vat: VatSettings; total: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<SubscriptionFormValues>();
  const [text, setText] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const entered = decimalTextToOre(text);
    setText(null);
    if (entered === null || Number.isNaN(entered)) return;
    const discount = orderDiscountForTotal(values.orderLines, totalsInvoicing, vat, entered);
    void setFieldValue('orderDiscount', discount ? oreToDecimalText(discount) : '');
  };
  return (
    <div className="p-inputgroup tb-total-input">
      <span className="p-inputgroup-addon" aria-hidden="true">
        {CURRENCY}
      </span>
      <InputText
        id={id}
        aria-label={t('subscriptions.totals.total')}
        inputMode="decimal"
        value={text ?? oreToDecimalText(total)}
        onFocus={() => setText(oreToDecimalText(total))}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          // Enter sets the total; it must not submit the subscription form.
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
 * 'Beløb' of each period: Subtotal, Rabat, Moms and Total. Unsaved edits show the totals computed
 * as the server computes them; otherwise the server's own. A draft's discount and total can be
 * typed.
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
  const totals = shownTotals(subscription, vat, initialValues, values);
  const money = (value: number) => <Money value={value} ore currencyCode />;
  return (
    <Section title={t('subscriptions.totals.title')}>
      {editable && (
        <MoneyField name="orderDiscount" label={t('subscriptions.totals.orderDiscount')} />
      )}
      <table className="tb-totals" aria-label={t('subscriptions.totals.title')}>
        <tbody>
          <Row label={t('subscriptions.totals.subtotal')}>{money(totals.subtotal)}</Row>
          <Row label={t('subscriptions.totals.discount')}>{money(totals.discount)}</Row>
          {totals.additionalFee > 0 && (
            <Row label={t('subscriptions.totals.fee')}>{money(totals.additionalFee)}</Row>
          )}
          <Row label={t('subscriptions.totals.vat')}>{money(totals.vat)}</Row>
          <tr className="tb-totals-total">
            <th scope="row">{t('subscriptions.totals.total')}</th>
            <td>
              {editable ? <TotalInput vat={vat} total={totals.total} /> : money(totals.total)}
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}
