import { useFormikContext } from 'formik';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import type { EventFormValues } from './eventSchema';

type RichTextName = 'description' | 'privateDescription' | 'ticketDescription' | 'terms';

/**
 * A text of the event kept as HTML ('' when nothing is written). The editor is uncontrolled:
 * `editorKey` changes when the form is filled anew (a save, a type's template), so it shows the
 * new text.
 */
export function RichTextField({
  name,
  label,
  editorKey,
}: {
  name: RichTextName;
  label: string;
  editorKey: string;
}) {
  const { values, setFieldValue } = useFormikContext<EventFormValues>();
  return (
    <div className="tb-field">
      <span className="tb-field-label" aria-hidden="true">
        {label}
      </span>
      <RichTextEditor
        key={editorKey}
        label={label}
        initialValue={values[name]}
        onChange={(value) => void setFieldValue(name, value.text ? value.html : '')}
      />
    </div>
  );
}
