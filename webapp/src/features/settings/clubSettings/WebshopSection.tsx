import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../shared/ui/FormFields';

/** Webshop: the terms and the subscription terms. */
export function WebshopSection() {
  const { t } = useTranslation();
  return (
    <div className="tb-stack">
      <TextAreaField name="settings.webshop.terms" label={t('settings.webshop.terms')} rows={10} />
      <TextAreaField
        name="settings.webshop.subscriptionTerms"
        label={t('settings.webshop.subscriptionTerms')}
        rows={10}
      />
    </div>
  );
}
