import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';

/** The other language: its name (in itself) and the switch to it. */
export function useLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'da' : 'en';
  return { label: t(`common.language.${other}`), switch: () => void changeLanguage(other) };
}
