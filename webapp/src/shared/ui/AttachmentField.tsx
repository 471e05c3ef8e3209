import { useField } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from './FormFields';
import { RemoveButton } from './RemoveButton';

interface AttachmentFieldProps {
  /** The formik field of the chosen File, sent as a multipart part (e.g. 'attachmentFile'). */
  name: string;
  /** The formik field of the stored file's URL; null removes it on save. */
  urlName: string;
  /** The formik field of the stored file's name, shown as its link. */
  fileNameName: string;
  label: string;
  /** The size limit in KB, told under the chooser (the yup `size` rule checks it). */
  maxKb: number;
}

/**
 * A file attached to what the form saves ('Vedhæft fil'): the stored file as a link with 'Fjern'
 * (removed on save), and a chooser for a new one.
 */
export function AttachmentField({
  name,
  urlName,
  fileNameName,
  label,
  maxKb,
}: AttachmentFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [url, , urlHelpers] = useField<string | null>(urlName);
  const [fileName, , fileNameHelpers] = useField<string | null>(fileNameName);
  const stored = url.value;
  return (
    <div className="tb-stack">
      {stored && (
        <div className="tb-field">
          <span id={id} className="tb-field-label">
            {t('common.attachment.stored')}
          </span>
          <div className="tb-chosen" role="group" aria-labelledby={id}>
            <a href={stored} target="_blank" rel="noreferrer">
              {fileName.value ?? label}
            </a>
            <RemoveButton
              aria-label={t('common.image.removeLabel', { label })}
              onClick={() => {
                void urlHelpers.setValue(null);
                void fileNameHelpers.setValue(null);
              }}
            />
          </div>
        </div>
      )}
      <FileField name={name} label={label} help={t('common.attachment.help', { size: maxKb })} />
    </div>
  );
}
