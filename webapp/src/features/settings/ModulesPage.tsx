import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/ui/ListPage';
import { useDeleteModuleMutation } from './settingsApi';
import type { ModuleListRow } from './types';

/** /settings/modules 'Modules' (spec 1 §2): Name with icon, Alias, Url, Sorting. */
export function ModulesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteModuleMutation();
  return (
    <ListPage<ModuleListRow>
      title={t('settings.modules.title')}
      createLabel={t('settings.modules.create')}
      basePath="/settings/modules"
      endpoint="/api/modules"
      method="GET"
      tag="Module"
      columns={[
        {
          field: 'Name',
          header: t('settings.modules.name'),
          sortable: true,
          body: (row) => (
            <span>
              <i className={row.Icon} aria-hidden="true" /> {row.Name}
            </span>
          ),
        },
        { field: 'Alias', header: t('settings.modules.alias'), sortable: true },
        { field: 'Url', header: t('settings.modules.url'), sortable: true },
        { field: 'Sorting', header: t('settings.modules.sorting'), sortable: true },
      ]}
      defaultSort={{ field: 'Sorting', dir: 'asc' }}
      rowName={(row) => row.Name}
      deleteMessage={t('settings.modules.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
    />
  );
}
