import { useTranslation } from 'react-i18next';
import { ExtraInfoDefinitionsField } from './ExtraInfoDefinitionsField';

/** Virksomheder: the companies' extra-info fields. */
export function CompaniesSection() {
  const { t } = useTranslation();
  return (
    <ExtraInfoDefinitionsField
      name="settings.companies.extraInfo"
      label={t('settings.general.extraInfo')}
    />
  );
}
