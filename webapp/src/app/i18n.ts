import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { earlyDanishTexts } from './danishTexts';

/** Danish first, English second (spec 1 §1). One JSON file per area; keys read `<area>.<element>`. */
export const LANGUAGES = ['da', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'tribune.language';

type Texts = Record<string, unknown>;
type Loader = () => Promise<Texts>;

/**
 * The areas whose texts the public site uses (its pages, the shared pieces they show, the
 * layouts). Their Danish comes with the code that shows it, area by area (`textsWithCode` in
 * vite.config.ts, registered by danishTexts.ts), so a buyer on a phone loads the texts of the
 * page in front of them only. English comes as a whole when it is chosen: these areas for the
 * public site, the others with the back office. A test checks that no public page uses another
 * area's texts.
 */
export const PUBLIC_AREAS: ReadonlySet<string> = new Set([
  'common',
  'comments',
  'customerProfile',
  'esign',
  'files',
  'history',
  'invoices',
  'newsletterPublic',
  'orders',
  'payment',
  'products',
  'public',
  'publicEvents',
  'seating',
  'seats',
  'session',
  'shell',
  'shop',
  'subscriptionPublic',
  'table',
  'validation',
]);
const LOADERS: Record<Language, Record<string, Loader>> = {
  da: import.meta.glob<Texts>('../locales/da/*.json', { import: 'default' }),
  en: import.meta.glob<Texts>('../locales/en/*.json', { import: 'default' }),
};

/** The texts' sets: the public site's, and the back office's (the other areas). */
export type TextSet = 'public' | 'backOffice';

const areaOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');

/**
 * The files of a set. The back office's Danish is every area's: its menus and crumbs name their
 * keys at run time, which the build cannot see, so it loads all of them with its layout.
 */
function filesOf(language: Language, set: TextSet) {
  return Object.entries(LOADERS[language]).filter(([path]) =>
    language === 'da' && set === 'backOffice'
      ? true
      : PUBLIC_AREAS.has(areaOf(path)) === (set === 'public'),
  );
}

/** '<language>/<set>' of the texts that i18next has (the public site's Danish comes with its code). */
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
  const texts = await Promise.all(
    filesOf(language, set).map(async ([path, load]) => [areaOf(path), await load()] as const),
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

function applyLanguage(language: string) {
  document.documentElement.lang = language;
}

/**
 * Starts i18next with the Danish texts of the code loaded so far; the returned promise settles when the texts
 * of `language` are there too (at once for Danish).
 */
export function initI18n(language: Language = storedLanguage()): Promise<unknown> {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { da: { translation: earlyDanishTexts() } },
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

/** Switches to `language` once its texts are loaded; the promise settles when it has. */
export function changeLanguage(language: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  const missing = [...needed].some((set) => !loaded.has(`${language}/${set}`));
  return missing
    ? withTexts(language).then(() => i18next.changeLanguage(language))
    : i18next.changeLanguage(language);
}
