import i18next from 'i18next';
import { addLocale, locale as setPrimeLocale, type LocaleOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';

/** Danish first, English second (spec 1 §1). One JSON file per area; keys read `<area>.<element>`. */
export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'tribune.language';

type Texts = Record<string, unknown>;
type Loader = () => Promise<Texts>;

/**
 * The areas whose texts the public site uses (its pages, the shared pieces they show, the layouts):
 * their Danish comes with the app. The back office's Danish comes with its layout and English
 * when it is chosen, so a buyer on a phone loads one language of the public site's texts only.
 * The list is the glob below; a test checks that no public page uses another area's texts.
 */
const PUBLIC_DANISH = import.meta.glob<Texts>(
  '../locales/da/{common,comments,customerProfile,esign,files,history,invoices,newsletterPublic,orders,payment,products,public,publicEvents,seating,seats,session,shell,shop,subscriptionPublic,table,validation}.json',
  { eager: true, import: 'default' },
);
const LOADERS: Record<Language, Record<string, Loader>> = {
  da: import.meta.glob<Texts>('../locales/da/*.json', { import: 'default' }),
  en: import.meta.glob<Texts>('../locales/en/*.json', { import: 'default' }),
};

/** The texts' sets: the public site's, and the back office's (the other areas). */
export type TextSet = 'public' | 'backOffice';

const areaOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');
export const PUBLIC_AREAS: ReadonlySet<string> = new Set(Object.keys(PUBLIC_DANISH).map(areaOf));

const publicDanish = Object.fromEntries(
  Object.entries(PUBLIC_DANISH).map(([path, texts]) => [areaOf(path), texts]),
);

/** '<language>/<set>' of the texts that i18next has. */
const loaded = new Set<string>(['da/public']);
/** The same, being loaded. */
const loading = new Map<string, Promise<void>>();
/** The sets this page has needed: a change of language loads each in the new language. */
const needed = new Set<TextSet>(['public']);

function loadTexts(language: Language, set: TextSet): Promise<void> {
  const key = `${language}/${set}`;
  if (loaded.has(key)) return Promise.resolve();
  const pending = loading.get(key) ?? fetchTexts(language, set, key);
  loading.set(key, pending);
  return pending;
}

async function fetchTexts(language: Language, set: TextSet, key: string) {
  const files = Object.entries(LOADERS[language]).filter(
    ([path]) => PUBLIC_AREAS.has(areaOf(path)) === (set === 'public'),
  );
  const texts = await Promise.all(
    files.map(async ([path, load]) => [areaOf(path), await load()] as const),
  );
  i18next.addResourceBundle(language, 'translation', Object.fromEntries(texts), true, true);
  loaded.add(key);
}

/** Loads the texts of `set` in the current language (and Danish, the fallback); once per set. */
export async function needTexts(set: TextSet) {
  needed.add(set);
  const language: Language = i18next.language === 'en' ? 'en' : 'da';
  await Promise.all([loadTexts('da', set), loadTexts(language, set)]);
}

/** Every text of both languages (the unit tests render any page in either). */
export async function loadAllTexts() {
  needed.add('backOffice');
  await Promise.all(
    LANGUAGES.flatMap((language) => [
      loadTexts(language, 'public'),
      loadTexts(language, 'backOffice'),
    ]),
  );
}

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

/**
 * Starts i18next with the public site's Danish texts; the returned promise settles when the texts
 * of `language` are there too (at once for Danish).
 */
export function initI18n(language: Language = storedLanguage()): Promise<unknown> {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { da: { translation: publicDanish } },
      partialBundledLanguages: true,
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
  return withTexts(language);
}

/** The needed sets of `language`'s texts, loaded. */
function withTexts(language: Language): Promise<unknown> {
  const missing = [...needed].filter((set) => !loaded.has(`${language}/${set}`));
  return Promise.all(missing.map((set) => loadTexts(language, set)));
}

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  const missing = [...needed].some((set) => !loaded.has(`${language}/${set}`));
  if (missing) {
    void withTexts(language).then(() => i18next.changeLanguage(language));
  } else {
    void i18next.changeLanguage(language);
  }
}
