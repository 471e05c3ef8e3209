import { useFormikContext } from 'formik';
import { AutoComplete } from 'primereact/autocomplete';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../api/baseApi';

/** A product of the accounting system (GET /api/orders/economic/products). */
export interface AccountingProduct {
  name: string;
  productNumber: string;
}

const accountingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchAccountingProducts: build.query<AccountingProduct[], string>({
      query: (search) => ({ url: '/api/orders/economic/products', params: { search } }),
    }),
  }),
});

/** The orders module's feature for the accounting-system integration. */
export const ACCOUNTING_FEATURE = 'economic';

/** Whether a feature of the orders module is on for the club (GET /api/app/client → features). */
export function ordersFeature(
  features: Record<string, unknown> | undefined,
  name: string,
): boolean {
  const orders = features?.orders;
  return (
    typeof orders === 'object' &&
    orders !== null &&
    Boolean((orders as Record<string, unknown>)[name])
  );
}

export function accountingLabel(product: AccountingProduct): string {
  return `${product.name} (${product.productNumber})`;
}

/**
 * Regnskab: links the entity to a product of the accounting system; the product number is kept
 * in the entity's sku (spec 3 §3).
 */
export function AccountingTab() {
  const { t } = useTranslation();
  const id = useId();
  const { values, setFieldValue } = useFormikContext<{ sku: string }>();
  const [search] = accountingApi.useLazySearchAccountingProductsQuery();
  const [text, setText] = useState<string | AccountingProduct>('');
  const [suggestions, setSuggestions] = useState<AccountingProduct[]>([]);
  return (
    <div className="tb-stack">
      <div className="tb-field">
        <label htmlFor={id}>{t('products.accounting.product')}</label>
        <AutoComplete
          inputId={id}
          value={text}
          suggestions={suggestions}
          field="name"
          showEmptyMessage
          emptyMessage={t('common.noOptions')}
          placeholder={t('products.accounting.placeholder')}
          selectedItemTemplate={(product: AccountingProduct) => accountingLabel(product)}
          itemTemplate={(product: AccountingProduct) => accountingLabel(product)}
          completeMethod={async (event) => {
            try {
              setSuggestions(await search(event.query).unwrap());
            } catch {
              setSuggestions([]);
            }
          }}
          onChange={(event) => setText(event.value as string | AccountingProduct)}
          onSelect={(event) => {
            const product = event.value as AccountingProduct;
            void setFieldValue('sku', product.productNumber);
            setText('');
          }}
        />
      </div>
      <p data-testid="accounting-linked">
        {values.sku
          ? t('products.accounting.linked', { number: values.sku })
          : t('products.accounting.none')}
      </p>
    </div>
  );
}
