import type { TFunction } from 'i18next';

/** Where a seat line's seat is, as the cart and the confirmed order tell it. */
export interface SeatPlace {
  seat: string | null;
  seatEvent: string | null;
  section: string | null;
  row: string | null;
  seatNumber: string | null;
}

/** '{{event}}: {{seat}}', the seat as section, row and number when they are known. */
export function seatText(t: TFunction, place: SeatPlace): string {
  const seat =
    place.section && place.row && place.seatNumber
      ? t('shop.cart.seatPlace', {
          section: place.section,
          row: place.row,
          number: place.seatNumber,
        })
      : (place.seat ?? '');
  return place.seatEvent ? t('shop.cart.seat', { event: place.seatEvent, seat }) : seat;
}
