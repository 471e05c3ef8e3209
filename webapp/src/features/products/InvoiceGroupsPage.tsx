import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { ListPage } from '../../shared/ui/ListPage';
import { INVOICE_GROUPS_ENDPOINT, useDeleteInvoiceGroupMutation } from './productsApi';
import type { InvoiceGroupRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /products/invoicegroups. */
export function InvoiceGroupsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteInvoiceGroupMutation();
  return (
    <ListPage<InvoiceGroupRow>
      title={t('products.invoiceGroups.title')}
      createLabel={t('products.invoiceGroups.create')}
      basePath="/products/invoicegroups"
      endpoint={INVOICE_GROUPS_ENDPOINT}
      tag="InvoiceGroup"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('products.invoiceGroups.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('products.columns.name'), sortable: true },
        { field: 'Sku', header: t('products.columns.sku'), sortable: true },
        { field: 'Sorting', header: t('products.columns.sorting'), sortable: true },
        {
          field: 'VatExempt',
          header: t('products.fields.vatExempt'),
          sortable: true,
          body: (row) => (row.VatExempt ? t('common.yes') : t('common.no')),
        },
      ]}
    />
  );
}
