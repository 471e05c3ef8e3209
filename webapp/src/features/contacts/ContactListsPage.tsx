import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../shared/ui/ListPage';
import { CONTACT_LISTS_ENDPOINT, useDeleteContactListMutation } from './contactsApi';
import type { ContactListRow } from './types';

/** /contacts/contact-lists: search and the lists, 10 a page sorted by title (spec 1 §2). */
export function ContactListsPage() {
  const { t } = useTranslation();
  const [deleteList] = useDeleteContactListMutation();
  return (
    <ListPage<ContactListRow>
      title={t('contacts.lists.title')}
      endpoint={CONTACT_LISTS_ENDPOINT}
      tag="ContactList"
      defaultSort={{ field: 'Title', dir: 'asc' }}
      basePath="/contacts/contact-lists"
      createLabel={t('contacts.lists.create')}
      rowName={(row) => row.Title}
      onDelete={(id) => deleteList(id).unwrap()}
      deleteMessage={t('contacts.lists.confirmDelete')}
      deleteFailedMessage={t('contacts.lists.deleteFailed')}
      columns={[
        {
          field: 'Title',
          header: t('contacts.lists.columns.title'),
          sortable: true,
          body: (row) => <Link to={`/contacts/contact-lists/${row.Id}`}>{row.Title}</Link>,
        },
        { field: 'Contacts', header: t('contacts.lists.columns.contacts') },
      ]}
    />
  );
}
