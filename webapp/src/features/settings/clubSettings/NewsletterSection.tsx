import { useTranslation } from 'react-i18next';
import { TemplatesField } from './TemplatesField';

/** Nyhedsbrev: the e-mail templates. */
export function NewsletterSection() {
  const { t } = useTranslation();
  return (
    <TemplatesField
      name="settings.newsletter.emailTemplates"
      label={t('settings.events.emailTemplates')}
    />
  );
}
