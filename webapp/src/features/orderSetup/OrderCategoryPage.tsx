import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { MoneyField, TextField } from '../../shared/ui/FormFields';
import { Tabs } from '../../shared/ui/Tabs';
import { ACCOUNTING_FEATURE, AccountingTab, ordersFeature } from '../../shared/ui/AccountingTab';
import {
  orderCategoryFormValues,
  orderCategoryPayload,
  orderCategorySchema,
} from './orderCategorySchema';
import { useGetOrderCategoryQuery, useSaveOrderCategoryMutation } from './orderSetupApi';

/** /orders/categories/{id} ('create' = new): the tab Kategori, and Regnskab with the accounting feature. */
export function OrderCategoryPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const { client } = useAppSession();
  const accounting = ordersFeature(client?.features, ACCOUNTING_FEATURE);
  const query = useGetOrderCategoryQuery(id, { skip: isNew });
  const [save] = useSaveOrderCategoryMutation();
  const category = isNew ? undefined : query.data;
  const initialValues = useMemo(() => orderCategoryFormValues(category), [category]);
  const schema = useMemo(() => orderCategorySchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/orders/categories"
      title={isNew ? t('orderSetup.categories.createTitle') : (category?.title ?? '')}
      label={t('orderSetup.categories.editorTitle')}
      load={query}
      loaded={Boolean(category)}
      initialValues={initialValues}
      schema={schema}
      save={(values) => save(orderCategoryPayload(isNew ? null : id, values, category)).unwrap()}
      createdMessage={t('orderSetup.categories.created')}
      savedMessage={t('orderSetup.categories.saved')}
    >
      {() => (
        <Tabs
          tabs={[
            {
              key: 10,
              label: t('orderSetup.categories.tab'),
              content: (
                <div className="tb-form-grid">
                  <TextField name="title" label={t('orderSetup.fields.title')} />
                  <TextField name="sku" label={t('orderSetup.fields.sku')} />
                  <MoneyField name="price" label={t('orderSetup.fields.price')} />
                  <TextField name="invoiceTitle" label={t('orderSetup.fields.invoiceTitle')} />
                </div>
              ),
            },
            {
              key: 20,
              label: t('products.tabs.accounting'),
              visible: accounting,
              content: <AccountingTab />,
            },
          ]}
        />
      )}
    </EditorPage>
  );
}
