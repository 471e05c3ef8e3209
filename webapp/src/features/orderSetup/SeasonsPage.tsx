import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { formatDay } from '../../shared/format';
import { ListPage } from '../../shared/ui/ListPage';
import { SEASONS_ENDPOINT, useDeleteSeasonMutation } from './orderSetupApi';
import type { SeasonRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Name', dir: 'asc' };

/** /orders/seasons: Navn, Start dato, Slut dato; 'Rediger season' and Slet (spec 3 §2). */
export function SeasonsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteSeasonMutation();
  return (
    <ListPage<SeasonRow>
      title={t('orderSetup.seasons.title')}
      createLabel={t('orderSetup.seasons.create')}
      basePath="/orders/seasons"
      endpoint={SEASONS_ENDPOINT}
      tag="Season"
      defaultSort={DEFAULT_SORT}
      editLabel={t('orderSetup.seasons.edit')}
      rowName={(row) => row.Name}
      deleteMessage={t('orderSetup.seasons.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[
        { field: 'Name', header: t('orderSetup.columns.name'), sortable: true },
        {
          field: 'StartDate',
          header: t('orderSetup.columns.startDate'),
          sortable: true,
          body: (row) => formatDay(row.StartDate),
        },
        {
          field: 'EndDate',
          header: t('orderSetup.columns.endDate'),
          sortable: true,
          body: (row) => formatDay(row.EndDate),
        },
      ]}
    />
  );
}
