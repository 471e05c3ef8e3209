import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { NOTIFICATION_KEYS, REMINDER_INTERVALS } from '../../shared/events/types';

/** The value of the club's standard template (spec 2 §9: none, Default, or the club's own). */
const DEFAULT_TEMPLATE = 'Default';

/**
 * 'Notifikationer': per message (invitation, reminder, update, cancelled, receipt) the e-mail and
 * SMS template (none, 'Standard' or one of the club's own by name), and the reminder's days before
 * the event.
 */
export function NotificationsCard({
  emailTemplates,
  smsTemplates,
}: {
  emailTemplates: string[];
  smsTemplates: string[];
}) {
  const { t } = useTranslation();
  const choices = (names: string[]): SelectOption<string>[] => [
    { label: t('events.notifications.default'), value: DEFAULT_TEMPLATE },
    ...names.map((name) => ({ label: name, value: name })),
  ];
  const intervals: SelectOption<number>[] = REMINDER_INTERVALS.map((days) => ({
    label: t('events.notifications.days', { count: days }),
    value: days,
  }));
  return (
    <Section title={t('events.sections.notifications')}>
      <div className="tb-stack">
        {NOTIFICATION_KEYS.map((key) => (
          <fieldset key={key} className="tb-form-grid">
            <legend>{t(`events.notifications.keys.${key}`)}</legend>
            <SelectField
              name={`notifications.emailNotifications.${key}`}
              label={t('events.notifications.email', {
                message: t(`events.notifications.keys.${key}`),
              })}
              options={choices(emailTemplates)}
              placeholder={t('events.notifications.none')}
              showClear
            />
            <SelectField
              name={`notifications.smsNotifications.${key}`}
              label={t('events.notifications.sms', {
                message: t(`events.notifications.keys.${key}`),
              })}
              options={choices(smsTemplates)}
              placeholder={t('events.notifications.none')}
              showClear
            />
          </fieldset>
        ))}
        <div className="tb-form-grid">
          <SelectField
            name="notifications.reminderInterval"
            label={t('events.notifications.reminderInterval')}
            options={intervals}
            placeholder={t('events.notifications.noReminder')}
            showClear
          />
        </div>
      </div>
    </Section>
  );
}
