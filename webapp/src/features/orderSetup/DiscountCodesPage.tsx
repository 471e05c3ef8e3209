import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { formatDay, formatOre, formatPercent } from '../../shared/format';
import { ListPage } from '../../shared/ui/ListPage';
import { DISCOUNT_CODES_ENDPOINT, useDeleteDiscountCodeMutation } from './orderSetupApi';
import type { DiscountCodeRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /orders/discount-codes: Navn, Kode, Rabat, Udløber ('Aldrig'), Aktiv (Ja/Nej) (spec 3 §2). */
export function DiscountCodesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteDiscountCodeMutation();
  return (
    <ListPage<DiscountCodeRow>
      title={t('orderSetup.discountCodes.title')}
      createLabel={t('orderSetup.discountCodes.create')}
      basePath="/orders/discount-codes"
      endpoint={DISCOUNT_CODES_ENDPOINT}
      tag="DiscountCode"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('orderSetup.discountCodes.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('orderSetup.columns.name'), sortable: true },
        { field: 'Code', header: t('orderSetup.columns.code'), sortable: true },
        {
          field: 'Discount',
          header: t('orderSetup.columns.discount'),
          sortable: true,
          body: (row) => (row.Percentage ? formatPercent(row.Discount) : formatOre(row.Discount)),
        },
        {
          field: 'Expires',
          header: t('orderSetup.columns.expires'),
          sortable: true,
          body: (row) =>
            row.Expires ? formatDay(row.Expires) : t('orderSetup.discountCodes.never'),
        },
        {
          field: 'Active',
          header: t('orderSetup.columns.active'),
          sortable: true,
          body: (row) => (row.Active ? t('common.yes') : t('common.no')),
        },
      ]}
    />
  );
}
