import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { saveErrorMessage } from '../../shared/conflict';
import { extraInfoDefinitions } from '../../shared/extraInfo';
import { useSearchCompaniesQuery } from '../../shared/pickers/pickersApi';
import { Alert } from '../../shared/ui/Alert';
import { ExtraInfoFields } from '../../shared/ui/ExtraInfoFields';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import {
  CheckboxField,
  MultiSelectField,
  TextAreaField,
  TextField,
} from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useGetContactQuery, useGetListOptionsQuery, useSaveContactMutation } from './contactsApi';
import {
  contactFormValues,
  contactPayload,
  contactSchema,
  type ContactFormValues,
} from './contactSchema';
import { PaymentCardsCard } from './PaymentCardsCard';
import type { CompanyRef } from './types';

export const NEW_CONTACT_ID = 'create';

/** Companies to choose from: the ones the contact has, plus those matching the typed text. */
function useCompanyChoices(known: CompanyRef[]) {
  const [search, setSearch] = useState('');
  const { data: found = [] } = useSearchCompaniesQuery(search);
  const options = useMemo(() => {
    const byId = new Map<string, CompanyRef>();
    for (const company of [...known, ...found]) byId.set(company.id, company);
    return [...byId.values()].map((company) => ({ label: company.name, value: company.id }));
  }, [known, found]);
  return { options, setSearch };
}

/**
 * /contacts/{id} ('create' for a new one): details with picture and extra info, companies and
 * lists, payment cards and comments (spec 1 §2).
 */
export function ContactPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_CONTACT_ID } = useParams();
  const isNew = id === NEW_CONTACT_ID;
  const { client } = useAppSession();
  const definitions = useMemo(
    () => extraInfoDefinitions(client?.settings, 'contacts'),
    [client?.settings],
  );
  const query = useGetContactQuery(id, { skip: isNew });
  const [save] = useSaveContactMutation();
  const { data: lists = [] } = useGetListOptionsQuery();
  const contact = isNew ? undefined : query.data?.contact;
  const knownCompanies = useMemo(() => query.data?.companies ?? [], [query.data]);
  const companies = useCompanyChoices(knownCompanies);
  const initialValues = useMemo(
    () => contactFormValues(contact, definitions),
    [contact, definitions],
  );
  const schema = useMemo(() => contactSchema(t, definitions), [t, definitions]);

  if (!isNew && query.isLoading) return <Preloader label={t('common.loading')} />;
  if (!isNew && (query.isError || !contact)) {
    return (
      <section className="tb-page">
        <Alert severity="error">{apiErrorMessage(query.error) ?? t('contacts.notFound')}</Alert>
        <Link to="/contacts">{t('contacts.editor.back')}</Link>
      </section>
    );
  }

  return (
    <Formik<ContactFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const savedId = await save({
            payload: contactPayload(isNew ? null : id, values, definitions, contact),
            file: values.file,
          }).unwrap();
          if (isNew) {
            toast.success(t('contacts.created'));
            navigate(`/contacts/${savedId}`, { replace: true });
          } else {
            toast.success(t('contacts.saved'));
            await query.refetch();
            void helpers.setFieldValue('file', null, false);
          }
        } catch (error) {
          toast.error(saveErrorMessage(error, t, t('contacts.saveFailed')));
          applyServerErrors(helpers.setErrors, error);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="tb-page tb-contact" label={t('contacts.editor.title')}>
          <div className="tb-page-header">
            <h1>
              {isNew
                ? t('contacts.editor.createTitle')
                : [contact?.firstname, contact?.lastname].filter(Boolean).join(' ')}
            </h1>
            <div className="tb-page-actions">
              <Link to="/contacts" className="p-button p-component p-button-text">
                {t('contacts.editor.back')}
              </Link>
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('contacts.editor.save')}
                loading={isSubmitting}
              />
            </div>
          </div>
          <div className={isNew ? 'tb-stack' : 'tb-company-layout'}>
            <div className="tb-stack">
              <Card className="tb-card">
                <h2 className="tb-card-title">{t('contacts.sections.details')}</h2>
                <div className="tb-form-grid">
                  <TextField name="firstname" label={t('contacts.fields.firstname')} />
                  <TextField name="lastname" label={t('contacts.fields.lastname')} />
                  <TextField name="email" type="email" label={t('contacts.fields.email')} />
                  <TextField name="phone" type="tel" label={t('contacts.fields.phone')} />
                  <TextField name="mobile" type="tel" label={t('contacts.fields.mobile')} />
                  <TextField name="linkedin" type="url" label={t('contacts.fields.linkedin')} />
                </div>
                <TextAreaField name="about" label={t('contacts.fields.about')} />
                <div className="tb-form-row">
                  <CheckboxField name="highlighted" label={t('contacts.fields.highlighted')} />
                  <CheckboxField name="noInvitations" label={t('contacts.fields.noInvitations')} />
                  <CheckboxField name="noNewsletters" label={t('contacts.fields.noNewsletters')} />
                </div>
                <ImageField name="file" urlName="picture" label={t('contacts.fields.picture')} />
              </Card>
              {definitions.length > 0 && (
                <Card className="tb-card">
                  <h2 className="tb-card-title">{t('contacts.sections.extraInfo')}</h2>
                  <div className="tb-form-grid">
                    <ExtraInfoFields definitions={definitions} />
                  </div>
                </Card>
              )}
              <Card className="tb-card">
                <h2 className="tb-card-title">{t('contacts.sections.relations')}</h2>
                <MultiSelectField
                  name="companyIds"
                  label={t('contacts.fields.companies')}
                  options={companies.options}
                  filter
                  onFilter={companies.setSearch}
                />
                <MultiSelectField
                  name="listIds"
                  label={t('contacts.fields.lists')}
                  options={lists.map((list) => ({ label: list.title, value: list.id }))}
                  filter
                />
              </Card>
            </div>
            {!isNew && contact && (
              <div className="tb-stack">
                <PaymentCardsCard contactId={id} cards={contact.paymentCards ?? []} />
                <CommentsCard
                  entityId={id}
                  originType="contact"
                  originUrl={`/contacts/${id}`}
                  relations={contact.companyIds}
                />
              </div>
            )}
          </div>
        </Form>
      )}
    </Formik>
  );
}
