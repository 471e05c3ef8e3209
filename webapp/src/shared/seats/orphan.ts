/**
 * The lenient orphan rule of the server (domain `seats::leaves_no_needless_orphan`), so the
 * picker can refuse a seat before it asks; the server checks again.
 */

/** A seat of a row, left to right, as a selection sees it. */
export type Place =
  /** For sale and nobody (else) has it. */
  | 'free'
  /** Booked, held by someone else, reserved or not for sale. */
  | 'taken';

/** The seats of `row` (by position) that are single empty seats between taken or chosen seats. */
function orphans(row: readonly Place[], chosen: readonly number[]): number[] {
  const taken = (i: number) => row[i] === 'taken' || chosen.includes(i);
  const found: number[] = [];
  for (let i = 1; i < row.length - 1; i += 1) {
    if (!taken(i) && taken(i - 1) && taken(i + 1)) found.push(i);
  }
  return found;
}

/**
 * The orphans a selection makes: single empty seats it leaves between taken seats that were not
 * single empty seats before it.
 */
function newOrphans(row: readonly Place[], chosen: readonly number[]): number {
  const before = orphans(row, []);
  return orphans(row, chosen).filter((i) => !before.includes(i)).length;
}

/**
 * The lenient orphan rule: a selection of seats in a row (positions) that leaves a single empty
 * seat between taken seats is refused — unless no other run of as many free seats side by side
 * in the row would leave none (then the buyer had no better choice). True: allowed.
 */
export function leavesNoNeedlessOrphan(row: readonly Place[], chosen: readonly number[]): boolean {
  if (chosen.length === 0 || newOrphans(row, chosen) === 0) return true;
  const size = chosen.length;
  for (let start = 0; start <= Math.max(0, row.length - size); start += 1) {
    const run = Array.from({ length: size }, (_, offset) => start + offset);
    if (run.every((i) => row[i] === 'free') && newOrphans(row, run) === 0) return false;
  }
  return true;
}
