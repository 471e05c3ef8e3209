import { useField } from 'formik';
import { InputText } from 'primereact/inputtext';

/** A text list typed with commas (sponsor types). */
export function CommaListField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<string[] | undefined>(name);
  return (
    <label className="tb-field">
      <span>{label}</span>
      <InputText
        value={(field.value ?? []).join(', ')}
        onChange={(e) =>
          void helpers.setValue(
            e.target.value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          )
        }
      />
    </label>
  );
}
