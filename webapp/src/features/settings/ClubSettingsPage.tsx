import { Formik } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { saveErrorMessage } from '../../shared/conflict';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import {
  clubSettingsSchema,
  clubSettingsValues,
  SECTION_NAMES,
  type ClubSettingsValues,
  type SettingsSection,
} from './clubSettings/clubSettingsSchema';
import { CompaniesSection } from './clubSettings/CompaniesSection';
import { ContactsSection } from './clubSettings/ContactsSection';
import { ContractsSection } from './clubSettings/ContractsSection';
import { DashboardSection } from './clubSettings/DashboardSection';
import { EconomicSection } from './clubSettings/EconomicSection';
import { EventsSection } from './clubSettings/EventsSection';
import { GeneralSection } from './clubSettings/GeneralSection';
import { NewsletterSection } from './clubSettings/NewsletterSection';
import { OrdersSection } from './clubSettings/OrdersSection';
import { WebshopSection } from './clubSettings/WebshopSection';
import { useGetClubSettingsQuery, useSaveClubSettingsMutation } from './settingsApi';

/**
 * The settings form of a club: the current one, or any club from the admin client editor. A save
 * sends the version the form was read with and reads the settings again (the next version); a 409
 * shows the server's text and keeps what was typed.
 */
export function ClubSettingsForm({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { client } = useAppSession();
  const query = useGetClubSettingsQuery(clientId);
  const [save] = useSaveClubSettingsMutation();
  const stored = query.data;
  const initialValues = useMemo(() => (stored ? clubSettingsValues(stored) : null), [stored]);
  const schema = useMemo(() => clubSettingsSchema(t), [t]);
  if (query.isLoading || !initialValues || !stored) {
    return query.isError ? (
      <Alert severity="error">{apiErrorMessage(query.error) ?? t('common.errors.generic')}</Alert>
    ) : (
      <Preloader label={t('common.loading')} />
    );
  }
  // The admin client editor always shows every panel (spec 1 §6).
  const shown = (name: string) =>
    clientId !== undefined || stored.sections.some((s) => s.name === name && s.enabled);
  const isCurrentClub = !clientId || clientId === client?.id;
  const section = (name: string, label: string, key: number, content: ReactNode) => ({
    key,
    label,
    visible: shown(name),
    content: <Card className="tb-card">{content}</Card>,
  });
  return (
    <Formik<ClubSettingsValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        const { logoFile, pdfLogoFile, pdfBannerFile, logo, settings, ...rest } = values;
        const sent: Record<string, SettingsSection> = {};
        for (const name of SECTION_NAMES) if (shown(name)) sent[name] = settings[name] ?? {};
        try {
          await save({
            data: {
              ...rest,
              clientId,
              version: stored.version,
              ...(stored.logo && logo === null ? { logo: null } : {}),
              settings: sent,
            },
            files: {
              logoFile,
              'contracts.pdfLogoFile': pdfLogoFile,
              'contracts.pdfBannerFile': pdfBannerFile,
            },
          }).unwrap();
          toast.success(t('settings.saved'));
          await query.refetch();
          void helpers.setFieldValue('logoFile', null, false);
        } catch (error) {
          const fieldErrors = applyServerErrors(helpers.setErrors, error);
          const message = saveErrorMessage(
            error,
            t,
            fieldErrors ? undefined : t('common.errors.generic'),
          );
          if (message) toast.error(message);
        }
      }}
    >
      {(form) => (
        <Form className="tb-page" label={t('settings.general.title')}>
          <div className="tb-page-header">
            <h1>
              {clientId ? t('settings.general.clientSettings') : t('settings.general.heading')}
            </h1>
            <div className="tb-page-actions">
              <Button
                type="submit"
                icon="pi pi-save"
                label={t('common.save')}
                loading={form.isSubmitting}
              />
            </div>
          </div>
          <Tabs
            tabs={[
              {
                key: 10,
                label: t('settings.general.tab'),
                content: (
                  <Card className="tb-card">
                    <GeneralSection canEditUrl={stored.canEditUrl} />
                  </Card>
                ),
              },
              section('companies', t('settings.sections.companies'), 20, <CompaniesSection />),
              section(
                'contacts',
                t('settings.sections.contacts'),
                30,
                <ContactsSection canImport={isCurrentClub} />,
              ),
              section('dashboard', t('settings.sections.dashboard'), 35, <DashboardSection />),
              section('events', t('settings.sections.events'), 40, <EventsSection />),
              section('newsletter', t('settings.sections.newsletter'), 50, <NewsletterSection />),
              section('orders', t('settings.sections.orders'), 60, <OrdersSection />),
              section('contracts', t('settings.sections.contracts'), 70, <ContractsSection />),
              section('webshop', t('settings.sections.webshop'), 80, <WebshopSection />),
              section('economic', t('settings.sections.economic'), 90, <EconomicSection />),
            ]}
          />
        </Form>
      )}
    </Formik>
  );
}

/** /settings 'Indstillinger' (spec 1 §2). */
export function ClubSettingsPage() {
  return <ClubSettingsForm />;
}
