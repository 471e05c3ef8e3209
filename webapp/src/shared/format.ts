/** Danish number, money and date formatting (spec 1 §9): one place, used by every screen. */

export const DEFAULT_TIME_ZONE = 'Europe/Berlin';
export const LOCALE = 'da-DK';

export const DATE_PATTERN = 'DD-MM-YYYY';
export const DATE_TIME_PATTERN = 'DD-MM-YYYY HH:mm';
/**
 * A date and time as a buyer reads it on the public pages: 'lør. 8. feb. kl. 18:00', with the
 * year when it is not this year ('lør. 8. feb. 2027 kl. 18:00'). Spec 2's 'DD kl. HH:mm' names
 * no month, so sign-up that opens '16 kl. 19:00' and closes '15 kl. 17:00' read backwards.
 */
export const EVENT_START_PATTERN = 'ddd D. MMM{ YYYY} [kl.] HH:mm';

const NBSP = '\u00a0';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
      // Never '-0,00' for a rounded-away negative amount.
      signDisplay: 'negative',
    });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** 1234.5 → '1.234,50' */
export function formatNumber(value: number, decimals = 2): string {
  return numberFormat(decimals).format(value);
}

/** An amount in kroner → '1.234,50 kr.' (DKK, two decimals, thousands separators). */
export function formatMoney(kroner: number): string {
  return `${formatNumber(kroner, 2)}${NBSP}kr.`;
}

/** An amount in øre (the API's integer money) → '1.234,50 kr.' */
export function formatOre(ore: number): string {
  return formatMoney(ore / 100);
}

export const CURRENCY = 'DKK';

/** An amount in øre with the currency code before it, as the order screens show money: 'DKK 1.234,50'. */
export function formatOreWithCode(ore: number): string {
  return `${CURRENCY}${NBSP}${formatNumber(ore / 100, 2)}`;
}

/** '1.234,5' → 1234.5; NaN when the text is not a Danish number. Empty text gives NaN. */
export function parseDanishDecimal(text: string): number {
  const trimmed = text.trim();
  if (!DANISH_DECIMAL.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(/\./g, '').replace(',', '.'));
}

/** A Danish-format number: optional minus, thousands groups with '.', decimals after ','. */
export const DANISH_DECIMAL = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;

type DateParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const partFormats = new Map<string, Intl.DateTimeFormat>();
function dateParts(date: Date, timeZone: string): DateParts {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(date).map((part) => [part.type, part.value]),
  ) as Partial<DateParts>;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

const nameFormats = new Map<string, Intl.DateTimeFormat>();
function nameFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = nameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    nameFormats.set(key, format);
  }
  return format;
}

function monthName(date: Date, timeZone: string, width: 'short' | 'long'): string {
  return nameFormat(timeZone, { month: width }).format(date);
}

/** 'lør.', 'søn.' … ('short'), 'lørdag' ('long'). */
function weekdayName(date: Date, timeZone: string, width: 'short' | 'long'): string {
  return nameFormat(timeZone, { weekday: width }).format(date);
}

const TOKENS = /\[([^\]]*)\]|YYYY|MMMM|MMM|MM|dddd|ddd|DD|D|HH|mm|ss/g;
/** `{…}`: shown only when the date is not in the current year (in the time zone). */
const OTHER_YEAR = /\{([^}]*)\}/g;

/**
 * Formats a date in a time zone with moment-style tokens (YYYY, MMMM, MMM, MM, dddd, ddd, DD, D,
 * HH, mm, ss; text in [brackets] is literal; a part in {braces} only when the date is not in the
 * year of `now`). Returns '' for a missing or invalid date.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: string = DATE_PATTERN,
  timeZone: string = DEFAULT_TIME_ZONE,
  now: Date = new Date(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = dateParts(date, timeZone);
  const thisYear = parts.year === dateParts(now, timeZone).year;
  const shown = pattern.replace(OTHER_YEAR, (_, part: string) => (thisYear ? '' : part));
  return shown.replace(TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'dddd':
        return weekdayName(date, timeZone, 'long');
      case 'ddd':
        return weekdayName(date, timeZone, 'short');
      case 'YYYY':
        return parts.year;
      case 'MMMM':
        return monthName(date, timeZone, 'long');
      case 'MMM':
        return monthName(date, timeZone, 'short');
      case 'MM':
        return parts.month;
      case 'DD':
        return parts.day;
      case 'D':
        return String(Number(parts.day));
      case 'HH':
        return parts.hour;
      case 'mm':
        return parts.minute;
      default:
        return parts.second;
    }
  });
}

/** Initials for an avatar: 'Anna Berg' → 'AB'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar day of the API ('YYYY-MM-DD') as text, e.g. '05-06-2025'. A day has no time zone, so
 * it is never shifted into the user's.
 */
export function formatDay(
  value: string | null | undefined,
  pattern: string = DATE_PATTERN,
): string {
  const match = ISO_DAY.exec(value ?? '');
  if (!match) return '';
  return formatDate(`${match[1]}-${match[2]}-${match[3]}T12:00:00Z`, pattern, 'UTC');
}

/** 'YYYY-MM-DD' → a local Date at midnight (for date pickers); null when empty or invalid. */
export function dayToDate(value: string | null | undefined): Date | null {
  const match = ISO_DAY.exec(value ?? '');
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** A local Date (from a date picker) → 'YYYY-MM-DD'. */
export function dateToDay(date: Date): string {
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The name of a person from its parts: 'Anna Berg'. */
export function fullName(person: { firstname?: string | null; lastname?: string | null }): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ');
}

/** An amount in øre as the text of a money input: 123450 → '1.234,50'; '' when there is none. */
export function oreToDecimalText(ore: number | null | undefined): string {
  return ore === null || ore === undefined ? '' : formatNumber(ore / 100, 2);
}

/**
 * The text of a Danish money input as øre: '1.234,50' → 123450, '' → null, NaN when it is not a
 * Danish number. Also used for hundredths of a percent ('12,5' → 1250).
 */
export function decimalTextToOre(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const value = parseDanishDecimal(text);
  return Number.isNaN(value) ? Number.NaN : Math.round(value * 100);
}

const percentFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Hundredths of a percent (the API's percentages) → '12,5 %'. */
export function formatPercent(hundredths: number): string {
  return `${percentFormat.format(hundredths / 100)}${NBSP}%`;
}
