import { useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import {
  productFormValues,
  productPayload,
  productSchema,
  type ProductFormValues,
} from './productSchema';
import {
  useGetProductQuery,
  useLazyGetProductSeatChartsQuery,
  useSaveProductMutation,
} from './productsApi';
import { ACCOUNTING_FEATURE, AccountingTab, ordersFeature } from '../../shared/ui/AccountingTab';
import {
  ProductContractTab,
  ProductExtraInfoTab,
  ProductMainTab,
  ProductOptionsTab,
  ProductSeatsTab,
  ProductShopTab,
  ProductSubscriptionTab,
  ProductVariantsTab,
} from './ProductTabs';

function ProductEditorTabs({
  contracts,
  accounting,
  editorKey,
}: {
  contracts: boolean;
  accounting: boolean;
  editorKey: string;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ProductFormValues>();
  const [tab, setTab] = useTabParam(10);
  const [loadCharts, charts] = useLazyGetProductSeatChartsQuery();
  const seatTicket = values.type === 'seat-ticket';
  // Choosing 'Pladsbillet' loads the seat charts (spec 3 §4).
  useEffect(() => {
    if (seatTicket) void loadCharts(undefined, true);
  }, [seatTicket, loadCharts]);
  return (
    <Tabs
      activeKey={tab}
      onTabChange={setTab}
      tabs={[
        { key: 10, label: t('products.tabs.main'), content: <ProductMainTab /> },
        { key: 20, label: t('products.tabs.variants'), content: <ProductVariantsTab /> },
        { key: 30, label: t('products.tabs.options'), content: <ProductOptionsTab /> },
        {
          key: 40,
          label: t('products.tabs.contract'),
          visible: contracts,
          content: <ProductContractTab />,
        },
        { key: 50, label: t('products.tabs.subscription'), content: <ProductSubscriptionTab /> },
        {
          key: 60,
          label: t('products.tabs.shop'),
          content: <ProductShopTab editorKey={editorKey} />,
        },
        { key: 70, label: t('products.tabs.extraInfo'), content: <ProductExtraInfoTab /> },
        {
          key: 80,
          label: t('products.tabs.seats'),
          visible: seatTicket,
          content: <ProductSeatsTab charts={charts.data ?? []} />,
        },
        {
          key: 90,
          label: t('products.tabs.accounting'),
          visible: accounting,
          content: <AccountingTab />,
        },
      ]}
    />
  );
}

/** /products/{id} ('create' = new). */
export function ProductPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const { client } = useAppSession();
  const contracts = ordersFeature(client?.features, 'contracts');
  const accounting = ordersFeature(client?.features, ACCOUNTING_FEATURE);
  const query = useGetProductQuery(id, { skip: isNew });
  const [save] = useSaveProductMutation();
  const product = isNew ? undefined : query.data;
  const initialValues = useMemo(() => productFormValues(product), [product]);
  const schema = useMemo(() => productSchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/products"
      title={isNew ? t('products.editor.createTitle') : (product?.title ?? '')}
      label={t('products.editor.title')}
      load={query}
      loaded={Boolean(product)}
      initialValues={initialValues}
      schema={schema}
      save={(values) =>
        save({
          product: productPayload(isNew ? null : id, values, contracts, product),
          shopImageFile: values.shopImageFile,
        }).unwrap()
      }
      createdMessage={t('products.created')}
      savedMessage={t('products.saved')}
      afterSave={(helpers) => void helpers.setFieldValue('shopImageFile', null, false)}
    >
      {() => (
        <ProductEditorTabs
          contracts={contracts}
          accounting={accounting}
          editorKey={`${id}-${query.fulfilledTimeStamp ?? 0}`}
        />
      )}
    </EditorPage>
  );
}
