import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './eventDates';

describe('event date-times', () => {
  it('shows the API time as the wall clock of the time zone and back', () => {
    expect(isoToLocalInput('2026-12-05T18:30:00Z', 'Europe/Berlin')).toBe('2026-12-05T19:30');
    expect(localInputToIso('2026-12-05T19:30', 'Europe/Berlin')).toBe('2026-12-05T18:30:00Z');
    expect(isoToLocalInput('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-07-01T12:00');
    expect(localInputToIso('2026-07-01T12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00Z');
    expect(localInputToIso('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00Z');
  });

  it('keeps the wall clock on the days the clocks change', () => {
    expect(localInputToIso('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00Z');
    expect(localInputToIso('2026-10-25T12:00', 'Europe/Berlin')).toBe('2026-10-25T11:00:00Z');
  });

  it('has no time for an empty or broken value', () => {
    expect(isoToLocalInput(null, 'Europe/Berlin')).toBe('');
    expect(localInputToIso('', 'Europe/Berlin')).toBeNull();
    expect(localInputToIso('05-12-2026', 'Europe/Berlin')).toBeNull();
  });
});
