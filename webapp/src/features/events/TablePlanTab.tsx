import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { CARD_FORMATS, CARD_ORIENTATIONS } from './types';

/** Bordplan of a type (tab 30): the table cards' format and orientation (spec 2 §9). */
export function TablePlanTab() {
  const { t } = useTranslation();
  return (
    <Section title={t('events.sections.tableCards')}>
      <div className="tb-form-grid">
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
    </Section>
  );
}
