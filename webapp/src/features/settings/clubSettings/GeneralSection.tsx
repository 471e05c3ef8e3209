import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../shared/ui/FormFields';
import { ImageField } from '../../../shared/ui/ImageField';
import type { ClubSettingsValues } from './clubSettingsSchema';

/** Generelt: the club's name, address, contact, bank, VAT and logo; the URL where it may be changed. */
export function GeneralSection({ canEditUrl }: { canEditUrl: boolean }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ClubSettingsValues>();
  return (
    <>
      <div className="tb-form-grid">
        <TextField name="name" label={t('settings.general.name')} />
        {canEditUrl && <TextField name="url" label={t('settings.general.url')} />}
        <TextField name="address" label={t('settings.general.address')} />
        <TextField name="zipCode" label={t('settings.general.zipCode')} />
        <TextField name="city" label={t('settings.general.city')} />
        <TextField name="cvr" label={t('settings.general.cvr')} />
        <TextField name="email" type="email" label={t('settings.general.email')} />
        <TextField name="phone" type="tel" label={t('settings.general.phone')} />
        <TextField name="website" label={t('settings.general.website')} />
        <TextField name="contact" label={t('settings.general.contact')} />
        <TextField name="ownDesignation" label={t('settings.general.ownDesignation')} />
        <TextField
          name="senderEmail"
          type="email"
          label={t('settings.general.senderEmail')}
          help={values.senderEmail ? t('settings.general.dnsWarning') : undefined}
        />
        <TextField name="bankReg" inputMode="numeric" label={t('settings.general.bankReg')} />
        <TextField
          name="bankAccount"
          inputMode="numeric"
          label={t('settings.general.bankAccount')}
        />
      </div>
      <CheckboxField name="pricesWithVat" label={t('settings.general.pricesWithVat')} />
      <CheckboxField name="disableVat" label={t('settings.general.disableVat')} />
      <ImageField name="logoFile" urlName="logo" label={t('settings.general.logo')} />
    </>
  );
}
