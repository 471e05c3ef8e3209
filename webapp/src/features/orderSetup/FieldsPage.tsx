import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { ListPage } from '../../shared/ui/ListPage';
import { FIELDS_ENDPOINT, useDeleteCustomFieldMutation } from './orderSetupApi';
import type { CustomFieldRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/** /orders/fields: Navn, Type, Sortering (spec 3 §2). */
export function FieldsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteCustomFieldMutation();
  return (
    <ListPage<CustomFieldRow>
      title={t('orderSetup.fields.listTitle')}
      createLabel={t('orderSetup.customFields.create')}
      basePath="/orders/fields"
      endpoint={FIELDS_ENDPOINT}
      tag="CustomField"
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('orderSetup.customFields.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Title', header: t('orderSetup.columns.name'), sortable: true },
        {
          field: 'Type',
          header: t('orderSetup.columns.type'),
          sortable: true,
          body: (row) => t(`orderSetup.fieldTypes.${row.Type}`, { defaultValue: row.Type }),
        },
        { field: 'Sorting', header: t('orderSetup.columns.sorting'), sortable: true },
      ]}
    />
  );
}
