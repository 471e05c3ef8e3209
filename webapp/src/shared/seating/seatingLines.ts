import type { EventSeat, Seat } from '../../api/generated/seats';
import { dayToDate } from '../format';
import { newOrderLine, SEAT_TICKET } from '../orderLines/orderLineSchema';
import { lineTotal } from '../orderLines/orderTotals';
import type { OrderLine } from '../orderLines/types';
import type { SeatMapState } from '../seats/seatModel';
import type { SeatingEventRow, SeatProduct } from './seatingApi';

/** An event the seating dialog offers. */
export interface SeatingEvent {
  id: string;
  title: string;
  startDate: string;
  endDate: string | null;
}

/** A seat-ticket line that names its event: the lines the seating dialog edits. */
export function isSeatingLine(line: OrderLine): boolean {
  return line.type === SEAT_TICKET && Boolean(line.seatEventId);
}

/** The line's seat at `event`. */
export function isSeatAt(line: OrderLine, eventId: string, label: string): boolean {
  return line.seatEventId === eventId && line.seat === label;
}

/** The seat-ticket line a seat picked on the chart of `event` adds. */
export function seatLineOf(product: SeatProduct, seat: Seat, event: SeatingEvent): OrderLine {
  const line: OrderLine = {
    ...newOrderLine(),
    productId: product.id,
    title: product.title,
    type: SEAT_TICKET,
    sku: product.sku,
    price: product.price,
    prePayment: product.prePayment,
    vatExempt: product.vatExempt,
    discount: 0,
    amount: 1,
    seat: seat.label,
    seatEvent: event.title,
    seatEventId: event.id,
    seatCategoryId: seat.categoryKey,
  };
  return { ...line, total: lineTotal(line) };
}

/**
 * The line with its seat at `event` instead ('Flyt'): `seat` of that chart, the same seat or
 * another place of a standing area; its category is that chart's.
 */
export function lineAt(line: OrderLine, event: SeatingEvent, seat: Seat): OrderLine {
  return {
    ...line,
    seat: seat.label,
    seatEvent: event.title,
    seatEventId: event.id,
    seatCategoryId: seat.categoryKey,
  };
}

/** A new line of the same product at `event`, on `seat` of that chart ('Kopier'). */
export function copyAt(line: OrderLine, event: SeatingEvent, seat: Seat): OrderLine {
  return { ...lineAt(line, event, seat), id: crypto.randomUUID() };
}

/**
 * The entity's lines with its seating lines replaced by `edited`: the other lines keep their
 * places, the edited ones stand where the first seating line stood (at the end when none did).
 */
export function replaceSeatingLines<L extends OrderLine>(lines: readonly L[], edited: L[]): L[] {
  const first = lines.findIndex(isSeatingLine);
  if (first < 0) return [...lines, ...edited];
  const after = lines.slice(first).filter((line) => !isSeatingLine(line));
  return [...lines.slice(0, first), ...edited, ...after];
}

/**
 * The chart's states as the dialog draws them (pick mode): a seat an edited line holds at the
 * event is 'mine'; a seat this entity booked (the server's note `bookingNote`, e.g. '#1001')
 * that no line holds any more is free again on saving, and so is a season ticket's released
 * seat. Every other state keeps the seat from being picked.
 */
export function seatingStates(
  states: readonly EventSeat[],
  lines: readonly OrderLine[],
  eventId: string,
  bookingNote: string | null,
): Map<string, SeatMapState> {
  const held = new Set(
    lines.filter((line) => line.seatEventId === eventId && line.seat).map((line) => line.seat),
  );
  const ownBooking = (note: string | undefined) =>
    bookingNote !== null &&
    note !== undefined &&
    (note === bookingNote || note.startsWith(`${bookingNote} `));
  const drawn = new Map<string, SeatMapState>();
  for (const seat of states) {
    if (held.has(seat.label)) drawn.set(seat.label, 'mine');
    else if (seat.state === 'released') drawn.set(seat.label, 'free');
    else if (seat.state === 'booked' && ownBooking(seat.note)) drawn.set(seat.label, 'free');
    else drawn.set(seat.label, seat.state);
  }
  for (const label of held) if (label && !drawn.has(label)) drawn.set(label, 'mine');
  return drawn;
}

/** The event of a list row. */
function eventOf(row: SeatingEventRow): SeatingEvent {
  return { id: row.Id, title: row.Title, startDate: row.StartDate, endDate: row.EndDate || null };
}

/** The event `id` of the list (a main event or one of its sub-events); null when not there. */
export function findSeatingEvent(
  rows: readonly SeatingEventRow[],
  id: string,
): SeatingEvent | null {
  const row = rows
    .flatMap((each) => [each, ...(each.children ?? [])])
    .find((each) => each.Id === id);
  return row ? eventOf(row) : null;
}

/**
 * The events with seating (a main event's sub-events too) that have not ended before the day
 * `from` and do not start after the day `to` ('YYYY-MM-DD'; null: no bound), the first first.
 */
export function seatingEvents(
  rows: readonly SeatingEventRow[],
  from: string | null,
  to: string | null,
): SeatingEvent[] {
  const start = dayToDate(from)?.getTime() ?? -Infinity;
  const toDay = dayToDate(to);
  const end = toDay
    ? new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate() + 1).getTime()
    : Infinity;
  const time = (value: string | null) => (value ? new Date(value).getTime() : NaN);
  return rows
    .flatMap((row): SeatingEventRow[] => [row, ...(row.children ?? [])])
    .filter((row) => row.HasSeating)
    .map(eventOf)
    .filter((event) => {
      const begins = time(event.startDate);
      const ends = Number.isNaN(time(event.endDate)) ? begins : time(event.endDate);
      return ends >= start && begins < end;
    })
    .sort((a, b) => time(a.startDate) - time(b.startDate) || a.title.localeCompare(b.title));
}
