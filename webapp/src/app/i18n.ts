import i18next from 'i18next';
import { addLocale, locale as setPrimeLocale, type LocaleOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';

/** Danish first, English second (spec 1 §1). One JSON file per area; keys read `<area>.<element>`. */
export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'tribune.language';

type Resources = Record<string, Record<string, unknown>>;

function collect(files: Record<string, { default: Record<string, unknown> }>): Resources {
  return Object.fromEntries(
    Object.entries(files).map(([path, module]) => [
      path.replace(/^.*\/([^/]+)\.json$/, '$1'),
      module.default,
    ]),
  );
}

const resources = {
  da: { translation: collect(import.meta.glob('../locales/da/*.json', { eager: true })) },
  en: { translation: collect(import.meta.glob('../locales/en/*.json', { eager: true })) },
};

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' ? 'en' : 'da';
  } catch {
    return 'da';
  }
}

addLocale('da', {
  firstDayOfWeek: 1,
  dayNames: ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'],
  dayNamesShort: ['søn', 'man', 'tir', 'ons', 'tor', 'fre', 'lør'],
  dayNamesMin: ['sø', 'ma', 'ti', 'on', 'to', 'fr', 'lø'],
  monthNames: [
    'januar',
    'februar',
    'marts',
    'april',
    'maj',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'december',
  ],
  monthNamesShort: [
    'jan',
    'feb',
    'mar',
    'apr',
    'maj',
    'jun',
    'jul',
    'aug',
    'sep',
    'okt',
    'nov',
    'dec',
  ],
  today: 'I dag',
  clear: 'Ryd',
  accept: 'Bekræft',
  reject: 'Fortryd',
  choose: 'Vælg',
  upload: 'Upload',
  cancel: 'Fortryd',
  close: 'Luk',
  weekHeader: 'Uge',
  dateFormat: 'dd-mm-yy',
  emptyMessage: 'Ingen resultater fundet.',
  emptyFilterMessage: 'Ingen resultater fundet.',
  // Names PrimeReact gives its own controls (the password field's eye, a row's expander …).
  aria: {
    passwordShow: 'Vis adgangskode',
    passwordHide: 'Skjul adgangskode',
    close: 'Luk',
    previous: 'Forrige',
    next: 'Næste',
    navigation: 'Navigation',
    expandLabel: 'Udvid',
    collapseLabel: 'Fold sammen',
    expandRow: 'Udvid række',
    collapseRow: 'Skjul række',
    selectAll: 'Vælg alle',
    unselectAll: 'Fravælg alle',
    selectRow: 'Vælg række',
    unselectRow: 'Fravælg række',
    scrollTop: 'Til toppen',
  } as LocaleOptions['aria'],
});

function applyLanguage(language: string) {
  document.documentElement.lang = language;
  setPrimeLocale(language === 'da' ? 'da' : 'en');
}

export function initI18n(language: Language = storedLanguage()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'da',
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
    i18next.on('languageChanged', applyLanguage);
    applyLanguage(language);
  }
  return i18next;
}

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  void i18next.changeLanguage(language);
}
