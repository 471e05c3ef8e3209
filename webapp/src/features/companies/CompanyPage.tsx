import { Formik, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { saveErrorMessage } from '../../shared/conflict';
import { extraInfoDefinitions } from '../../shared/extraInfo';
import { FilesGrid } from '../../shared/files/FilesGrid';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import { useGetCompanyQuery, useSaveCompanyMutation } from './companiesApi';
import { CompanyContactsCard } from './CompanyContactsCard';
import { CompanyEventsTab } from './CompanyEventsTab';
import { CompanyInfoFields } from './CompanyInfoFields';
import { CompanyContracts, CompanyOrders, RevenueTile } from './CompanyRelations';
import {
  companyFormValues,
  companyPayload,
  companySchema,
  type CompanyFormValues,
} from './companySchema';

export const NEW_COMPANY_ID = 'create';

const COMPANY_TAB = 10;
const FILES_TAB = 20;
const EVENTS_TAB = 30;

/** A failed submit on another tab shows the Virksomhed tab, where every checked field is. */
function ShowFieldsOnInvalidSubmit({ onInvalid }: { onInvalid: () => void }) {
  const { submitCount, isValid, isSubmitting } = useFormikContext();
  const handled = useRef(0);
  const listener = useRef(onInvalid);
  useEffect(() => {
    listener.current = onInvalid;
  });
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handled.current) return;
    handled.current = submitCount;
    listener.current();
  }, [submitCount, isValid, isSubmitting]);
  return null;
}

/**
 * /companies/{id} ('create' for a new one): tabs Virksomhed, Filer (once saved) and Arrangementer
 * (once saved, with the events module). After create the page moves to the new id; after save the
 * company is read again.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { id = NEW_COMPANY_ID } = useParams();
  const isNew = id === NEW_COMPANY_ID;
  const { client, modules } = useAppSession();
  const definitions = useMemo(
    () => extraInfoDefinitions(client?.settings, 'companies'),
    [client?.settings],
  );
  const query = useGetCompanyQuery(id, { skip: isNew });
  const [save] = useSaveCompanyMutation();
  const [tab, setTab] = useTabParam(COMPANY_TAB);
  const company = isNew ? undefined : query.data?.company;
  const ownerChosen = Boolean(company?.ownerId);
  const initialValues = useMemo(
    () => companyFormValues(company, definitions),
    [company, definitions],
  );
  const schema = useMemo(
    () => companySchema(t, definitions, ownerChosen),
    [t, definitions, ownerChosen],
  );
  const hasEvents = modules.some((module) => module.alias === 'events');

  if (!isNew && query.isLoading) return <Preloader label={t('common.loading')} />;
  if (!isNew && (query.isError || !company)) {
    return (
      <section className="tb-page">
        <Alert severity="error">{apiErrorMessage(query.error) ?? t('companies.notFound')}</Alert>
        <Link to="/companies">{t('companies.editor.back')}</Link>
      </section>
    );
  }

  return (
    <Formik<CompanyFormValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const savedId = await save({
            payload: companyPayload(isNew ? null : id, values, definitions, company),
            logoWebFile: values.logoWebFile,
            logoPrintFile: values.logoPrintFile,
          }).unwrap();
          if (isNew) {
            toast.success(t('companies.created'));
            navigate(`/companies/${savedId}`, { replace: true });
          } else {
            toast.success(t('companies.saved'));
            await query.refetch();
            void helpers.setFieldValue('logoWebFile', null, false);
            void helpers.setFieldValue('logoPrintFile', null, false);
          }
        } catch (error) {
          toast.error(saveErrorMessage(error, t, t('companies.saveFailed')));
          applyServerErrors(helpers.setErrors, error);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="tb-page tb-company" label={t('companies.editor.title')}>
          <ShowFieldsOnInvalidSubmit onInvalid={() => tab !== COMPANY_TAB && setTab(COMPANY_TAB)} />
          <div className="tb-page-header">
            <h1>{isNew ? t('companies.editor.createTitle') : company?.name}</h1>
            <div className="tb-page-actions">
              <Link to="/companies" className="p-button p-component p-button-text">
                {t('companies.editor.back')}
              </Link>
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('companies.editor.save')}
                loading={isSubmitting}
              />
            </div>
          </div>
          <Tabs
            activeKey={tab}
            onTabChange={setTab}
            tabs={[
              {
                key: COMPANY_TAB,
                label: t('companies.tabs.company'),
                content: (
                  <div className={isNew ? 'tb-stack' : 'tb-company-layout'}>
                    <div className="tb-stack">
                      <CompanyInfoFields definitions={definitions} ownerChosen={ownerChosen} />
                      <CompanyContactsCard />
                    </div>
                    {!isNew && company && (
                      <div className="tb-stack">
                        <RevenueTile companyId={id} />
                        <CompanyContracts companyId={id} contracts={query.data?.contracts ?? []} />
                        <CompanyOrders companyId={id} orders={query.data?.orders ?? []} />
                        <CommentsCard
                          entityId={id}
                          originType="company"
                          originUrl={`/companies/${id}`}
                          relations={company.contacts.map((contact) => contact.id)}
                        />
                      </div>
                    )}
                  </div>
                ),
              },
              {
                key: FILES_TAB,
                label: t('companies.tabs.files'),
                visible: !isNew,
                content: <FilesGrid relationId={id} relationType="company" />,
              },
              {
                key: EVENTS_TAB,
                label: t('companies.tabs.events'),
                visible: !isNew && hasEvents,
                content: <CompanyEventsTab companyId={id} />,
              },
            ]}
          />
        </Form>
      )}
    </Formik>
  );
}
