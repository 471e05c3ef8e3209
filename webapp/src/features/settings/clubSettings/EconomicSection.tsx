import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField } from '../../../shared/ui/FormFields';
import { useGetAccountingProductsQuery, useGetReferencesQuery } from '../settingsApi';

function ReferenceSelect({ name, label, kind }: { name: string; label: string; kind: string }) {
  const { data = [] } = useGetReferencesQuery(kind);
  return (
    <SelectField<number | null>
      name={name}
      label={label}
      options={data.map((r) => ({ label: `${r.number} – ${r.name}`, value: Number(r.number) }))}
      showClear
    />
  );
}

/** e-conomic: the accounting system's groups, zone, terms, layout and products for invoices. */
export function EconomicSection() {
  const { t } = useTranslation();
  const { data: products = [] } = useGetAccountingProductsQuery('');
  const productOptions = products.map((p) => ({
    label: `${p.productNumber} – ${p.name}`,
    value: p.productNumber,
  }));
  const p = 'settings.economic';
  return (
    <div className="tb-form-grid">
      <ReferenceSelect
        name={`${p}.productGroup`}
        label={t('settings.economic.productGroup')}
        kind="product-groups"
      />
      <ReferenceSelect
        name={`${p}.productGroupVatExempt`}
        label={t('settings.economic.productGroupVatExempt')}
        kind="product-groups"
      />
      <ReferenceSelect
        name={`${p}.customerGroup`}
        label={t('settings.economic.customerGroup')}
        kind="customer-groups"
      />
      <ReferenceSelect
        name={`${p}.vatZone`}
        label={t('settings.economic.vatZone')}
        kind="vat-zones"
      />
      <ReferenceSelect
        name={`${p}.paymentTerms`}
        label={t('settings.economic.paymentTerms')}
        kind="payment-terms"
      />
      <ReferenceSelect name={`${p}.layout`} label={t('settings.economic.layout')} kind="layouts" />
      <SelectField<string | null>
        name={`${p}.feeProduct`}
        label={t('settings.economic.feeProduct')}
        options={productOptions}
        showClear
        filter
      />
      <SelectField<string | null>
        name={`${p}.discountProduct`}
        label={t('settings.economic.discountProduct')}
        options={productOptions}
        showClear
        filter
      />
      <TextAreaField name={`${p}.invoiceText`} label={t('settings.economic.invoiceText')} />
    </div>
  );
}
