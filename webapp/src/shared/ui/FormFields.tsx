import { useField, useFormikContext } from 'formik';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Form fields bound to formik by `name`. Each has a visible label, shows its yup message once the
 * field was touched or the form submitted, and marks itself aria-invalid for the focus rule.
 */

interface FieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  /** A hint under the field. */
  help?: string;
}

function useFieldState<V>(name: string) {
  const [field, meta, helpers] = useField<V>(name);
  const { submitCount } = useFormikContext();
  const id = useId();
  const error = meta.error && (meta.touched || submitCount > 0) ? meta.error : undefined;
  return {
    field,
    helpers,
    id,
    error,
    describedBy: error ? `${id}-error` : undefined,
  };
}

interface FrameProps {
  id: string;
  label: string;
  error?: string;
  help?: string;
  inline?: boolean;
  children: ReactNode;
}

function FieldFrame({ id, label, error, help, inline, children }: FrameProps) {
  return (
    <div className={inline ? 'tb-field tb-field-inline' : 'tb-field'}>
      {inline ? (
        <>
          {children}
          <label htmlFor={id}>{label}</label>
        </>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {children}
        </>
      )}
      {help && !error && <small className="tb-field-help">{help}</small>}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}

interface TextFieldProps extends FieldProps {
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel' | 'url';
  placeholder?: string;
}

export function TextField({
  name,
  label,
  disabled,
  help,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
}: TextFieldProps) {
  const { field, id, error, describedBy } = useFieldState<string>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <InputText
        id={id}
        {...field}
        value={field.value ?? ''}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

/** A Danish number typed with a comma ('1.234,50'); the value stays text for the decimal rule. */
export function DecimalField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField {...props} inputMode="decimal" />;
}

interface PasswordFieldProps extends FieldProps {
  autoComplete?: 'current-password' | 'new-password';
}

export function PasswordField({
  name,
  label,
  disabled,
  help,
  autoComplete = 'current-password',
}: PasswordFieldProps) {
  const { field, id, error, describedBy } = useFieldState<string>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <Password
        inputId={id}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        feedback={false}
        toggleMask
        autoComplete={autoComplete}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

export function CheckboxField({ name, label, disabled, help }: FieldProps) {
  const { field, helpers, id, error, describedBy } = useFieldState<boolean>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help} inline>
      <Checkbox
        inputId={id}
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => void helpers.setValue(Boolean(event.checked))}
        onBlur={() => void helpers.setTouched(true)}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends FieldProps {
  rows?: number;
}

export function TextAreaField({ name, label, disabled, help, rows = 4 }: TextAreaFieldProps) {
  const { field, id, error, describedBy } = useFieldState<string>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <InputTextarea
        id={id}
        {...field}
        value={field.value ?? ''}
        rows={rows}
        autoResize
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

export interface SelectOption<V> {
  label: string;
  value: V;
}

interface SelectFieldProps<V> extends FieldProps {
  options: SelectOption<V>[];
  placeholder?: string;
  filter?: boolean;
  showClear?: boolean;
}

export function SelectField<V>({
  name,
  label,
  disabled,
  help,
  options,
  placeholder,
  filter,
  showClear,
}: SelectFieldProps<V>) {
  const { t } = useTranslation();
  const { field, helpers, id, error, describedBy } = useFieldState<V>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <Dropdown
        inputId={id}
        name={field.name}
        value={field.value}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => void helpers.setValue(event.value as V)}
        onBlur={() => void helpers.setTouched(true)}
        placeholder={placeholder}
        filter={filter}
        showClear={showClear}
        emptyMessage={t('common.noOptions')}
        emptyFilterMessage={t('common.noOptions')}
        disabled={disabled}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

interface FileFieldProps extends FieldProps {
  /** The accept attribute, e.g. 'image/*'. Validation is the yup `mimes`/`image` rule. */
  accept?: string;
}

/** A single file; the formik value is the chosen File or null. */
export function FileField({ name, label, disabled, help, accept }: FileFieldProps) {
  const { field, helpers, id, error, describedBy } = useFieldState<File | null>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <input
        id={id}
        name={field.name}
        type="file"
        className="p-inputtext p-component"
        accept={accept}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(event.target.files?.[0] ?? null);
        }}
      />
    </FieldFrame>
  );
}
