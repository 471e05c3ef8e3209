import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/FormFields';
import { CommaListField } from './CommaListField';
import { TemplatesField } from './TemplatesField';

/** Arrangementer: invitations, button colours, sponsor types and the e-mail, SMS and ticket templates. */
export function EventsSection() {
  const { t } = useTranslation();
  return (
    <>
      <div className="tb-form-grid">
        <TextField
          name="settings.events.invitationSubject"
          label={t('settings.events.invitationSubject')}
        />
        <TextField name="settings.events.colorButton" label={t('settings.events.colorButton')} />
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
    </>
  );
}
