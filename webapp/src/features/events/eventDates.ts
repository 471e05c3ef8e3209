import { formatDate } from '../../shared/format';

/** The value of a `datetime-local` input: the wall-clock time in the user's time zone. */
const LOCAL_INPUT_PATTERN = 'YYYY-MM-DD[T]HH:mm';
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An API date-time ('2026-12-05T18:30:00Z') as a `datetime-local` value in `timeZone`; '' for none. */
export function isoToLocalInput(value: string | null | undefined, timeZone: string): string {
  return formatDate(value, LOCAL_INPUT_PATTERN, timeZone);
}

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `utcMs`, in ms. */
function zoneOffset(utcMs: number, timeZone: string): number {
  const wallClock = formatDate(new Date(utcMs), 'YYYY-MM-DD HH:mm:ss', timeZone);
  const [day = '', time = ''] = wallClock.split(' ');
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  return (
    Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0, second ?? 0) - utcMs
  );
}

/**
 * A `datetime-local` value, read as the wall-clock time in `timeZone`, as the API's UTC date-time
 * ('2026-12-05T18:30:00Z'); null when empty or not a date-time.
 */
export function localInputToIso(text: string | null | undefined, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec((text ?? '').trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  // The offset at the guessed instant, then at the corrected one: right across a DST change.
  const guess = asUtc - zoneOffset(asUtc, timeZone);
  const instant = asUtc - zoneOffset(guess, timeZone);
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}
