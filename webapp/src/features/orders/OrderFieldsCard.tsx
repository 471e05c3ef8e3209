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
import { Section } from '../../shared/ui/Section';
import { useGetOrderCategoryOptionsQuery } from './ordersApi';
import type { OrderFormValues } from './orderSchema';
import type { OrderField } from './types';

/** A checkbox field keeps its value as text: 'true' when ticked, '' otherwise. */
function CheckboxValue({ name, label }: { name: string; label: string }) {
  const id = useId();
  const { getFieldProps, setFieldValue } = useFormikContext<OrderFormValues>();
  const value = getFieldProps<string | undefined>(name).value;
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox
        inputId={id}
        checked={value === 'true'}
        onChange={(event) => void setFieldValue(name, event.checked ? 'true' : '')}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** One input per field type (spec 3 §3 "Custom field"); an upload is kept as its text. */
function FieldInput({ field }: { field: OrderField }) {
  const name = `fieldValues.${field.id}`;
  switch (field.type) {
    case 'RichText':
      return <TextAreaField name={name} label={field.title} />;
    case 'Number':
      return <DecimalField name={name} label={field.title} />;
    case 'Dropdown':
      return (
        <SelectField
          name={name}
          label={field.title}
          showClear
          options={field.values.map((value) => ({ label: value, value }))}
        />
      );
    case 'Date':
      return <DateField name={name} label={field.title} />;
    case 'DateTime':
      return <TextField name={name} label={field.title} type="datetime-local" />;
    case 'Time':
      return <TextField name={name} label={field.title} type="time" />;
    case 'Checkbox':
      return <CheckboxValue name={name} label={field.title} />;
    default:
      return <TextField name={name} label={field.title} />;
  }
}

/** A new order starts with each field's default value. */
function FillDefaults({ fields, isNew }: { fields: OrderField[]; isNew: boolean }) {
  const { values, setFieldValue } = useFormikContext<OrderFormValues>();
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

/** 'Kategori' and the custom fields of the chosen category. */
export function OrderFieldsCard({ fields, isNew }: { fields: OrderField[]; isNew: boolean }) {
  const { t } = useTranslation();
  const { data: categories = [] } = useGetOrderCategoryOptionsQuery();
  return (
    <Section title={t('orders.customFields.title')}>
      <FillDefaults fields={fields} isNew={isNew} />
      <div className="tb-form-grid">
        <SelectField
          name="categoryId"
          label={t('orders.customFields.category')}
          showClear
          placeholder={t('orders.customFields.noCategory')}
          options={categories.map((category) => ({ label: category.title, value: category.id }))}
        />
        {[...fields]
          .sort((a, b) => (a.sorting ?? 0) - (b.sorting ?? 0))
          .map((field) => (
            <FieldInput key={field.id} field={field} />
          ))}
      </div>
    </Section>
  );
}
