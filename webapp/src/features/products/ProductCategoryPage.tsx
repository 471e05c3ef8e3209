import { useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TFunction } from 'i18next';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import { CheckboxField, TextField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { yup } from '../../shared/validation';
import { CategoryProductOrder } from './CategoryProductOrder';
import { useGetProductCategoryQuery, useSaveProductCategoryMutation } from './productsApi';
import type { ProductCategory } from './types';

interface CategoryFormValues {
  title: string;
  sorting: string;
  showOnShop: boolean;
  hideOnContract: boolean;
  shop: { title: string; description: string; image: string | null };
  shopImageFile: File | null;
}

function categorySchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('products.fields.title')).trim().required(),
    sorting: yup.string().label(t('products.fields.sorting')).trim().numeric(),
    shopImageFile: yup.mixed().nullable().label(t('products.fields.image')).image(),
  });
}

function categoryFormValues(category?: ProductCategory): CategoryFormValues {
  return {
    title: category?.title ?? '',
    sorting:
      category?.sorting === null || category?.sorting === undefined ? '' : String(category.sorting),
    showOnShop: category?.showOnShop ?? false,
    hideOnContract: category?.hideOnContract ?? false,
    shop: {
      title: category?.shop.title ?? '',
      description: category?.shop.description ?? '',
      image: category?.shop.image ?? null,
    },
    shopImageFile: null,
  };
}

function CategoryFields({ editorKey }: { editorKey: string }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<CategoryFormValues>();
  return (
    <div className="tb-stack">
      <div className="tb-form-grid">
        <TextField name="title" label={t('products.fields.title')} />
        <TextField name="sorting" label={t('products.fields.sorting')} inputMode="numeric" />
        <CheckboxField name="showOnShop" label={t('products.fields.showOnShop')} />
        <CheckboxField name="hideOnContract" label={t('products.fields.hideOnContract')} />
        <TextField name="shop.title" label={t('products.fields.shopTitle')} />
      </div>
      <RichTextEditor
        key={editorKey}
        label={t('products.fields.shopDescription')}
        initialValue={values.shop.description}
        onChange={(value) => void setFieldValue('shop.description', value.html)}
      />
      <ImageField name="shopImageFile" urlName="shop.image" label={t('products.fields.image')} />
    </div>
  );
}

/** /products/categories/{id} ('create' = new); once saved, the tab Produkter orders its products. */
export function ProductCategoryPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetProductCategoryQuery(id, { skip: isNew });
  const [save] = useSaveProductCategoryMutation();
  const [tab, setTab] = useTabParam(10);
  const category = isNew ? undefined : query.data;
  const initialValues = useMemo(() => categoryFormValues(category), [category]);
  const schema = useMemo(() => categorySchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/products/categories"
      title={isNew ? t('products.categories.createTitle') : (category?.title ?? '')}
      label={t('products.categories.editorTitle')}
      load={query}
      loaded={Boolean(category)}
      initialValues={initialValues}
      schema={schema}
      save={(values) => {
        const sorting = values.sorting.trim();
        return save({
          category: {
            id: isNew ? null : id,
            version: category?.version ?? null,
            title: values.title.trim(),
            sorting: sorting === '' ? null : Number(sorting),
            showOnShop: values.showOnShop,
            hideOnContract: values.hideOnContract,
            shop: values.shop,
          },
          shopImageFile: values.shopImageFile,
        }).unwrap();
      }}
      createdMessage={t('products.categories.created')}
      savedMessage={t('products.categories.saved')}
      afterSave={(helpers) => void helpers.setFieldValue('shopImageFile', null, false)}
    >
      {() => (
        <Tabs
          activeKey={tab}
          onTabChange={setTab}
          tabs={[
            {
              key: 10,
              label: t('products.categories.tab'),
              content: <CategoryFields editorKey={`${id}-${query.fulfilledTimeStamp ?? 0}`} />,
            },
            {
              key: 20,
              label: t('products.categories.productsTab'),
              visible: !isNew,
              content: <CategoryProductOrder categoryId={id} />,
            },
          ]}
        />
      )}
    </EditorPage>
  );
}
