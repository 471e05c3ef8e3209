import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import type { EventFormValues, ExtraInfoFormValues } from './eventSchema';
import { EXTRA_INFO_TYPES } from './types';

const NEW_EXTRA_INFO: ExtraInfoFormValues = {
  title: '',
  alias: '',
  type: 'Text',
  values: '',
  multiple: false,
  required: false,
};

/** 'Ekstra information': the questions a booking asks (title, alias, type, values, multiple, required). */
export function ExtraInfoCard() {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  return (
    <Section title={t('events.sections.extraInfo')}>
      <FieldArray name="extraInfo">
        {(rows) => (
          <div className="tb-stack">
            {values.extraInfo.map((_info, index) => (
              <fieldset key={index} className="tb-form-grid">
                <legend>{t('events.extraInfo.legend', { number: index + 1 })}</legend>
                <TextField
                  name={`extraInfo.${index}.title`}
                  label={t('events.fields.extraInfoTitle')}
                />
                <TextField
                  name={`extraInfo.${index}.alias`}
                  label={t('events.fields.extraInfoAlias')}
                />
                <SelectField
                  name={`extraInfo.${index}.type`}
                  label={t('events.fields.extraInfoType')}
                  options={EXTRA_INFO_TYPES.map((type) => ({
                    label: t(`events.extraInfo.types.${type}`),
                    value: type,
                  }))}
                />
                <TextAreaField
                  name={`extraInfo.${index}.values`}
                  label={t('events.fields.extraInfoValues')}
                  help={t('events.extraInfo.valuesHelp')}
                />
                <CheckboxField
                  name={`extraInfo.${index}.multiple`}
                  label={t('events.fields.extraInfoMultiple')}
                />
                <CheckboxField
                  name={`extraInfo.${index}.required`}
                  label={t('events.fields.extraInfoRequired')}
                />
                <div>
                  <Button
                    type="button"
                    text
                    severity="danger"
                    icon="pi pi-trash"
                    label={t('common.remove')}
                    aria-label={t('events.extraInfo.remove', { number: index + 1 })}
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
                label={t('events.extraInfo.add')}
                onClick={() => rows.push({ ...NEW_EXTRA_INFO })}
              />
            </div>
          </div>
        )}
      </FieldArray>
    </Section>
  );
}
