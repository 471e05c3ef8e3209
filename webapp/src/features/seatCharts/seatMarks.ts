import type { Chart, SeatMark } from '../../api/generated/seats';

/** What a mark can change on a seat. */
export type MarkChange = Partial<Omit<SeatMark, 'label'>>;

const unmarked = (label: string): SeatMark => ({
  label,
  categoryKey: null,
  accessible: false,
  forSale: true,
});

/** A mark that changes nothing is not sent. */
function changesSomething(mark: SeatMark): boolean {
  return mark.categoryKey !== null || mark.accessible || !mark.forSale;
}

export function markOf(marks: readonly SeatMark[], label: string): SeatMark {
  return marks.find((mark) => mark.label === label) ?? unmarked(label);
}

/** `change` made on each of `labels`: marks kept in their place, new ones after them. */
export function withMarks(
  marks: readonly SeatMark[],
  labels: readonly string[],
  change: MarkChange,
): SeatMark[] {
  const wanted = new Set(labels);
  const changed = marks.map((mark) => (wanted.has(mark.label) ? { ...mark, ...change } : mark));
  const known = new Set(marks.map((mark) => mark.label));
  const added = labels
    .filter((label) => !known.has(label))
    .map((label) => ({ ...unmarked(label), ...change }));
  return [...changed, ...added].filter(changesSomething);
}

export function withoutMarks(marks: readonly SeatMark[], labels: readonly string[]): SeatMark[] {
  const removed = new Set(labels);
  return marks.filter((mark) => !removed.has(mark.label));
}

/**
 * The seats from `from` to `to` when both are in the same row of the chart (a shift-click), in
 * the row's order; otherwise just `to`.
 */
export function seatRange(chart: Chart, from: string | null, to: string): string[] {
  const start = chart.seats.find((seat) => seat.label === from);
  const end = chart.seats.find((seat) => seat.label === to);
  if (!start || !end || start.section !== end.section || start.row !== end.row) return [to];
  const low = Math.min(start.position, end.position);
  const high = Math.max(start.position, end.position);
  return chart.seats
    .filter(
      (seat) =>
        seat.section === end.section &&
        seat.row === end.row &&
        seat.position >= low &&
        seat.position <= high,
    )
    .sort((a, b) => a.position - b.position)
    .map((seat) => seat.label);
}
