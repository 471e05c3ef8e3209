import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiSelectField, SelectField, type SelectOption } from '../../shared/ui/FormFields';
import { ImageField } from '../../shared/ui/ImageField';
import { Section } from '../../shared/ui/Section';
import type { EventFormValues } from '../../shared/events/eventForm';
import { CARD_FORMATS, CARD_ORIENTATIONS } from '../../shared/events/types';

/** The form's ticket products as choices, by product (a product sold in two rows is one choice). */
function seatedProductOptions(products: EventFormValues['tickets']['products']) {
  const options: SelectOption<string>[] = [];
  for (const row of products) {
    const { productId } = row;
    if (productId && !options.some((option) => option.value === productId)) {
      options.push({ label: row.title || row.product?.title || productId, value: productId });
    }
  }
  return options;
}

/**
 * Bordplan of an event (tab 40) and of a type (tab 30): which of the form's ticket products are
 * seated at tables (none chosen: all), and the table cards' background picture, format and
 * orientation (spec 2 §9), saved with the form. Below them `children`: a saved event's tables.
 */
export function TablePlanTab({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  return (
    <div className="tb-stack">
      <Section title={t('events.sections.tableCards')}>
        <div className="tb-form-grid">
          <MultiSelectField
            name="tablePlan.productIds"
            label={t('events.fields.tableProducts')}
            help={t('events.fields.tableProductsHelp')}
            options={seatedProductOptions(values.tickets.products)}
            placeholder={t('events.fields.tableProductsPlaceholder')}
          />
          <SelectField
            name="tablePlan.cardFormat"
            label={t('events.fields.cardFormat')}
            options={CARD_FORMATS.map((format) => ({
              label: t(`events.cardFormats.${format}`),
              value: format,
            }))}
          />
          <SelectField
            name="tablePlan.cardOrientation"
            label={t('events.fields.cardOrientation')}
            options={CARD_ORIENTATIONS.map((orientation) => ({
              label: t(`events.cardOrientations.${orientation}`),
              value: orientation,
            }))}
          />
        </div>
        <div className="tb-form-grid">
          <ImageField
            name="cardPictureFile"
            urlName="tablePlan.cardPicture"
            label={t('events.fields.cardPicture')}
          />
        </div>
      </Section>
      {children}
    </div>
  );
}
