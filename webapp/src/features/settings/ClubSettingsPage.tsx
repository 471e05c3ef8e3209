import { Formik, useField } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import { yup } from '../../shared/validation';
import {
  useGetAccountingProductsQuery,
  useGetClubSettingsQuery,
  useGetImportTeamsQuery,
  useGetReferencesQuery,
  useImportTeamsMutation,
  useSaveClubSettingsMutation,
} from './settingsApi';
import type { ClubSettings } from './types';

type Section = Record<string, unknown>;

interface SettingsValues {
  name: string;
  url: string;
  address: string;
  zipCode: string;
  city: string;
  cvr: string;
  email: string;
  phone: string;
  website: string;
  contact: string;
  ownDesignation: string;
  senderEmail: string;
  bankReg: string;
  bankAccount: string;
  pricesWithVat: boolean;
  disableVat: boolean;
  logo: string | null;
  logoFile: File | null;
  apiKeys: { name: string; key: string }[];
  settings: Record<string, Section>;
  pdfLogoFile: File | null;
  pdfBannerFile: File | null;
}

const SECTION_NAMES = [
  'companies',
  'contacts',
  'dashboard',
  'events',
  'newsletter',
  'orders',
  'contracts',
  'webshop',
  'economic',
];

function initial(stored: ClubSettings): SettingsValues {
  const text = (v: string | null) => v ?? '';
  const settings: Record<string, Section> = {};
  for (const name of SECTION_NAMES) settings[name] = { ...(stored.settings[name] ?? {}) };
  return {
    name: stored.name,
    url: text(stored.url),
    address: text(stored.address),
    zipCode: text(stored.zipCode),
    city: text(stored.city),
    cvr: text(stored.cvr),
    email: text(stored.email),
    phone: text(stored.phone),
    website: text(stored.website),
    contact: text(stored.contact),
    ownDesignation: text(stored.ownDesignation),
    senderEmail: text(stored.senderEmail),
    bankReg: text(stored.bankReg),
    bankAccount: text(stored.bankAccount),
    pricesWithVat: stored.pricesWithVat,
    disableVat: stored.disableVat,
    logo: stored.logo,
    logoFile: null,
    apiKeys: stored.apiKeys,
    settings,
    pdfLogoFile: null,
    pdfBannerFile: null,
  };
}

/** A list of {name, template} (e-mail, SMS and ticket templates). */
function TemplatesField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<{ name: string; template: string }[] | undefined>(name);
  const list = field.value ?? [];
  const set = (next: typeof list) => void helpers.setValue(next);
  return (
    <fieldset className="tb-fieldset">
      <legend>{label}</legend>
      {list.map((item, index) => (
        <div className="tb-stack" key={index}>
          <InputText
            value={item.name}
            aria-label={`${label}: ${t('settings.general.templateName')}`}
            placeholder={t('settings.general.templateName')}
            onChange={(e) =>
              set(list.map((x, i) => (i === index ? { ...x, name: e.target.value } : x)))
            }
          />
          <InputTextarea
            value={item.template}
            rows={4}
            aria-label={`${label}: ${t('settings.general.template')}`}
            onChange={(e) =>
              set(list.map((x, i) => (i === index ? { ...x, template: e.target.value } : x)))
            }
          />
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-trash"
            label={t('settings.remove')}
            onClick={() => set(list.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.add')}
        onClick={() => set([...list, { name: '', template: '' }])}
      />
    </fieldset>
  );
}

interface Definition {
  title: string;
  alias: string;
  type: string;
  values: string[];
  multiple: boolean;
  required: boolean;
}

/** The extra-info definitions of companies or contacts (spec 1 §3 Extra info). */
function ExtraInfoDefinitionsField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<Definition[] | undefined>(name);
  const list = field.value ?? [];
  const set = (index: number, patch: Partial<Definition>) =>
    void helpers.setValue(list.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <fieldset className="tb-fieldset">
      <legend>{label}</legend>
      {list.map((def, index) => (
        <div className="tb-form-row" key={index}>
          <InputText
            value={def.title}
            placeholder={t('settings.general.title')}
            aria-label={t('settings.general.title')}
            onChange={(e) => set(index, { title: e.target.value })}
          />
          <InputText
            value={def.alias}
            placeholder={t('settings.general.alias')}
            aria-label={t('settings.general.alias')}
            onChange={(e) => set(index, { alias: e.target.value })}
          />
          <Dropdown
            value={def.type}
            options={['Text', 'Select', 'Radio', 'Checkbox']}
            ariaLabel={t('settings.general.type')}
            onChange={(e) => set(index, { type: e.value as string })}
          />
          <InputText
            value={def.values.join(', ')}
            placeholder={t('settings.general.values')}
            aria-label={t('settings.general.values')}
            onChange={(e) =>
              set(index, {
                values: e.target.value
                  .split(',')
                  .map((v) => v.trim())
                  .filter(Boolean),
              })
            }
          />
          <label>
            <Checkbox
              checked={def.multiple}
              onChange={() => set(index, { multiple: !def.multiple })}
            />{' '}
            {t('settings.general.multiple')}
          </label>
          <label>
            <Checkbox
              checked={def.required}
              onChange={() => set(index, { required: !def.required })}
            />{' '}
            {t('settings.general.required')}
          </label>
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-trash"
            aria-label={t('settings.remove')}
            onClick={() => void helpers.setValue(list.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        type="button"
        text
        icon="pi pi-plus"
        label={t('settings.add')}
        onClick={() =>
          void helpers.setValue([
            ...list,
            { title: '', alias: '', type: 'Text', values: [], multiple: false, required: false },
          ])
        }
      />
    </fieldset>
  );
}

/** A text list typed with commas (sponsor types). */
function CommaListField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<string[] | undefined>(name);
  return (
    <label className="tb-field">
      <span>{label}</span>
      <InputText
        value={(field.value ?? []).join(', ')}
        onChange={(e) =>
          void helpers.setValue(
            e.target.value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          )
        }
      />
    </label>
  );
}

/** The team-sport import: teams and roles to import, and 'Importer'. */
function TeamImport({ canImport }: { canImport: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useGetImportTeamsQuery();
  const [teams, , teamHelpers] = useField<string[] | undefined>(
    'settings.contacts.importTeamLists',
  );
  const [roles, , roleHelpers] = useField<string[] | undefined>(
    'settings.contacts.importRoleLists',
  );
  const [runImport, { isLoading }] = useImportTeamsMutation();
  return (
    <fieldset className="tb-fieldset">
      <legend>{t('settings.contacts.import')}</legend>
      <label className="tb-field">
        <span>{t('settings.contacts.teams')}</span>
        <MultiSelect
          value={teams.value ?? []}
          options={(data?.teams ?? []).map((team) => ({ label: team.name, value: team.id }))}
          onChange={(e) => void teamHelpers.setValue(e.value as string[])}
          display="chip"
        />
      </label>
      <label className="tb-field">
        <span>{t('settings.contacts.roles')}</span>
        <MultiSelect
          value={roles.value ?? []}
          options={(data?.roles ?? []).map((role) => ({ label: role, value: role }))}
          onChange={(e) => void roleHelpers.setValue(e.value as string[])}
          display="chip"
        />
      </label>
      {canImport && (
        <Button
          type="button"
          icon="pi pi-download"
          label={t('settings.contacts.runImport')}
          loading={isLoading}
          onClick={async () => {
            try {
              await runImport({
                importTeamLists: teams.value ?? [],
                importRoleLists: roles.value ?? [],
              }).unwrap();
              toast.success(t('settings.contacts.imported'));
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
            }
          }}
        />
      )}
    </fieldset>
  );
}

function ReferenceSelect({ name, label, kind }: { name: string; label: string; kind: string }) {
  const { data = [] } = useGetReferencesQuery(kind);
  return (
    <SelectField<number | null>
      name={name}
      label={label}
      options={data.map((r) => ({ label: `${r.number} – ${r.name}`, value: Number(r.number) }))}
      showClear
    />
  );
}

function EconomicSection() {
  const { t } = useTranslation();
  const { data: products = [] } = useGetAccountingProductsQuery('');
  const productOptions = products.map((p) => ({
    label: `${p.productNumber} – ${p.name}`,
    value: p.productNumber,
  }));
  const p = 'settings.economic';
  return (
    <div className="tb-form-grid">
      <ReferenceSelect
        name={`${p}.productGroup`}
        label={t('settings.economic.productGroup')}
        kind="product-groups"
      />
      <ReferenceSelect
        name={`${p}.productGroupVatExempt`}
        label={t('settings.economic.productGroupVatExempt')}
        kind="product-groups"
      />
      <ReferenceSelect
        name={`${p}.customerGroup`}
        label={t('settings.economic.customerGroup')}
        kind="customer-groups"
      />
      <ReferenceSelect
        name={`${p}.vatZone`}
        label={t('settings.economic.vatZone')}
        kind="vat-zones"
      />
      <ReferenceSelect
        name={`${p}.paymentTerms`}
        label={t('settings.economic.paymentTerms')}
        kind="payment-terms"
      />
      <ReferenceSelect name={`${p}.layout`} label={t('settings.economic.layout')} kind="layouts" />
      <SelectField<string | null>
        name={`${p}.feeProduct`}
        label={t('settings.economic.feeProduct')}
        options={productOptions}
        showClear
        filter
      />
      <SelectField<string | null>
        name={`${p}.discountProduct`}
        label={t('settings.economic.discountProduct')}
        options={productOptions}
        showClear
        filter
      />
      <TextAreaField name={`${p}.invoiceText`} label={t('settings.economic.invoiceText')} />
    </div>
  );
}

/** The settings form of a club: the current one, or any club from the admin client editor. */
export function ClubSettingsForm({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { client } = useAppSession();
  const query = useGetClubSettingsQuery(clientId);
  const [save] = useSaveClubSettingsMutation();
  const stored = query.data;
  const initialValues = useMemo(() => (stored ? initial(stored) : null), [stored]);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().label(t('settings.general.name')).trim().required(),
        email: yup.string().label(t('settings.general.email')).email(),
        senderEmail: yup.string().label(t('settings.general.senderEmail')).email(),
        bankReg: yup.string().label(t('settings.general.bankReg')).numeric(),
        bankAccount: yup.string().label(t('settings.general.bankAccount')).numeric(),
        logoFile: yup.mixed().nullable().label(t('settings.general.logo')).image(),
        pdfLogoFile: yup.mixed().nullable().label(t('settings.contracts.pdfLogo')).image(),
        pdfBannerFile: yup.mixed().nullable().label(t('settings.contracts.pdfBanner')).image(),
        settings: yup.object({
          economic: yup.object({
            invoiceText: yup
              .string()
              .nullable()
              .label(t('settings.economic.invoiceText'))
              .max(1000),
          }),
        }),
      }),
    [t],
  );
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
  const section = (name: string, label: string, content: ReactNode, key: number) => ({
    key,
    label,
    visible: shown(name),
    content: <Card className="tb-card">{content}</Card>,
  });
  return (
    <Formik<SettingsValues>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        const { logoFile, pdfLogoFile, pdfBannerFile, logo, settings, ...rest } = values;
        const sent: Record<string, Section> = {};
        for (const name of SECTION_NAMES) if (shown(name)) sent[name] = settings[name] ?? {};
        try {
          await save({
            data: {
              ...rest,
              clientId,
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
          const message =
            apiErrorMessage(error) ?? (fieldErrors ? undefined : t('common.errors.generic'));
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
                    <div className="tb-form-grid">
                      <TextField name="name" label={t('settings.general.name')} />
                      {stored.canEditUrl && (
                        <TextField name="url" label={t('settings.general.url')} />
                      )}
                      <TextField name="address" label={t('settings.general.address')} />
                      <TextField name="zipCode" label={t('settings.general.zipCode')} />
                      <TextField name="city" label={t('settings.general.city')} />
                      <TextField name="cvr" label={t('settings.general.cvr')} />
                      <TextField name="email" type="email" label={t('settings.general.email')} />
                      <TextField name="phone" type="tel" label={t('settings.general.phone')} />
                      <TextField name="website" label={t('settings.general.website')} />
                      <TextField name="contact" label={t('settings.general.contact')} />
                      <TextField
                        name="ownDesignation"
                        label={t('settings.general.ownDesignation')}
                      />
                      <TextField
                        name="senderEmail"
                        type="email"
                        label={t('settings.general.senderEmail')}
                        help={
                          form.values.senderEmail ? t('settings.general.dnsWarning') : undefined
                        }
                      />
                      <TextField
                        name="bankReg"
                        inputMode="numeric"
                        label={t('settings.general.bankReg')}
                      />
                      <TextField
                        name="bankAccount"
                        inputMode="numeric"
                        label={t('settings.general.bankAccount')}
                      />
                    </div>
                    <CheckboxField
                      name="pricesWithVat"
                      label={t('settings.general.pricesWithVat')}
                    />
                    <CheckboxField name="disableVat" label={t('settings.general.disableVat')} />
                    <ImageField name="logoFile" urlName="logo" label={t('settings.general.logo')} />
                  </Card>
                ),
              },
              section(
                'companies',
                t('settings.sections.companies'),
                <ExtraInfoDefinitionsField
                  name="settings.companies.extraInfo"
                  label={t('settings.general.extraInfo')}
                />,
                20,
              ),
              section(
                'contacts',
                t('settings.sections.contacts'),
                <>
                  <ExtraInfoDefinitionsField
                    name="settings.contacts.extraInfo"
                    label={t('settings.general.extraInfo')}
                  />
                  <TeamImport canImport={isCurrentClub} />
                </>,
                30,
              ),
              section(
                'events',
                t('settings.sections.events'),
                <>
                  <div className="tb-form-grid">
                    <TextField
                      name="settings.events.invitationSubject"
                      label={t('settings.events.invitationSubject')}
                    />
                    <TextField
                      name="settings.events.colorButton"
                      label={t('settings.events.colorButton')}
                    />
                    <TextField
                      name="settings.events.colorButtonText"
                      label={t('settings.events.colorButtonText')}
                    />
                  </div>
                  <CommaListField
                    name="settings.events.sponsorTypes"
                    label={t('settings.events.sponsorTypes')}
                  />
                  <TemplatesField
                    name="settings.events.emailTemplates"
                    label={t('settings.events.emailTemplates')}
                  />
                  <TemplatesField
                    name="settings.events.smsTemplates"
                    label={t('settings.events.smsTemplates')}
                  />
                  <TemplatesField
                    name="settings.events.ticketTemplates"
                    label={t('settings.events.ticketTemplates')}
                  />
                </>,
                40,
              ),
              section(
                'newsletter',
                t('settings.sections.newsletter'),
                <TemplatesField
                  name="settings.newsletter.emailTemplates"
                  label={t('settings.events.emailTemplates')}
                />,
                50,
              ),
              section(
                'orders',
                t('settings.sections.orders'),
                <div className="tb-stack">
                  <TextField
                    name="settings.orders.confirmationEmailSubject"
                    label={t('settings.orders.confirmationEmailSubject')}
                    help={t('settings.orders.placeholders')}
                  />
                  <TextAreaField
                    name="settings.orders.confirmationEmailTemplate"
                    label={t('settings.orders.confirmationEmailTemplate')}
                  />
                  <TextField name="settings.orders.color" label={t('settings.orders.color')} />
                  <TextAreaField
                    name="settings.orders.confirmationMessage"
                    label={t('settings.orders.confirmationMessage')}
                  />
                  <TextAreaField
                    name="settings.orders.invoiceDescription"
                    label={t('settings.orders.invoiceDescription')}
                  />
                </div>,
                60,
              ),
              section(
                'contracts',
                t('settings.sections.contracts'),
                <div className="tb-stack">
                  <div className="tb-form-grid">
                    <TextField
                      name="settings.contracts.pdfTitle"
                      label={t('settings.contracts.pdfTitle')}
                    />
                    <TextField
                      name="settings.contracts.color"
                      label={t('settings.contracts.color')}
                    />
                    <TextField
                      name="settings.contracts.headerColor"
                      label={t('settings.contracts.headerColor')}
                    />
                    <TextField
                      name="settings.contracts.emailSubject"
                      label={t('settings.contracts.emailSubject')}
                      help="{name} {sender}"
                    />
                    <TextField
                      name="settings.contracts.signEmailSubject"
                      label={t('settings.contracts.signEmailSubject')}
                      help="{company}"
                    />
                    <TextField
                      name="settings.contracts.signedEmailSubject"
                      label={t('settings.contracts.signedEmailSubject')}
                      help="{company}"
                    />
                    <SelectField<string>
                      name="settings.contracts.priceDisplay"
                      label={t('settings.contracts.priceDisplay')}
                      options={['Total', 'Category', 'Product'].map((v) => ({
                        label: v,
                        value: v,
                      }))}
                    />
                    <TextField
                      name="settings.contracts.pdfAdditionalTitle"
                      label={t('settings.contracts.pdfAdditionalTitle')}
                    />
                  </div>
                  <CheckboxField
                    name="settings.contracts.categoryAsPdfTitle"
                    label={t('settings.contracts.categoryAsPdfTitle')}
                  />
                  <CheckboxField
                    name="settings.contracts.logoRight"
                    label={t('settings.contracts.logoRight')}
                  />
                  <CheckboxField
                    name="settings.contracts.showTotalWithVat"
                    label={t('settings.contracts.showTotalWithVat')}
                  />
                  <CheckboxField
                    name="settings.contracts.showTotalExclVat"
                    label={t('settings.contracts.showTotalExclVat')}
                  />
                  <CheckboxField
                    name="settings.contracts.hideWorth"
                    label={t('settings.contracts.hideWorth')}
                  />
                  <TextAreaField
                    name="settings.contracts.emailText"
                    label={t('settings.contracts.emailText')}
                  />
                  <TextAreaField
                    name="settings.contracts.pdfDescription"
                    label={t('settings.contracts.pdfDescription')}
                  />
                  <TextAreaField
                    name="settings.contracts.pdfGeneralTerms"
                    label={t('settings.contracts.pdfGeneralTerms')}
                  />
                  <TextAreaField
                    name="settings.contracts.pdfPaymentTerms"
                    label={t('settings.contracts.pdfPaymentTerms')}
                  />
                  <ImageField
                    name="pdfLogoFile"
                    urlName="settings.contracts.pdfLogo"
                    label={t('settings.contracts.pdfLogo')}
                  />
                  <ImageField
                    name="pdfBannerFile"
                    urlName="settings.contracts.pdfBanner"
                    label={t('settings.contracts.pdfBanner')}
                  />
                </div>,
                70,
              ),
              section(
                'webshop',
                t('settings.sections.webshop'),
                <div className="tb-stack">
                  <TextAreaField
                    name="settings.webshop.terms"
                    label={t('settings.webshop.terms')}
                    rows={10}
                  />
                  <TextAreaField
                    name="settings.webshop.subscriptionTerms"
                    label={t('settings.webshop.subscriptionTerms')}
                    rows={10}
                  />
                </div>,
                80,
              ),
              section('economic', t('settings.sections.economic'), <EconomicSection />, 90),
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
