import { useField, useFormikContext } from 'formik';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
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
  // PrimeReact's selects report a blur on a timer, which can fire after the form is gone (the
  // page left right after a pick): a field no longer on screen is not marked touched.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const touch = useCallback(() => {
    if (mounted.current) void helpers.setTouched(true);
  }, [helpers]);
  return {
    field,
    helpers,
    touch,
    id,
    error,
    describedBy: error ? `${id}-error` : undefined,
  };
}

/** A field's label, control, hint and error, as every field of the kit shows them. */
export interface FrameProps {
  id: string;
  label: string;
  error?: string;
  help?: string;
  inline?: boolean;
  children: ReactNode;
}

export function FieldFrame({ id, label, error, help, inline, children }: FrameProps) {
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
  type?: 'text' | 'email' | 'tel' | 'url' | 'time' | 'datetime-local';
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

/**
 * Money typed as Danish decimals ('1.234,50') with 'kr.' after it. The value stays text for the
 * decimal rule; `decimalTextToOre` turns it into the API's øre and `oreToDecimalText` back.
 */
export function MoneyField({
  name,
  label,
  disabled,
  help,
  placeholder,
}: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'>) {
  const { t } = useTranslation();
  const { field, id, error, describedBy } = useFieldState<string>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <div className="p-inputgroup">
        <InputText
          id={id}
          {...field}
          value={field.value ?? ''}
          inputMode="decimal"
          placeholder={placeholder}
          disabled={disabled}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
        />
        <span className="p-inputgroup-addon" aria-hidden="true">
          {t('common.currency')}
        </span>
      </div>
    </FieldFrame>
  );
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
  const { field, helpers, touch, id, error, describedBy } = useFieldState<boolean>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help} inline>
      <Checkbox
        inputId={id}
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => void helpers.setValue(Boolean(event.checked))}
        onBlur={touch}
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
  const { field, helpers, touch, id, error, describedBy } = useFieldState<V>(name);
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
        onBlur={touch}
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

/** A calendar day; the formik value is the API's 'YYYY-MM-DD' or null. */
export function DateField({ name, label, disabled, help }: FieldProps) {
  const { field, helpers, id, error, describedBy } = useFieldState<string | null>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <input
        id={id}
        name={field.name}
        type="date"
        className={error ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component'}
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value || null)}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
    </FieldFrame>
  );
}

interface MultiSelectFieldProps<V> extends FieldProps {
  options: SelectOption<V>[];
  placeholder?: string;
  /** Filter typed text; with `onFilter` the caller fetches matching options from the server. */
  filter?: boolean;
  onFilter?: (text: string) => void;
}

/** Several values of `options`; the formik value is an array. */
export function MultiSelectField<V>({
  name,
  label,
  disabled,
  help,
  options,
  placeholder,
  filter,
  onFilter,
}: MultiSelectFieldProps<V>) {
  const { t } = useTranslation();
  const { field, helpers, touch, id, error, describedBy } = useFieldState<V[]>(name);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <MultiSelect
        inputId={id}
        name={field.name}
        value={field.value ?? []}
        options={options}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => void helpers.setValue(event.value as V[])}
        onBlur={touch}
        onFilter={onFilter ? (event) => onFilter(event.filter) : undefined}
        placeholder={placeholder}
        filter={filter}
        display="chip"
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

interface ChoiceGroupProps extends FieldProps {
  options: string[];
}

function GroupFrame({ id, label, error, help, children }: Omit<FrameProps, 'inline'>) {
  return (
    <fieldset
      className="tb-field tb-choice-group"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      <div className="tb-choice-options">{children}</div>
      {help && !error && <small className="tb-field-help">{help}</small>}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** One of `options` as radio buttons; the formik value is the chosen text. */
export function RadioGroupField({ name, label, disabled, help, options }: ChoiceGroupProps) {
  const { field, helpers, id, error } = useFieldState<string>(name);
  return (
    <GroupFrame id={id} label={label} error={error} help={help}>
      {options.map((option, index) => (
        <span key={option} className="tb-field-inline">
          <RadioButton
            inputId={`${id}-${index}`}
            name={field.name}
            value={option}
            checked={field.value === option}
            onChange={() => void helpers.setValue(option)}
            disabled={disabled}
            invalid={Boolean(error)}
            aria-invalid={index === 0 && Boolean(error)}
          />
          <label htmlFor={`${id}-${index}`}>{option}</label>
        </span>
      ))}
    </GroupFrame>
  );
}

/** Any of `options` as checkboxes; the formik value is the array of checked texts. */
export function CheckboxGroupField({ name, label, disabled, help, options }: ChoiceGroupProps) {
  const { field, helpers, id, error } = useFieldState<string[]>(name);
  const checked = Array.isArray(field.value) ? field.value : [];
  return (
    <GroupFrame id={id} label={label} error={error} help={help}>
      {options.map((option, index) => (
        <span key={option} className="tb-field-inline">
          <Checkbox
            inputId={`${id}-${index}`}
            name={field.name}
            value={option}
            checked={checked.includes(option)}
            onChange={(event) =>
              void helpers.setValue(
                event.checked
                  ? [...checked, option]
                  : checked.filter((candidate) => candidate !== option),
              )
            }
            disabled={disabled}
            invalid={Boolean(error)}
            aria-invalid={index === 0 && Boolean(error)}
          />
          <label htmlFor={`${id}-${index}`}>{option}</label>
        </span>
      ))}
    </GroupFrame>
  );
}
