import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { ListPage } from '../../shared/ui/ListPage';
import { PRODUCT_CATEGORIES_ENDPOINT, useDeleteProductCategoryMutation } from './productsApi';
import type { ProductCategoryRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /products/categories. */
export function ProductCategoriesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteProductCategoryMutation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return (
    <ListPage<ProductCategoryRow>
      title={t('products.categories.title')}
      createLabel={t('products.categories.create')}
      basePath="/products/categories"
      endpoint={PRODUCT_CATEGORIES_ENDPOINT}
      tag="ProductCategory"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('products.categories.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('products.columns.name'), sortable: true },
        { field: 'Sorting', header: t('products.columns.sorting'), sortable: true },
        {
          field: 'ShowOnShop',
          header: t('products.fields.showOnShop'),
          sortable: true,
          body: (row) => yesNo(row.ShowOnShop),
        },
        {
          field: 'HideOnContract',
          header: t('products.fields.hideOnContract'),
          sortable: true,
          body: (row) => yesNo(row.HideOnContract),
        },
      ]}
    />
  );
}
