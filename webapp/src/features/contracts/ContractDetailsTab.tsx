import { useFormikContext } from 'formik';
import { Checkbox } from 'primereact/checkbox';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  DecimalField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../shared/ui/FormFields';
import { RichTextEditor } from '../../shared/ui/RichTextEditor';
import type { ContractFormValues } from './contractSchema';
import { isSavable } from './contractStatus';
import { Section } from '../../shared/ui/Section';
import type { Contract, ContractField } from './types';

/** A checkbox field keeps its value as text: 'true' when ticked, '' otherwise. */
function CheckboxValue({
  name,
  label,
  disabled,
}: {
  name: string;
  label: string;
  disabled: boolean;
}) {
  const id = useId();
  const { getFieldProps, setFieldValue } = useFormikContext<ContractFormValues>();
  const value = getFieldProps<string | undefined>(name).value;
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox
        inputId={id}
        checked={value === 'true'}
        onChange={(event) => void setFieldValue(name, event.checked ? 'true' : '')}
        disabled={disabled}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** One input per field type (spec 3 §3 "Custom field"); an upload is kept as its text. */
function FieldInput({ field, disabled }: { field: ContractField; disabled: boolean }) {
  const name = `fieldValues.${field.id}`;
  const props = { name, label: field.title, disabled };
  switch (field.type) {
    case 'RichText':
      return <TextAreaField {...props} />;
    case 'Number':
      return <DecimalField {...props} />;
    case 'Dropdown':
      return (
        <SelectField
          {...props}
          showClear
          options={field.values.map((value) => ({ label: value, value }))}
        />
      );
    case 'Date':
      return <DateField {...props} />;
    case 'DateTime':
      return <TextField {...props} type="datetime-local" />;
    case 'Time':
      return <TextField {...props} type="time" />;
    case 'Checkbox':
      return <CheckboxValue {...props} />;
    default:
      return <TextField {...props} />;
  }
}

/** A new contract starts with each field's default value (mounted by the page, whatever the tab). */
export function FillDefaults({ fields, isNew }: { fields: ContractField[]; isNew: boolean }) {
  const { values, setFieldValue } = useFormikContext<ContractFormValues>();
  useEffect(() => {
    if (!isNew) return;
    for (const field of fields) {
      if (field.defaultValue !== null && values.fieldValues[field.id] === undefined) {
        void setFieldValue(`fieldValues.${field.id}`, field.defaultValue, false);
      }
    }
  }, [fields, isNew, values.fieldValues, setFieldValue]);
  return null;
}

/** 'Yderligere information': rich text, kept as HTML ('' when nothing is written). */
function AdditionalEditor({ contract, disabled }: { contract: Contract; disabled: boolean }) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<ContractFormValues>();
  return (
    <div className="tb-field">
      <span className="tb-field-label" aria-hidden="true">
        {t('contracts.fields.additional')}
      </span>
      <RichTextEditor
        // A contract read again (a save, a conflict) shows its own text.
        key={contract.version}
        label={t('contracts.fields.additional')}
        initialValue={values.additional}
        disabled={disabled}
        onChange={(value) => void setFieldValue('additional', value.text ? value.html : '')}
      />
    </div>
  );
}

/**
 * Detaljer: the custom fields of the contract's category, the texts of the contract PDF
 * (Aftalebeskrivelse, Supplerende beskrivelse, Yderligere information) and the internal note. They
 * change while the contract is not cancelled.
 */
export function ContractDetailsTab({
  contract,
  fields,
}: {
  contract: Contract;
  fields: ContractField[];
}) {
  const { t } = useTranslation();
  const disabled = !isSavable(contract.status);
  return (
    <div className="tb-order-layout">
      <div className="tb-stack">
        <Section title={t('contracts.sections.descriptions')}>
          <TextAreaField
            name="contractDescription"
            label={t('contracts.fields.contractDescription')}
            disabled={disabled}
          />
          <TextAreaField
            name="supplementalDescription"
            label={t('contracts.fields.supplementalDescription')}
            disabled={disabled}
          />
          <AdditionalEditor contract={contract} disabled={disabled} />
          <TextAreaField
            name="internal"
            label={t('contracts.fields.internal')}
            disabled={disabled}
          />
        </Section>
      </div>
      <div className="tb-stack">
        {fields.length > 0 && (
          <Section title={t('contracts.sections.fields')}>
            <div className="tb-form-grid">
              {[...fields]
                .sort((a, b) => (a.sorting ?? 0) - (b.sorting ?? 0))
                .map((field) => (
                  <FieldInput key={field.id} field={field} disabled={disabled} />
                ))}
            </div>
          </Section>
        )}
      </div>
    </div>
  );
}
