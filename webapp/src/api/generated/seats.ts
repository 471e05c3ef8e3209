// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type SeatCategory = { key: string, label: string, 
/**
 * '#rrggbb'.
 */
color: string, accessible: boolean, };

export type ChartSummary = { id: string, key: string, name: string, seats: number, categories?: Array<SeatCategory>, };

export type Seat = { id: string, 
/**
 * 'section-row-number'.
 */
label: string, section: string, row: string, number: string, position: number, categoryKey: string | null, accessible: boolean, forSale: boolean, x: number, y: number, };

export type Chart = { id: string, key: string, name: string, categories: Array<SeatCategory>, seats: Array<Seat>, };

export type Numbering = "leftToRight" | "rightToLeft";

export type RowInput = { label: string, seats: number, numbering: Numbering, 
/**
 * Overrides the section's category.
 */
categoryKey: string | null, 
/**
 * How much the row bends (0: straight), in seat widths at its ends.
 */
curve: number, };

export type SectionInput = { name: string, categoryKey: string | null, rows: Array<RowInput>, };

export type ChartInput = { name: string, categories: Array<SeatCategory>, sections: Array<SectionInput>, };

export type HoldToken = { holdToken: string, expiresAt: string, };

export type SeatState = "free" | "mine" | "held" | "booked" | "notForSale";

export type EventSeat = { label: string, state: SeatState, };

export type EventSeatMap = { chart: Chart, states: Array<EventSeat>, };

export type HoldSeatsInput = { holdToken: string, 
/**
 * Seat labels ('section-row-number').
 */
seats: Array<string>, };

export type ReleaseSeatInput = { holdToken: string, seat: string, };
