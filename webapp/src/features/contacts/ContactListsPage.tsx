import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DataTable, type TableColumn } from '../../shared/ui/DataTable';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { CONTACT_LISTS_ENDPOINT, useDeleteContactListMutation } from './contactsApi';
import type { ContactListRow } from './types';

/** /contacts/contact-lists: search and the lists, 10 a page sorted by title (spec 1 §2). */
export function ContactListsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [deleteList] = useDeleteContactListMutation();

  const columns: TableColumn<ContactListRow>[] = [
    {
      field: 'Title',
      header: t('contacts.lists.columns.title'),
      sortable: true,
      body: (row) => <Link to={`/contacts/contact-lists/${row.Id}`}>{row.Title}</Link>,
    },
    { field: 'Contacts', header: t('contacts.lists.columns.contacts') },
    {
      field: 'actions',
      header: t('contacts.lists.columns.actions'),
      body: (row) => (
        <span className="tb-row-actions">
          <Link
            to={`/contacts/contact-lists/${row.Id}`}
            className="p-button p-component p-button-text p-button-sm"
            aria-label={t('contacts.lists.editLabel', { name: row.Title })}
          >
            {t('contacts.lists.edit')}
          </Link>
          <ConfirmButton
            text
            size="small"
            severity="danger"
            label={t('contacts.lists.delete')}
            aria-label={t('contacts.lists.deleteLabel', { name: row.Title })}
            message={t('contacts.lists.confirmDelete')}
            onConfirm={async () => {
              try {
                await deleteList(row.Id).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('contacts.lists.deleteFailed'));
              }
            }}
          />
        </span>
      ),
    },
  ];

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('contacts.lists.title')}</h1>
        <div className="tb-page-actions">
          <Link to="/contacts/contact-lists/create" className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('contacts.lists.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <SearchInput label={t('contacts.lists.search')} onSearch={setSearch} />
      </div>
      <DataTable<ContactListRow>
        label={t('contacts.lists.title')}
        endpoint={CONTACT_LISTS_ENDPOINT}
        tag="ContactList"
        columns={columns}
        defaultSort={{ field: 'Title', dir: 'asc' }}
        filter={{ search }}
      />
    </section>
  );
}
