import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DataTable, type TableColumn } from '../../shared/ui/DataTable';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { CONTACTS_ENDPOINT, useDeleteContactMutation } from './contactsApi';
import type { ContactRow } from './types';

/** /contacts: search and the contacts, 10 a page sorted by first name (spec 1 §2). */
export function ContactsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [deleteContact] = useDeleteContactMutation();
  const nameOf = (row: ContactRow) => [row.Firstname, row.Lastname].filter(Boolean).join(' ');

  const columns: TableColumn<ContactRow>[] = [
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
    {
      field: 'actions',
      header: t('contacts.columns.actions'),
      body: (row) => (
        <span className="tb-row-actions">
          <Link
            to={`/contacts/${row.Id}`}
            className="p-button p-component p-button-text p-button-sm"
            aria-label={t('contacts.list.editLabel', { name: nameOf(row) })}
          >
            {t('contacts.list.edit')}
          </Link>
          <ConfirmButton
            text
            size="small"
            severity="danger"
            label={t('contacts.list.delete')}
            aria-label={t('contacts.list.deleteLabel', { name: nameOf(row) })}
            message={t('contacts.confirmDelete')}
            onConfirm={async () => {
              try {
                await deleteContact(row.Id).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('contacts.deleteFailed'));
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
        <h1>{t('contacts.list.title')}</h1>
        <div className="tb-page-actions">
          <Link to="/contacts/create" className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('contacts.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <SearchInput label={t('contacts.list.search')} onSearch={setSearch} />
      </div>
      <DataTable<ContactRow>
        label={t('contacts.list.title')}
        endpoint={CONTACTS_ENDPOINT}
        tag="Contact"
        columns={columns}
        defaultSort={{ field: 'Firstname', dir: 'asc' }}
        filter={{ search }}
      />
    </section>
  );
}
