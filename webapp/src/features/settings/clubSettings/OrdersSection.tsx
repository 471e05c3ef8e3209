import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '../../../shared/ui/FormFields';

/** Ordrer: the confirmation e-mail and message, the colour and the invoice description. */
export function OrdersSection() {
  const { t } = useTranslation();
  return (
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
    </div>
  );
}
