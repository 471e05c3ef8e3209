import { mulDivRound } from '../../shared/orderLines/orderTotals';

/**
 * The arithmetic of the invoicing card (spec 3 §9), as the server's plan does it
 * (domain/src/contract/plan.rs): the suggested recurring amount and the offered custom periods.
 */

/** Intervals are whole months from 1 to 120. */
export const MIN_INTERVAL = 1;
export const MAX_INTERVAL = 120;

/** '3' → 3; anything but a whole number of months from 1 to 120 is null. */
export function intervalOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const months = Number(trimmed);
  return months >= MIN_INTERVAL && months <= MAX_INTERVAL ? months : null;
}

/** The recurring amount the card suggests: amount × interval / 12, rounded to whole øre. */
export function suggestedAmount(amount: number, intervalMonths: number): number {
  return mulDivRound(amount, intervalMonths, 12);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day `months` months on; the 31st steps to the last day of a shorter month. */
export function addMonths(day: string, months: number): string {
  const match = ISO_DAY.exec(day);
  if (!match) return day;
  const monthIndex = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = Math.min(Number(match[3]), lastDay);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
}

export interface ProposedPeriod {
  date: string;
  /** Øre. */
  amount: number;
}

/**
 * 'Foreslå perioder': every `interval` months from the start up to and including the end date,
 * each counted from the start; the amount split evenly, the last period taking the rest. None
 * without an end date or when the end lies before the start.
 */
export function proposePeriods(
  start: string,
  end: string | null,
  interval: number,
  amount: number,
): ProposedPeriod[] {
  if (!end || !ISO_DAY.test(start) || !ISO_DAY.test(end) || interval < 1) return [];
  const dates: string[] = [];
  for (let step = 0; step < 10_000; step += 1) {
    const date = addMonths(start, step * interval);
    if (date > end) break;
    dates.push(date);
  }
  if (dates.length === 0) return [];
  const each = Math.trunc(amount / dates.length);
  return dates.map((date, index) => ({
    date,
    amount: index === dates.length - 1 ? amount - each * (dates.length - 1) : each,
  }));
}
