import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { navigateAway } from '../../shared/navigation';
import { ListPage } from '../../shared/ui/ListPage';
import { useToast } from '../../shared/ui/Toast';
import { useDeleteSystemUserMutation, useImpersonateMutation } from './settingsApi';
import type { UserListRow } from './types';

/** /settings/admin-users 'Users': every user, with 'Log ind' as them (spec 1 §2). */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [remove] = useDeleteSystemUserMutation();
  const [impersonate] = useImpersonateMutation();
  return (
    <ListPage<UserListRow>
      title={t('settings.adminUsers.title')}
      createLabel={t('settings.adminUsers.create')}
      basePath="/settings/admin-users"
      endpoint="/api/users"
      method="GET"
      tag="AdminUser"
      columns={[
        { field: 'Firstname', header: t('settings.user.firstname'), sortable: true },
        { field: 'Lastname', header: t('settings.user.lastname'), sortable: true },
        { field: 'Email', header: t('settings.user.email'), sortable: true },
        {
          field: 'EmailConfirmed',
          header: t('settings.user.emailConfirmed'),
          body: (row) => (row.EmailConfirmed ? t('settings.yes') : t('settings.no')),
        },
      ]}
      defaultSort={{ field: 'Name', dir: 'asc' }}
      rowName={(row) => `${row.Firstname} ${row.Lastname}`}
      deleteMessage={t('settings.users.confirmDelete')}
      onDelete={(id) => remove(id).unwrap()}
      rowActions={(row) => (
        <Button
          type="button"
          text
          size="small"
          label={t('settings.adminUsers.impersonate')}
          aria-label={t('settings.adminUsers.impersonateLabel', {
            name: `${row.Firstname} ${row.Lastname}`,
          })}
          onClick={async () => {
            try {
              await impersonate(row.Id).unwrap();
              navigateAway('/');
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
            }
          }}
        />
      )}
    />
  );
}
