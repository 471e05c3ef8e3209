import { useField, useFormikContext } from 'formik';
import { useId } from 'react';
import { FieldFrame } from '../../shared/ui/FormFields';

interface ColorFieldProps {
  name: string;
  label: string;
}

/** A colour as '#rrggbb' (the browser's colour picker), bound to formik like the kit's fields. */
export function ColorField({ name, label }: ColorFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const id = useId();
  const error = meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input
        id={id}
        name={field.name}
        type="color"
        className="tb-color-input"
        value={field.value}
        onChange={(event) => void helpers.setValue(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FieldFrame>
  );
}
