import { Formik, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { saveErrorMessage } from '../../shared/conflict';
import { fullName } from '../../shared/format';
import { ContactPicker } from '../../shared/pickers/ContactPicker';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { TextField } from '../../shared/ui/FormFields';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useGetContactListQuery, useSaveContactListMutation } from './contactsApi';
import { contactListSchema, type ContactListFormValues } from './contactSchema';
import type { ContactRef } from './types';
import { RemoveButton } from '../../shared/ui/RemoveButton';

export const NEW_LIST_ID = 'create';

/** The list's contacts: a picker to add one and a table to remove one. */
function ListContacts() {
  const { t } = useTranslation();
  const titleId = useId();
  const { values, setValues } = useFormikContext<ContactListFormValues>();
  const contacts = values.contacts;

  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('contacts.lists.contacts')}
        </h2>
        <ContactPicker
          label={t('contacts.lists.addContact')}
          value={null}
          onChange={(chosen) =>
            void setValues((current) =>
              current.contacts.some((known) => known.id === chosen.id)
                ? current
                : { ...current, contacts: [...current.contacts, chosen] },
            )
          }
          placeholder={t('contacts.lists.searchContacts')}
          exclude={contacts}
        />
        <DataTable
          value={contacts}
          dataKey="id"
          emptyMessage={t('table.empty')}
          pt={{ table: { 'aria-label': t('contacts.lists.contacts') } }}
        >
          <Column
            header={t('contacts.lists.contactName')}
            body={(contact: ContactRef) => (
              <Link to={`/contacts/${contact.id}`}>{fullName(contact)}</Link>
            )}
          />
          <Column field="email" header={t('contacts.lists.contactEmail')} />
          <Column
            header={t('contacts.lists.columns.actions')}
            body={(contact: ContactRef) => (
              <RemoveButton
                label={t('contacts.lists.removeContact')}
                aria-label={t('contacts.lists.removeContactLabel', { name: fullName(contact) })}
                // The table's cells keep the closures of their render: start from formik's values.
                onClick={() =>
                  void setValues((current) => ({
                    ...current,
                    contacts: current.contacts.filter((known) => known.id !== contact.id),
                  }))
                }
              />
            )}
          />
        </DataTable>
      </section>
    </Card>
  );
}

/** /contacts/contact-lists/{id} ('create' for a new one): its name and, once saved, its contacts. */
export function ContactListPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_LIST_ID } = useParams();
  const isNew = id === NEW_LIST_ID;
  const query = useGetContactListQuery(id, { skip: isNew });
  const [save] = useSaveContactListMutation();
  const list = isNew ? undefined : query.data;
  const initialValues = useMemo<ContactListFormValues>(
    () => ({ title: list?.title ?? '', contacts: list?.contacts ?? [] }),
    [list],
  );
  const schema = useMemo(() => contactListSchema(t), [t]);

  if (!isNew && query.isLoading) return <Preloader label={t('common.loading')} />;
  if (!isNew && (query.isError || !list)) {
    return (
      <section className="tb-page">
        <Alert severity="error">
          {apiErrorMessage(query.error) ?? t('contacts.lists.notFound')}
        </Alert>
        <Link to="/contacts/contact-lists">{t('contacts.lists.back')}</Link>
      </section>
    );
  }

  return (
    <Formik<ContactListFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const savedId = await save({
            id: isNew ? null : id,
            version: list?.version ?? null,
            title: values.title.trim(),
            contactIds: values.contacts.map((contact) => contact.id),
          }).unwrap();
          if (isNew) {
            toast.success(t('contacts.lists.created'));
            navigate(`/contacts/contact-lists/${savedId}`, { replace: true });
          } else {
            toast.success(t('contacts.lists.saved'));
            await query.refetch();
          }
        } catch (error) {
          toast.error(saveErrorMessage(error, t, t('contacts.lists.saveFailed')));
          applyServerErrors(helpers.setErrors, error);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="tb-page tb-contact-list" label={t('contacts.lists.editorTitle')}>
          <div className="tb-page-header">
            <h1>{isNew ? t('contacts.lists.createTitle') : list?.title}</h1>
            <div className="tb-page-actions">
              <Link to="/contacts/contact-lists" className="p-button p-component p-button-text">
                {t('contacts.lists.back')}
              </Link>
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('contacts.lists.save')}
                loading={isSubmitting}
              />
            </div>
          </div>
          <div className="tb-stack">
            <Card className="tb-card">
              <TextField name="title" label={t('contacts.lists.fields.title')} />
            </Card>
            {!isNew && <ListContacts />}
          </div>
        </Form>
      )}
    </Formik>
  );
}
