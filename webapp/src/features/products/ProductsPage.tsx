import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { formatOre } from '../../shared/format';
import { ListPage } from '../../shared/ui/ListPage';
import { PRODUCTS_ENDPOINT, useDeleteProductMutation } from './productsApi';
import type { ProductRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /products: Titel, Beskrivelse, Kategori, Pris ('Fra:' with variants), Sortering (spec 3 §2). */
export function ProductsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteProductMutation();
  return (
    <ListPage<ProductRow>
      title={t('products.list.title')}
      createLabel={t('products.list.create')}
      basePath="/products"
      endpoint={PRODUCTS_ENDPOINT}
      tag="Product"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('products.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('products.columns.title'), sortable: true },
        { field: 'Description', header: t('products.columns.description'), sortable: true },
        { field: 'Category', header: t('products.columns.category'), sortable: true },
        {
          field: 'Price',
          header: t('products.columns.price'),
          sortable: true,
          body: (row) =>
            row.Price === null
              ? ''
              : row.HasVariants
                ? t('products.list.from', { price: formatOre(row.Price) })
                : formatOre(row.Price),
        },
        { field: 'Sorting', header: t('products.columns.sorting'), sortable: true },
      ]}
    />
  );
}
