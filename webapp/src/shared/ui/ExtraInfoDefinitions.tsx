import { FieldArray, useField } from 'formik';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { ExtraInfoType } from '../extraInfo';
import { CheckboxField, SelectField, TextAreaField, TextField } from './FormFields';

const EXTRA_INFO_TYPES: readonly ExtraInfoType[] = ['Radio', 'Checkbox', 'Select', 'Text'];

/** What a screen calls the definitions and their fields. */
export interface ExtraInfoDefinitionsTexts {
  /** A definition's legend, e.g. 'Spørgsmål 1'. */
  legend: (number: number) => string;
  /** The accessible name of a definition's 'Fjern', e.g. 'Fjern spørgsmål 1'. */
  remove: (number: number) => string;
  /** The button adding one, e.g. 'Tilføj spørgsmål'. */
  add: string;
  title: string;
  alias: string;
  type: string;
  /** A type's name among the choices; without it, the type as the server names it ('Radio'). */
  typeOption?: (type: ExtraInfoType) => string;
  values: string;
  /** Below the values: one value a line. */
  valuesHelp: string;
  multiple: string;
  /** Given: the definitions have 'required', a checkbox with this label (a new one is not). */
  required?: string;
}

/**
 * The extra-info definitions of a form (a list of title, alias, type, values one a line, multiple
 * and, where the screen has it, required): a fieldset each with 'Fjern', and the add button. A new
 * one is a Text with nothing filled in.
 */
export function ExtraInfoDefinitions({
  name = 'extraInfo',
  texts,
}: {
  /** The formik list of the definitions; default 'extraInfo'. */
  name?: string;
  texts: ExtraInfoDefinitionsTexts;
}) {
  const { t } = useTranslation();
  const [{ value: definitions }] = useField<unknown[]>(name);
  const typeOptions = EXTRA_INFO_TYPES.map((type) => ({
    label: texts.typeOption ? texts.typeOption(type) : type,
    value: type,
  }));
  const blank = { title: '', alias: '', type: 'Text', values: '', multiple: false };
  return (
    <FieldArray name={name}>
      {(rows) => (
        <div className="tb-stack">
          {definitions.map((_definition, index) => (
            <fieldset key={index} className="tb-form-grid">
              <legend>{texts.legend(index + 1)}</legend>
              <TextField name={`${name}.${index}.title`} label={texts.title} />
              <TextField name={`${name}.${index}.alias`} label={texts.alias} />
              <SelectField
                name={`${name}.${index}.type`}
                label={texts.type}
                options={typeOptions}
              />
              <TextAreaField
                name={`${name}.${index}.values`}
                label={texts.values}
                help={texts.valuesHelp}
              />
              <CheckboxField name={`${name}.${index}.multiple`} label={texts.multiple} />
              {texts.required !== undefined && (
                <CheckboxField name={`${name}.${index}.required`} label={texts.required} />
              )}
              <div>
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  label={t('common.remove')}
                  aria-label={texts.remove(index + 1)}
                  onClick={() => rows.remove(index)}
                />
              </div>
            </fieldset>
          ))}
          <div>
            <Button
              type="button"
              outlined
              icon="pi pi-plus"
              label={texts.add}
              onClick={() =>
                rows.push(texts.required === undefined ? blank : { ...blank, required: false })
              }
            />
          </div>
        </div>
      )}
    </FieldArray>
  );
}
