import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { formatOre } from '../../shared/format';
import { ListPage } from '../../shared/ui/ListPage';
import { ORDER_CATEGORIES_ENDPOINT, useDeleteOrderCategoryMutation } from './orderSetupApi';
import type { OrderCategoryRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /orders/categories: Navn, Varenummer, Pris; Rediger and Slet; Opret kategori (spec 3 §2). */
export function OrderCategoriesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteOrderCategoryMutation();
  return (
    <ListPage<OrderCategoryRow>
      title={t('orderSetup.categories.title')}
      createLabel={t('orderSetup.categories.create')}
      basePath="/orders/categories"
      endpoint={ORDER_CATEGORIES_ENDPOINT}
      tag="OrderCategory"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('orderSetup.categories.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('orderSetup.columns.name'), sortable: true },
        { field: 'Sku', header: t('orderSetup.columns.sku'), sortable: true },
        {
          field: 'Price',
          header: t('orderSetup.columns.price'),
          sortable: true,
          body: (row) => (row.Price === null ? '' : formatOre(row.Price)),
        },
      ]}
    />
  );
}
