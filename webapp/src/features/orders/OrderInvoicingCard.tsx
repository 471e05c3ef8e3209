import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { CheckboxField, DateField, DecimalField, SelectField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import type { OrderFormValues } from './orderSchema';
import { invoicingOptions, NO_INVOICING } from './orderStatus';

/**
 * Fakturering: the method (Ingen, Enkelt faktura, Rater), the prepayment and invoice dates, the
 * rates fee and split payments. Changed only in a draft.
 */
export function OrderInvoicingCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<OrderFormValues>();
  const method = values.invoicing.type;
  return (
    <Section title={t('orders.invoicing.title')}>
      <div className="tb-form-grid">
        <SelectField
          name="invoicing.type"
          label={t('orders.invoicing.type')}
          options={invoicingOptions(t)}
          disabled={!editable}
        />
        {method !== NO_INVOICING && (
          <>
            <DateField
              name="invoicing.prePaymentDate"
              label={t('orders.invoicing.prePaymentDate')}
              disabled={!editable}
            />
            <DateField
              name="invoicing.invoiceDate"
              label={t('orders.invoicing.invoiceDate')}
              disabled={!editable}
            />
          </>
        )}
        {method === 'rates' && (
          <DecimalField
            name="invoicing.rateFee"
            label={t('orders.invoicing.rateFee')}
            help={t('orders.invoicing.rateFeeHelp')}
            disabled={!editable}
          />
        )}
      </div>
      {method !== NO_INVOICING && (
        <CheckboxField
          name="invoicing.splitPayments"
          label={t('orders.invoicing.splitPayments')}
          help={t('orders.invoicing.splitPaymentsHelp')}
          disabled={!editable}
        />
      )}
    </Section>
  );
}
