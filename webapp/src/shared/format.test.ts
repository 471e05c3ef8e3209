import { describe, expect, it } from 'vitest';
import {
  dateToDay,
  dayToDate,
  EVENT_START_PATTERN,
  formatDate,
  formatDay,
  formatMoney,
  formatNumber,
  formatOre,
  formatOreWithCode,
  initials,
  parseDanishDecimal,
} from './format';

const NBSP = '\u00a0';

describe('money', () => {
  it('shows kroner with thousands separators, a decimal comma and kr.', () => {
    expect(formatMoney(1234.5)).toBe(`1.234,50${NBSP}kr.`);
    expect(formatMoney(1234567.891)).toBe(`1.234.567,89${NBSP}kr.`);
    expect(formatMoney(0)).toBe(`0,00${NBSP}kr.`);
    expect(formatMoney(-99.5)).toBe(`-99,50${NBSP}kr.`);
  });

  it('converts øre from the API', () => {
    expect(formatOre(123450)).toBe(`1.234,50${NBSP}kr.`);
  });

  it("writes the order screens' money with the currency code first", () => {
    expect(formatOreWithCode(123450)).toBe(`DKK${NBSP}1.234,50`);
    expect(formatOreWithCode(-5)).toBe(`DKK${NBSP}-0,05`);
  });

  it('never shows minus zero', () => {
    expect(formatNumber(-0.001)).toBe('0,00');
  });
});

describe('Danish decimals', () => {
  it('reads comma decimals and dotted thousands', () => {
    expect(parseDanishDecimal('1.234,5')).toBe(1234.5);
    expect(parseDanishDecimal('12,25')).toBe(12.25);
    expect(parseDanishDecimal('-3')).toBe(-3);
  });

  it('refuses English and malformed numbers', () => {
    expect(parseDanishDecimal('12.5')).toBeNaN();
    expect(parseDanishDecimal('1,2,3')).toBeNaN();
    expect(parseDanishDecimal('')).toBeNaN();
  });
});

describe('dates', () => {
  it("shows an event start as a buyer reads it: 'tors. 5. jun. kl. 19:30', the year when not this year", () => {
    const now = new Date('2025-03-01T12:00:00Z');
    // 17:30 UTC in summer is 19:30 in Berlin.
    expect(formatDate('2025-06-05T17:30:00Z', EVENT_START_PATTERN, undefined, now)).toBe(
      'tors. 5. jun. kl. 19:30',
    );
    // In winter Berlin is one hour ahead of UTC: New Year's Eve at 23:15 UTC is next year's 1 January.
    expect(formatDate('2025-12-31T23:15:00Z', EVENT_START_PATTERN, undefined, now)).toBe(
      'tors. 1. jan. 2026 kl. 00:15',
    );
    expect(formatDate('2026-02-08T17:00:00Z', EVENT_START_PATTERN, undefined, now)).toBe(
      'søn. 8. feb. 2026 kl. 18:00',
    );
    // Sign-up that opens on the 16th and closes on the 15th of the next month reads forwards.
    expect(formatDate('2025-05-16T17:00:00Z', EVENT_START_PATTERN, undefined, now)).toBe(
      'fre. 16. maj kl. 19:00',
    );
  });

  it('uses the given time zone', () => {
    expect(formatDate('2025-06-05T17:30:00Z', 'DD-MM-YYYY HH:mm', 'America/New_York')).toBe(
      '05-06-2025 13:30',
    );
  });

  it('names months in Danish', () => {
    expect(formatDate('2025-03-10T12:00:00Z', 'D. MMMM YYYY')).toBe('10. marts 2025');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two names', () => {
    expect(initials('anna berg hansen')).toBe('AB');
    expect(initials('')).toBe('');
  });
});

describe('calendar days', () => {
  it('formats an API day without shifting it into a time zone', () => {
    expect(formatDay('2025-06-05')).toBe('05-06-2025');
    expect(formatDay(null)).toBe('');
    expect(formatDay('ikke en dato')).toBe('');
  });

  it('converts between picker dates and API days', () => {
    expect(dateToDay(new Date(2025, 0, 9))).toBe('2025-01-09');
    expect(dayToDate('2025-01-09')?.getDate()).toBe(9);
    expect(dayToDate('')).toBeNull();
  });
});

describe('money inputs', () => {
  it("turns Danish decimals into øre and back: '1.234,50' ↔ 123450", async () => {
    const { decimalTextToOre, oreToDecimalText, formatPercent } = await import('./format');
    expect(decimalTextToOre('1.234,50')).toBe(123450);
    expect(decimalTextToOre('0,1')).toBe(10);
    expect(decimalTextToOre('')).toBeNull();
    expect(decimalTextToOre('12,3,4')).toBeNaN();
    expect(oreToDecimalText(123450)).toBe('1.234,50');
    expect(oreToDecimalText(null)).toBe('');
    expect(formatPercent(1250)).toBe(`12,5${NBSP}%`);
  });
});
