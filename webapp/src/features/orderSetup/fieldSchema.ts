import type { TFunction } from 'i18next';
import { yup } from '../../shared/validation';
import type { CustomField, CustomFieldPayload, FieldType } from './types';

export interface FieldFormValues {
  title: string;
  categoryIds: string[];
  type: FieldType | null;
  sorting: string;
  /** The Dropdown's values, one per line. */
  values: string;
  defaultValue: string;
}

export function fieldValueList(text: string): string[] {
  return text
    .split('\n')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Spec 3 §5: title and type required; a Number default is a decimal; sorting numeric. */
export function fieldSchema(t: TFunction) {
  return yup.object({
    title: yup.string().label(t('orderSetup.fields.title')).trim().required(),
    type: yup.string().nullable().label(t('orderSetup.fields.type')).required(),
    sorting: yup.string().label(t('orderSetup.fields.sorting')).trim().numeric(),
    defaultValue: yup
      .string()
      .label(t('orderSetup.fields.defaultValue'))
      .when('type', {
        is: 'Number',
        then: (schema) => schema.decimal(),
      })
      .test('one-of-values', t('orderSetup.customFields.defaultNotAValue'), function oneOf(value) {
        const parent = this.parent as FieldFormValues;
        if (parent.type !== 'Dropdown' || !value) return true;
        return fieldValueList(parent.values).includes(value);
      }),
  });
}

export function fieldFormValues(field?: CustomField): FieldFormValues {
  return {
    title: field?.title ?? '',
    categoryIds: field?.categoryIds ?? [],
    type: (field?.type as FieldType | undefined) ?? null,
    sorting: field?.sorting === null || field?.sorting === undefined ? '' : String(field.sorting),
    values: (field?.values ?? []).join('\n'),
    defaultValue: field?.defaultValue ?? '',
  };
}

/** `stored`: the field as read (its version goes back with the save); none for a new one. */
export function fieldPayload(
  id: string | null,
  values: FieldFormValues,
  stored?: CustomField,
): CustomFieldPayload {
  const sorting = values.sorting.trim();
  return {
    id,
    version: stored?.version ?? null,
    title: values.title.trim(),
    categoryIds: values.categoryIds,
    type: values.type,
    sorting: sorting === '' ? null : Number(sorting),
    values: values.type === 'Dropdown' ? fieldValueList(values.values) : [],
    defaultValue:
      values.type === 'Upload' || values.defaultValue === '' ? null : values.defaultValue,
  };
}
