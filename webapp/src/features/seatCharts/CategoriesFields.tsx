import { FieldArray, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { ColorField } from './ColorField';
import { ListError } from './ListError';
import { emptyCategory, type SeatChartFormValues } from './seatChartSchema';

/** The chart's seat categories: a row each with key, name, colour and the wheelchair flag. */
export function CategoriesFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeatChartFormValues>();
  return (
    <FieldArray name="categories">
      {(categories) => (
        <Section
          title={t('seatCharts.designer.categories')}
          actions={
            <Button
              type="button"
              outlined
              size="small"
              icon="pi pi-plus"
              label={t('seatCharts.designer.addCategory')}
              onClick={() => categories.push(emptyCategory())}
            />
          }
        >
          {values.categories.length === 0 && (
            <p className="tb-field-help">{t('seatCharts.designer.noCategories')}</p>
          )}
          <ListError name="categories" />
          <div className="tb-stack">
            {values.categories.map((_category, index) => {
              const legend = t('seatCharts.designer.category', { number: index + 1 });
              return (
                <fieldset key={index} className="tb-seatchart-line tb-seatchart-category">
                  <legend className="tb-visually-hidden">{legend}</legend>
                  <TextField name={`categories.${index}.key`} label={t('seatCharts.fields.key')} />
                  <TextField
                    name={`categories.${index}.label`}
                    label={t('seatCharts.fields.categoryLabel')}
                  />
                  <ColorField
                    name={`categories.${index}.color`}
                    label={t('seatCharts.fields.color')}
                  />
                  <CheckboxField
                    name={`categories.${index}.accessible`}
                    label={t('seatCharts.fields.accessible')}
                  />
                  <Button
                    type="button"
                    text
                    severity="danger"
                    icon="pi pi-trash"
                    aria-label={t('seatCharts.designer.removeLabel', { what: legend })}
                    onClick={() => categories.remove(index)}
                  />
                </fieldset>
              );
            })}
          </div>
        </Section>
      )}
    </FieldArray>
  );
}
