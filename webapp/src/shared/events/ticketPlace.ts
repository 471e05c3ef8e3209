import type { TFunction } from 'i18next';

/** A ticket's place: its section, row and seat number, each when it has one. */
export interface TicketPlace {
  section: string | null;
  row: string | null;
  seatNumber: string | null;
}

/** Where the ticket sits: 'Tribune A, række 3, plads 12' (an attendee's, a ticket sold at the desk). */
export function placeOf({ section, row, seatNumber }: TicketPlace, t: TFunction): string {
  return [
    section,
    row && t('events.attendees.place.row', { row }),
    seatNumber && t('events.attendees.place.seat', { seat: seatNumber }),
  ]
    .filter(Boolean)
    .join(', ');
}
