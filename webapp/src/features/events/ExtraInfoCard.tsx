import { useTranslation } from 'react-i18next';
import { ExtraInfoDefinitions } from '../../shared/ui/ExtraInfoDefinitions';
import { Section } from '../../shared/ui/Section';

/** 'Ekstra information': the questions a booking asks (title, alias, type, values, multiple, required). */
export function ExtraInfoCard() {
  const { t } = useTranslation();
  return (
    <Section title={t('events.sections.extraInfo')}>
      <ExtraInfoDefinitions
        texts={{
          legend: (number) => t('events.extraInfo.legend', { number }),
          remove: (number) => t('events.extraInfo.remove', { number }),
          add: t('events.extraInfo.add'),
          title: t('events.fields.extraInfoTitle'),
          alias: t('events.fields.extraInfoAlias'),
          type: t('events.fields.extraInfoType'),
          typeOption: (type) => t(`events.extraInfo.types.${type}`),
          values: t('events.fields.extraInfoValues'),
          valuesHelp: t('events.extraInfo.valuesHelp'),
          multiple: t('events.fields.extraInfoMultiple'),
          required: t('events.fields.extraInfoRequired'),
        }}
      />
    </Section>
  );
}
