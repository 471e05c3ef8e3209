import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/ui/ListPage';
import { useDeleteClientMutation } from './settingsApi';
import type { ClientListRow } from './types';

/** /settings/clients 'Clients' (spec 1 §2): Name and Active (Aktiv / Inaktiv). */
export function ClientsPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteClientMutation();
  return (
    <ListPage<ClientListRow>
      title={t('settings.clients.title')}
      createLabel={t('settings.clients.create')}
      basePath="/settings/clients"
      endpoint="/api/clients"
      method="GET"
      tag="AdminClient"
      columns={[
        { field: 'Name', header: t('settings.clients.name'), sortable: true },
        {
          field: 'Active',
          header: t('settings.clients.active'),
          sortable: true,
          body: (row) =>
            row.Active ? (
              <Tag severity="success" value={t('settings.clients.activeBadge')} />
            ) : (
              <Tag severity="danger" value={t('settings.clients.inactiveBadge')} />
            ),
        },
      ]}
      defaultSort={{ field: 'Name', dir: 'asc' }}
      rowName={(row) => row.Name}
      deleteMessage={t('settings.clients.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
    />
  );
}
