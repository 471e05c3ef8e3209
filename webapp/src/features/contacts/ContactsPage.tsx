import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../shared/ui/ListPage';
import { CONTACTS_ENDPOINT, useDeleteContactMutation } from './contactsApi';
import type { ContactRow } from './types';

/** /contacts: search and the contacts, 10 a page sorted by first name (spec 1 §2). */
export function ContactsPage() {
  const { t } = useTranslation();
  const [deleteContact] = useDeleteContactMutation();
  return (
    <ListPage<ContactRow>
      title={t('contacts.list.title')}
      endpoint={CONTACTS_ENDPOINT}
      tag="Contact"
      defaultSort={{ field: 'Firstname', dir: 'asc' }}
      basePath="/contacts"
      createLabel={t('contacts.list.create')}
      rowName={(row) => [row.Firstname, row.Lastname].filter(Boolean).join(' ')}
      onDelete={(id) => deleteContact(id).unwrap()}
      deleteMessage={t('contacts.confirmDelete')}
      deleteFailedMessage={t('contacts.deleteFailed')}
      columns={[
        {
          field: 'Firstname',
          header: t('contacts.columns.firstname'),
          sortable: true,
          body: (row) => <Link to={`/contacts/${row.Id}`}>{row.Firstname}</Link>,
        },
        { field: 'Lastname', header: t('contacts.columns.lastname'), sortable: true },
        { field: 'Email', header: t('contacts.columns.email'), sortable: true },
        { field: 'Phone', header: t('contacts.columns.phone'), sortable: true },
        { field: 'Mobile', header: t('contacts.columns.mobile'), sortable: true },
        { field: 'Companies', header: t('contacts.columns.companies') },
      ]}
    />
  );
}
