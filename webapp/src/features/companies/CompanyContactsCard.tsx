import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../shared/format';
import { ContactPicker } from '../../shared/pickers/ContactPicker';
import type { CompanyFormValues } from './companySchema';
import { CreateContactDialog } from './CreateContactDialog';
import type { CompanyContact } from './types';
import { RemoveButton } from '../../shared/ui/RemoveButton';

/**
 * The company's contact persons: add an existing one with the searchable picker, create one in the
 * 'Opret kontaktperson' dialog, remove one. Saved with the company (contactIds).
 */
export function CompanyContactsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { values, setValues } = useFormikContext<CompanyFormValues>();
  const [creating, setCreating] = useState(false);

  const contacts = values.contacts;
  // Updates start from formik's current values: the table's cells keep the closures of their render.
  const add = (contact: CompanyContact) =>
    void setValues((current) =>
      current.contacts.some((known) => known.id === contact.id)
        ? current
        : { ...current, contacts: [...current.contacts, contact] },
    );
  const remove = (contact: CompanyContact) =>
    void setValues((current) => ({
      ...current,
      contacts: current.contacts.filter((known) => known.id !== contact.id),
    }));

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <div className="tb-card-header">
          <h2 id={titleId} className="tb-card-title">
            {t('companies.contacts.title')}
          </h2>
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-user-plus"
            label={t('companies.contactPerson.create')}
            onClick={() => setCreating(true)}
          />
        </div>
        <ContactPicker
          label={t('companies.contacts.add')}
          value={null}
          onChange={add}
          placeholder={t('companies.contacts.searchPlaceholder')}
          exclude={contacts}
        />
        <DataTable
          value={contacts}
          dataKey="id"
          emptyMessage={t('table.empty')}
          pt={{ table: { 'aria-label': t('companies.contacts.title') } }}
        >
          <Column
            header={t('companies.contacts.name')}
            body={(contact: CompanyContact) => (
              <Link to={`/contacts/${contact.id}`}>{fullName(contact)}</Link>
            )}
          />
          <Column field="email" header={t('companies.contacts.email')} />
          <Column field="phone" header={t('companies.contacts.phone')} />
          <Column field="mobile" header={t('companies.contacts.mobile')} />
          <Column
            header={t('companies.contacts.actions')}
            body={(contact: CompanyContact) => (
              <RemoveButton
                label={t('companies.contacts.remove')}
                aria-label={t('companies.contacts.removeLabel', { name: fullName(contact) })}
                onClick={() => remove(contact)}
              />
            )}
          />
        </DataTable>
      </section>
      <CreateContactDialog visible={creating} onHide={() => setCreating(false)} onCreated={add} />
    </Card>
  );
}
