import { describe, expect, it } from 'vitest';
import { leavesNoNeedlessOrphan, type Place } from './orphan';

// The cases of the Rust unit tests in domain/src/seats.rs, one for one.
const F: Place = 'free';
const T: Place = 'taken';

describe('the lenient orphan rule', () => {
  it('refuses a selection that leaves one empty seat between taken seats', () => {
    // T F F F F: choosing positions 2–3 leaves seat 1 alone between T and the choice.
    const row = [T, F, F, F, F];
    expect(leavesNoNeedlessOrphan(row, [2, 3])).toBe(false);
    // Choosing 1–2 leaves no single seat.
    expect(leavesNoNeedlessOrphan(row, [1, 2])).toBe(true);
  });

  it('does not take the end of a row for a taken seat', () => {
    const row = [F, F, F, F];
    expect(leavesNoNeedlessOrphan(row, [1, 2])).toBe(true);
  });

  it('allows an orphan that no other run of the same size avoids', () => {
    // T F F F T: any two seats side by side leave one alone.
    const row = [T, F, F, F, T];
    expect(leavesNoNeedlessOrphan(row, [1, 2])).toBe(true);
    // But a single seat in the middle leaves two, and the ends leave none: refused.
    expect(leavesNoNeedlessOrphan(row, [2])).toBe(false);
    expect(leavesNoNeedlessOrphan(row, [1])).toBe(true);
  });

  it('does not blame the selection for an orphan that was there before', () => {
    const row = [T, F, T, F, F, F];
    expect(leavesNoNeedlessOrphan(row, [3, 4])).toBe(true);
    expect(leavesNoNeedlessOrphan(row, [5])).toBe(true);
    expect(leavesNoNeedlessOrphan(row, [4])).toBe(false);
  });
});
