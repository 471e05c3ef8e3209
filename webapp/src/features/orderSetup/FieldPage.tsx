import { useFormikContext } from 'formik';
import { Checkbox } from 'primereact/checkbox';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorPage, NEW_ID } from '../../shared/ui/EditorPage';
import {
  DateField,
  DecimalField,
  MultiSelectField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../shared/ui/FormFields';
import {
  fieldFormValues,
  fieldPayload,
  fieldSchema,
  fieldValueList,
  type FieldFormValues,
} from './fieldSchema';
import {
  useGetCustomFieldQuery,
  useGetOrderCategoryChoicesQuery,
  useSaveCustomFieldMutation,
} from './orderSetupApi';
import { FIELD_TYPES } from './types';

/** Changing the type clears the default value (spec 3 §4): the old default fits the old type. */
function ClearDefaultOnTypeChange() {
  const { values, setFieldValue } = useFormikContext<FieldFormValues>();
  const previous = useRef(values.type);
  useEffect(() => {
    if (previous.current === values.type) return;
    previous.current = values.type;
    void setFieldValue('defaultValue', '', false);
  }, [values.type, setFieldValue]);
  return null;
}

function CheckboxDefault({ label }: { label: string }) {
  const id = useId();
  const { values, setFieldValue } = useFormikContext<FieldFormValues>();
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox
        inputId={id}
        checked={values.defaultValue === 'true'}
        onChange={(event) => void setFieldValue('defaultValue', event.checked ? 'true' : '')}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The default value's input, shaped by the type. */
function DefaultValueField() {
  const { t } = useTranslation();
  const { values } = useFormikContext<FieldFormValues>();
  const label = t('orderSetup.fields.defaultValue');
  switch (values.type) {
    case 'Text':
      return <TextField name="defaultValue" label={label} />;
    case 'RichText':
      return <TextAreaField name="defaultValue" label={label} />;
    case 'Number':
      return <DecimalField name="defaultValue" label={label} />;
    case 'Dropdown':
      return (
        <SelectField
          name="defaultValue"
          label={label}
          showClear
          options={fieldValueList(values.values).map((value) => ({ label: value, value }))}
        />
      );
    case 'Date':
      return <DateField name="defaultValue" label={label} />;
    case 'DateTime':
      return <TextField name="defaultValue" label={label} type="datetime-local" />;
    case 'Time':
      return <TextField name="defaultValue" label={label} type="time" />;
    case 'Checkbox':
      return <CheckboxDefault label={label} />;
    default:
      return null;
  }
}

function FieldFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<FieldFormValues>();
  const categories = useGetOrderCategoryChoicesQuery().data ?? [];
  return (
    <div className="tb-form-grid">
      <ClearDefaultOnTypeChange />
      <TextField name="title" label={t('orderSetup.fields.title')} />
      <MultiSelectField
        name="categoryIds"
        label={t('orderSetup.fields.categories')}
        options={categories.map((category) => ({ label: category.title, value: category.id }))}
        filter
      />
      <SelectField
        name="type"
        label={t('orderSetup.fields.type')}
        options={FIELD_TYPES.map((type) => ({
          label: t(`orderSetup.fieldTypes.${type}`),
          value: type,
        }))}
      />
      <TextField name="sorting" label={t('orderSetup.fields.sorting')} inputMode="numeric" />
      {values.type === 'Dropdown' && (
        <TextAreaField
          name="values"
          label={t('orderSetup.fields.values')}
          help={t('orderSetup.customFields.valuesHelp')}
        />
      )}
      <DefaultValueField />
    </div>
  );
}

/** /orders/fields/{id} ('create' = new). */
export function FieldPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const query = useGetCustomFieldQuery(id, { skip: isNew });
  const [save] = useSaveCustomFieldMutation();
  const field = isNew ? undefined : query.data;
  const initialValues = useMemo(() => fieldFormValues(field), [field]);
  const schema = useMemo(() => fieldSchema(t), [t]);
  return (
    <EditorPage
      id={id}
      basePath="/orders/fields"
      title={isNew ? t('orderSetup.customFields.createTitle') : (field?.title ?? '')}
      label={t('orderSetup.customFields.editorTitle')}
      load={query}
      loaded={Boolean(field)}
      initialValues={initialValues}
      schema={schema}
      save={(values) => save(fieldPayload(isNew ? null : id, values, field)).unwrap()}
      createdMessage={t('orderSetup.customFields.created')}
      savedMessage={t('orderSetup.customFields.saved')}
    >
      {() => <FieldFields />}
    </EditorPage>
  );
}
