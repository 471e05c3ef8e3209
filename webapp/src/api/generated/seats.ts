// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type SeatCategory = { key: string, label: string, 
/**
 * '#rrggbb'.
 */
color: string, accessible: boolean, };

export type ChartSummary = { id: string, key: string, name: string, seats: number, categories?: Array<SeatCategory>, };

export type Seat = { id: string, 
/**
 * 'row-number' (row names are unique in a chart): the order line's seat text 'X-Y'.
 */
label: string, section: string, row: string, number: string, position: number, categoryKey: string | null, accessible: boolean, forSale: boolean, x: number, y: number, 
/**
 * true: a place in a standing area (no number to choose; drawn as the area's block).
 * Read as `NULLIF(general_admission, false)`, so other seats carry nothing.
 */
generalAdmission?: boolean, };

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

export type SectionPosition = { x: number, y: number, rotation: number, };

export type SectionInput = { name: string, categoryKey: string | null, rows: Array<RowInput>, 
/**
 * A standing area: one row whose seat count is the area's capacity; its places have no
 * number to choose.
 */
generalAdmission?: boolean, 
/**
 * Where the section's middle stands on the chart, in seat widths (row 1 towards the
 * stage or pitch); none: beside the section before it.
 */
position?: SectionPosition, };

export type SeatMark = { 
/**
 * 'row-number'.
 */
label: string, 
/**
 * Overrides the row's and section's category.
 */
categoryKey: string | null, accessible: boolean, forSale: boolean, };

export type ChartInput = { name: string, categories: Array<SeatCategory>, sections: Array<SectionInput>, 
/**
 * The designer's marks on single seats.
 */
seats: Array<SeatMark>, };

export type ChartUse = { 
/**
 * 'event', 'season' or 'product'.
 */
kind: string, id: string, name: string, };

export type ChartDesign = { id: string, key: string, input: ChartInput | null, usedBy: Array<ChartUse>, 
/**
 * Seats that are sold, held, reserved or in a channel somewhere: they cannot be removed.
 */
seatsInUse: Array<string>, };

export type HoldToken = { holdToken: string, expiresAt: string, 
/**
 * Seconds left as the server counts them (the browser's clock may be off).
 */
secondsLeft: number, 
/**
 * The seats this call held (with the places picked in standing areas); none otherwise.
 */
seats?: Array<string>, };

export type SeatState = "free" | "mine" | "held" | "booked" | "notForSale" | "reserved" | "channel" | "released";

export type EventSeat = { label: string, state: SeatState, 
/**
 * The staff's map: who holds it (order number, season ticket holder, channel).
 */
note?: string, 
/**
 * The staff's map: the order a booked seat belongs to.
 */
orderId?: string, };

export type EventSeatMap = { chart: Chart, states: Array<EventSeat>, };

export type HoldSeatsInput = { holdToken: string, 
/**
 * Seat labels ('row-number').
 */
seats: Array<string>, 
/**
 * Places in standing areas, picked by the server.
 */
areas?: Array<AreaHold>, };

export type AreaHold = { section: string, count: number, };

export type ReleaseSeatInput = { holdToken: string, seat: string, };

export type SeasonTicket = { id?: string, 
/**
 * The seat's label ('row-number').
 */
seat: string, section: string, row: string, seatNumber: string, productId: string | null, product: string, name: string, email: string, companyId: string | null, 
/**
 * The order that sold it (None: made by hand in the season's list).
 */
orderId?: string, };

export type SeasonalTicket = { id: string, product: string, name: string, section: string, row: string, seatNumber: string, 
/**
 * null: not answered (the seat stays reserved); true: coming; false: released for sale.
 */
attending: boolean | null, };

export type SeatChannel = { id?: string, name: string, companyId: string | null, 
/**
 * The company's name (as listed; not read on the way in).
 */
company?: string, 
/**
 * Seat labels.
 */
seats: Array<string>, };

export type SectionCount = { section: string, seats: number, booked: number, held: number, reserved: number, released: number, channel: number, free: number, };

export type SeatOverview = { chart: Chart, states: Array<EventSeat>, sections: Array<SectionCount>, };

export type SeatProduct = { id: string, title: string, sku: string | null, 
/**
 * øre.
 */
price: number, prePayment: boolean, vatExempt: boolean, };
