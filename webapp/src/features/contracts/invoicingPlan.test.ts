import { describe, expect, it } from 'vitest';
import { addMonths, intervalOf, proposePeriods, suggestedAmount } from './invoicingPlan';

describe('the suggested recurring amount', () => {
  it('is the amount × interval / 12, rounded half away from zero to whole øre', () => {
    expect(suggestedAmount(1_200_000, 3)).toBe(300_000);
    expect(suggestedAmount(100_000, 1)).toBe(8_333);
    expect(suggestedAmount(100_002, 1)).toBe(8_334);
    expect(suggestedAmount(99_999, 12)).toBe(99_999);
  });
});

describe('an interval', () => {
  it('is a whole number of months from 1 to 120', () => {
    expect(intervalOf('3')).toBe(3);
    expect(intervalOf(' 120 ')).toBe(120);
    for (const text of ['', '0', '121', '1,5', '-1', 'tre']) expect(intervalOf(text)).toBeNull();
  });
});

describe('stepping months', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-01', 12)).toBe('2027-12-01');
  });
});

describe('the proposed periods', () => {
  it('run every interval months from the start to the end date, the total split evenly', () => {
    expect(proposePeriods('2026-01-01', '2026-12-31', 3, 1_000_000)).toEqual([
      { date: '2026-01-01', amount: 250_000 },
      { date: '2026-04-01', amount: 250_000 },
      { date: '2026-07-01', amount: 250_000 },
      { date: '2026-10-01', amount: 250_000 },
    ]);
  });

  it('give the rest of the split to the last period, and include the end date', () => {
    expect(proposePeriods('2026-01-31', '2026-03-31', 1, 100_000)).toEqual([
      { date: '2026-01-31', amount: 33_333 },
      { date: '2026-02-28', amount: 33_333 },
      { date: '2026-03-31', amount: 33_334 },
    ]);
  });

  it('are none without an end date, or with the end before the start', () => {
    expect(proposePeriods('2026-01-01', null, 1, 100)).toEqual([]);
    expect(proposePeriods('2026-01-01', '2025-12-31', 1, 100)).toEqual([]);
  });
});
