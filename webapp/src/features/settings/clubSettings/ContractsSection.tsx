import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../shared/ui/FormFields';
import { ImageField } from '../../../shared/ui/ImageField';

/** Aftaler: the contract PDF and its e-mails. */
export function ContractsSection() {
  const { t } = useTranslation();
  return (
    <div className="tb-stack">
      <div className="tb-form-grid">
        <TextField name="settings.contracts.pdfTitle" label={t('settings.contracts.pdfTitle')} />
        <TextField name="settings.contracts.color" label={t('settings.contracts.color')} />
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
    </div>
  );
}
