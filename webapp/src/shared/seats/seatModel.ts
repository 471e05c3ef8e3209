import type { Chart, EventSeat, Seat, SeatState } from '../../api/generated/seats';
import { leavesNoNeedlessOrphan, type Place } from './orphan';

/**
 * What a seat is at an event as a map draws it: the public states, and the staff's (a seasonal
 * ticket's reserved or released seat, a seat kept for a sales channel), which the server is adding.
 */
export type SeatMapState = SeatState | 'reserved' | 'released' | 'channel';

/** Every state in the order the overview's legend lists them. */
export const SEAT_STATES: readonly SeatMapState[] = [
  'free',
  'mine',
  'held',
  'booked',
  'notForSale',
  'reserved',
  'released',
  'channel',
];

/** The overview's colour of each state; an unknown state is drawn in `UNKNOWN_STATE_COLOR`. */
export const STATE_COLORS: Readonly<Record<SeatMapState, string>> = {
  free: '#2e7d32',
  mine: '#1565c0',
  held: '#f9a825',
  booked: '#c62828',
  notForSale: '#9e9e9e',
  reserved: '#6a1b9a',
  released: '#00838f',
  channel: '#ef6c00',
};

export const UNKNOWN_STATE_COLOR = '#616161';

/** A seat that cannot be picked (taken, or of another category), in pick mode. */
export const UNAVAILABLE_COLOR = '#d1d5db';

/** A seat without a category. */
export const NO_CATEGORY_COLOR = '#78909c';

/** A picked seat as the booking line (and the order line's seat text) takes it. */
export interface PickedSeat {
  /** 'row-number' ('N1-12'): the seat's text on the order line. */
  label: string;
  section: string;
  row: string;
  seatNumber: string;
  /** The category's colour ('#rrggbb'). */
  color: string;
  categoryKey: string | null;
}

/** The states by seat label; a seat the server does not name is free. */
export function statesByLabel(states: readonly EventSeat[]): Map<string, SeatMapState> {
  return new Map(states.map((seat) => [seat.label, seat.state]));
}

export function stateOf(states: ReadonlyMap<string, SeatMapState>, label: string): SeatMapState {
  return states.get(label) ?? 'free';
}

/** Only a free seat can be taken; a picked one ('mine') can be given back. */
export function isPickable(
  state: string,
  categoryKey: string | null,
  categories?: readonly string[],
) {
  if (state === 'mine') return true;
  if (state !== 'free') return false;
  return !categories || (categoryKey !== null && categories.includes(categoryKey));
}

export function categoryColor(chart: Chart, categoryKey: string | null): string {
  return (
    chart.categories.find((category) => category.key === categoryKey)?.color ?? NO_CATEGORY_COLOR
  );
}

export function pickedSeat(chart: Chart, seat: Seat): PickedSeat {
  return {
    label: seat.label,
    section: seat.section,
    row: seat.row,
    seatNumber: seat.number,
    color: categoryColor(chart, seat.categoryKey),
    categoryKey: seat.categoryKey,
  };
}

/** A place in a standing area: it has no number to choose, and the area is drawn as one block. */
export function isStandingPlace(seat: Seat): boolean {
  return seat.generalAdmission === true;
}

/** A standing area (general admission): a section whose places are taken by count, not by choice. */
export interface StandingArea {
  /** The section's name: what a hold names the area by. */
  section: string;
  /** Its places in the chart's order. */
  places: readonly Seat[];
  /** The area's category (its first place's). */
  categoryKey: string | null;
}

const areasOfChart = new WeakMap<Chart, StandingArea[]>();

/** The chart's standing areas in the chart's order; worked out once per chart. */
export function standingAreasOf(chart: Chart): readonly StandingArea[] {
  let areas = areasOfChart.get(chart);
  if (!areas) {
    const bySection = new Map<string, Seat[]>();
    for (const seat of chart.seats) {
      if (!isStandingPlace(seat)) continue;
      const places = bySection.get(seat.section);
      if (places) places.push(seat);
      else bySection.set(seat.section, [seat]);
    }
    areas = [...bySection].map(([section, places]) => ({
      section,
      places,
      categoryKey: places[0]?.categoryKey ?? null,
    }));
    areasOfChart.set(chart, areas);
  }
  return areas;
}

export function standingAreaOf(chart: Chart, section: string): StandingArea | undefined {
  return standingAreasOf(chart).find((area) => area.section === section);
}

/** How an area stands for one session: its free places (of a category that may be picked) and the session's. */
export function areaCounts(
  area: StandingArea,
  states: ReadonlyMap<string, SeatMapState>,
  categories?: readonly string[],
): { free: number; mine: number } {
  let free = 0;
  let mine = 0;
  for (const place of area.places) {
    const state = stateOf(states, place.label);
    if (state === 'mine') mine += 1;
    else if (isPickable(state, place.categoryKey, categories)) free += 1;
  }
  return { free, mine };
}

/**
 * The area's first place in the chart's order that one more can be taken from: free (not the
 * session's already) and of a category that may be picked; undefined when the area is full.
 */
export function firstFreePlace(
  area: StandingArea,
  states: ReadonlyMap<string, SeatMapState>,
  categories?: readonly string[],
): Seat | undefined {
  return area.places.find((place) => {
    const state = stateOf(states, place.label);
    return state !== 'mine' && isPickable(state, place.categoryKey, categories);
  });
}

const rowKey = (seat: Seat) => `${seat.section}\u0000${seat.row}`;
const rowsOfChart = new WeakMap<Chart, Map<string, Seat[]>>();

/** The chart's rows, each left to right (by position); worked out once per chart. */
function rowsOf(chart: Chart): Map<string, Seat[]> {
  let rows = rowsOfChart.get(chart);
  if (!rows) {
    rows = new Map();
    for (const seat of chart.seats) {
      const row = rows.get(rowKey(seat));
      if (row) row.push(seat);
      else rows.set(rowKey(seat), [seat]);
    }
    for (const row of rows.values()) row.sort((a, b) => a.position - b.position);
    rowsOfChart.set(chart, rows);
  }
  return rows;
}

/**
 * Whether picking `seat` would leave a needless single seat in its row, as the server judges it:
 * the seats the session holds there count as chosen with it, and a seat is free for the rule when
 * it is free or the session's. A standing area has no single seats to leave.
 */
export function leavesOrphan(
  chart: Chart,
  states: ReadonlyMap<string, SeatMapState>,
  seat: Seat,
): boolean {
  if (isStandingPlace(seat)) return false;
  const row = rowsOf(chart).get(rowKey(seat)) ?? [seat];
  const places: Place[] = [];
  const chosen: number[] = [];
  row.forEach((each, index) => {
    const state = stateOf(states, each.label);
    places.push(state === 'free' || state === 'mine' ? 'free' : 'taken');
    if (state === 'mine' || each.label === seat.label) chosen.push(index);
  });
  return !leavesNoNeedlessOrphan(places, chosen);
}
