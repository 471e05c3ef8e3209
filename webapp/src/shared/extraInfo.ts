import i18next from 'i18next';
import {
  holdsSeveral,
  type ExtraInfoDefinition,
  type ExtraInfoType,
  type ExtraInfoValue,
} from './extraInfoDefinition';
import { yup } from './validation';

/**
 * Extra-info fields of companies and contacts (spec 1 §3): the club's settings define them, the
 * entity stores a map by alias of { title, alias, value, values }.
 */

export {
  holdsSeveral,
  type ExtraInfoDefinition,
  type ExtraInfoType,
  type ExtraInfoValue,
} from './extraInfoDefinition';

/** A stored answer, as the server sends it (generated from the Rust type). */
export type { ExtraInfoEntry } from '../api/generated/crm';
import type { ExtraInfoEntry } from '../api/generated/crm';

export type ExtraInfo = Record<string, ExtraInfoEntry>;

/** The form's values: by alias, the text or the chosen texts. */
export type ExtraInfoValues = Record<string, ExtraInfoValue>;

const TYPES: ExtraInfoType[] = ['Radio', 'Checkbox', 'Select', 'Text'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definitions of `area` ('companies' or 'contacts') from the club's settings; [] when none. */
export function extraInfoDefinitions(
  settings: Record<string, unknown> | null | undefined,
  area: 'companies' | 'contacts',
): ExtraInfoDefinition[] {
  const section = settings?.[area];
  const list = isRecord(section) ? section.extraInfo : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((item) => {
    const alias = typeof item.alias === 'string' ? item.alias : '';
    if (!alias) return [];
    return [
      {
        title: typeof item.title === 'string' && item.title ? item.title : alias,
        alias,
        type: TYPES.includes(item.type as ExtraInfoType) ? (item.type as ExtraInfoType) : 'Text',
        values: Array.isArray(item.values) ? item.values.map(String) : [],
        multiple: Boolean(item.multiple),
        required: Boolean(item.required),
      },
    ];
  });
}

/** The form's starting values from what the entity stores. */
export function extraInfoFormValues(
  definitions: ExtraInfoDefinition[],
  stored: ExtraInfo | null | undefined,
): ExtraInfoValues {
  return Object.fromEntries(
    definitions.map((definition) => {
      const value = stored?.[definition.alias]?.value;
      if (holdsSeveral(definition)) {
        return [definition.alias, Array.isArray(value) ? value : value ? [value] : []];
      }
      return [definition.alias, Array.isArray(value) ? (value[0] ?? '') : (value ?? '')];
    }),
  );
}

/** What is sent: the stored map with every defined field's current value. */
export function extraInfoPayload(
  definitions: ExtraInfoDefinition[],
  values: ExtraInfoValues,
  stored: ExtraInfo | null | undefined,
): ExtraInfo {
  const payload: ExtraInfo = { ...(stored ?? {}) };
  for (const definition of definitions) {
    payload[definition.alias] = {
      title: definition.title,
      alias: definition.alias,
      value: values[definition.alias] ?? (holdsSeveral(definition) ? [] : ''),
      values: definition.values,
    };
  }
  return payload;
}

/** Required fields must be filled: '<title> skal udfyldes', as the server says. */
export function extraInfoSchema(definitions: ExtraInfoDefinition[]) {
  const required = (params: { label?: string }) =>
    i18next.t('validation.required', { field: params.label ?? '' });
  return yup.object(
    Object.fromEntries(
      definitions.map((definition) => {
        if (holdsSeveral(definition)) {
          const schema = yup.array(yup.string().defined()).label(definition.title);
          return [definition.alias, definition.required ? schema.min(1, required) : schema];
        }
        const schema = yup.string().label(definition.title);
        return [definition.alias, definition.required ? schema.required() : schema];
      }),
    ),
  );
}
