/**
 * Seats sold from an event's Planoversigt (issue 16, spec 2 §2 tab 30 "sales mode"): the seating
 * manager sends the chosen seats to a new order by URL, and the order's page starts its lines
 * from them. Both ends read the query through here.
 */

/** The seats to sell at an event: its id and the seats' labels ('N1-3'). */
export interface SeatSale {
  eventId: string;
  seats: string[];
}

const EVENT_PARAM = 'seatEvent';
const SEATS_PARAM = 'seats';

/** The new order's page with the seats: `/orders/create?seatEvent=…&seats=N1-3,N1-4`. */
export function newOrderWithSeatsPath({ eventId, seats }: SeatSale): string {
  const query = new URLSearchParams({ [EVENT_PARAM]: eventId, [SEATS_PARAM]: seats.join(',') });
  return `/orders/create?${query.toString()}`;
}

/** The seats a new order's URL asks for; null when it names no event or no seat. */
export function seatSaleOf(query: URLSearchParams): SeatSale | null {
  const eventId = query.get(EVENT_PARAM)?.trim();
  const seats = [
    ...new Set(
      (query.get(SEATS_PARAM) ?? '')
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    ),
  ];
  return eventId && seats.length > 0 ? { eventId, seats } : null;
}
