import { useField, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ImageFieldProps {
  /** The formik field of the chosen File (e.g. 'logoWebFile'), sent as a multipart part. */
  name: string;
  /** The formik field of the stored picture's url (e.g. 'logoWeb'); null removes it. */
  urlName: string;
  label: string;
  disabled?: boolean;
}

/** The object URL of a chosen file while it is shown (none where the browser has no such URLs). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * A picture upload: the stored picture or the chosen file as a preview, a file chooser (images), and
 * a remove button. The yup `image()` rule on `name` checks the type.
 */
export function ImageField({ name, urlName, label, disabled }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { submitCount } = useFormikContext();
  const [file, fileMeta, fileHelpers] = useField<File | null>(name);
  const [url, , urlHelpers] = useField<string | null>(urlName);
  const [inputKey, setInputKey] = useState(0);
  const preview = useObjectUrl(file.value ?? null);
  // Once the chosen file is forgotten (saved or removed), the chooser shows no file name either.
  useEffect(() => {
    if (!file.value) setInputKey((key) => key + 1);
  }, [file.value]);
  const shown = preview ?? url.value;
  const error =
    fileMeta.error && (fileMeta.touched || submitCount > 0) ? fileMeta.error : undefined;
  return (
    <div className="tb-field tb-image-field">
      <label htmlFor={id}>{label}</label>
      {shown && (
        <img src={shown} alt={t('common.image.preview', { label })} className="tb-image-preview" />
      )}
      <div className="tb-image-actions">
        <input
          key={inputKey}
          id={id}
          name={name}
          type="file"
          accept="image/*"
          className="p-inputtext p-component"
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            void fileHelpers.setTouched(true, false);
            void fileHelpers.setValue(event.target.files?.[0] ?? null);
          }}
        />
        {(shown || file.value) && (
          <Button
            type="button"
            text
            severity="danger"
            icon="pi pi-times"
            label={t('common.image.remove')}
            aria-label={t('common.image.removeLabel', { label })}
            disabled={disabled}
            onClick={() => {
              void fileHelpers.setValue(null);
              void urlHelpers.setValue(null);
            }}
          />
        )}
      </div>
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}
