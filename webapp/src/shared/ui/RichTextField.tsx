import { useField, useFormikContext } from 'formik';
import { RichTextEditor } from './RichTextEditor';

/**
 * A text of a form kept as HTML ('' when nothing is written), with its label and its message
 * (e.g. the server's). The editor is uncontrolled: `editorKey` changes when the form is filled
 * anew (a save, a template), so it shows the new text.
 */
export function RichTextField({
  name,
  label,
  editorKey,
}: {
  /** The formik field of the HTML. */
  name: string;
  label: string;
  editorKey: string;
}) {
  const { submitCount } = useFormikContext();
  const [field, meta, helpers] = useField<string | null | undefined>(name);
  const error = meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
  return (
    <div className="tb-field">
      <span className="tb-field-label" aria-hidden="true">
        {label}
      </span>
      <RichTextEditor
        key={editorKey}
        label={label}
        initialValue={field.value ?? ''}
        onChange={(value) => void helpers.setValue(value.text ? value.html : '')}
      />
      {error && <small className="p-error">{error}</small>}
    </div>
  );
}
