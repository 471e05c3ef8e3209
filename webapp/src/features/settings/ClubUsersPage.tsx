import { useTranslation } from 'react-i18next';
import { ListPage } from '../../shared/ui/ListPage';
import { useDeleteClubUserMutation } from './settingsApi';
import type { ClubUserRow } from './types';

/** /settings/users 'Brugere': the club's own users (spec 1 §2). */
export function ClubUsersPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteClubUserMutation();
  return (
    <ListPage<ClubUserRow>
      title={t('settings.users.title')}
      createLabel={t('settings.users.create')}
      basePath="/settings/users"
      endpoint="/api/client/users"
      method="GET"
      tag="ClientUser"
      columns={[
        { field: 'Firstname', header: t('settings.user.firstname'), sortable: true },
        { field: 'Lastname', header: t('settings.user.lastname'), sortable: true },
        { field: 'Email', header: t('settings.user.email'), sortable: true },
      ]}
      defaultSort={{ field: 'Name', dir: 'asc' }}
      rowName={(row) => `${row.Firstname} ${row.Lastname}`}
      deleteMessage={t('settings.users.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
    />
  );
}
