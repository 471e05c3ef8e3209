import i18next from 'i18next';
import PrimeReact, { addLocale, locale, type LocaleOptions } from 'primereact/api';

/**
 * PrimeReact's settings for every screen, made when the first page that can show its components
 * loads (`lazyPage`), not with the app: the public site's shell has none of them, so a buyer on a
 * phone does not load PrimeReact to see the home page (issue 36).
 *
 * - No ripple.
 * - A Dropdown's hidden native <select> (kept for forms) is hidden from assistive technology too,
 *   where it read as a second, nameless field beside the named combobox (axe: select-name); so is
 *   its arrow, an unnamed 'button' that cannot be focused.
 * - Danish names of months and days, and of PrimeReact's own controls; the locale follows the
 *   app's language.
 */
PrimeReact.ripple = false;
PrimeReact.pt = {
  dropdown: {
    select: { 'aria-hidden': true, tabIndex: -1 },
    // The arrow opens the list with the mouse; the combobox itself is what a keyboard and a screen reader use.
    trigger: { 'aria-hidden': true },
  },
};

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

function followLanguage(language: string) {
  locale(language === 'da' ? 'da' : 'en');
}

followLanguage(i18next.language ?? 'da');
i18next.on('languageChanged', followLanguage);
