import { useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../shared/ui/FormFields';
import type { EventFormValues } from './eventSchema';

/**
 * 'Vedhæft fil' of the invitation: the stored file as a link with 'Fjern' (removed on save), and a
 * chooser for a new one (the yup `size` rule limits it).
 */
export function AttachmentField({ label }: { label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, setValues } = useFormikContext<EventFormValues>();
  const stored = values.inviteAttachment;
  return (
    <div className="tb-stack">
      {stored && (
        <div className="tb-field">
          <span id={id} className="tb-field-label">
            {t('events.files.storedAttachment')}
          </span>
          <div className="tb-chosen" role="group" aria-labelledby={id}>
            <a href={stored} target="_blank" rel="noreferrer">
              {values.inviteAttachmentName ?? label}
            </a>
            <Button
              type="button"
              text
              size="small"
              severity="danger"
              icon="pi pi-times"
              label={t('common.remove')}
              aria-label={t('common.image.removeLabel', { label })}
              onClick={() =>
                void setValues((current) => ({
                  ...current,
                  inviteAttachment: null,
                  inviteAttachmentName: null,
                }))
              }
            />
          </div>
        </div>
      )}
      <FileField
        name="inviteAttachmentFile"
        label={label}
        help={t('events.files.attachmentHelp')}
      />
    </div>
  );
}
