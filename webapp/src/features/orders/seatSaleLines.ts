import type { TFunction } from 'i18next';
import type { Chart, Seat } from '../../api/generated/seats';
import type { SeatProduct } from '../../shared/seating/seatingApi';
import { seatLineOf, type SeatingEvent } from '../../shared/seating/seatingLines';
import type { OrderLine } from './types';

/** The seat-ticket lines a new order starts with, and what kept a seat out of them. */
export interface SeatSaleLines {
  lines: OrderLine[];
  notices: string[];
}

/** Several seat-ticket products sell a category: which one for these seats? */
export interface ProductQuestion {
  /** The seats of the category, in the order asked for. */
  seats: string[];
  products: SeatProduct[];
}

export interface SeatSaleDeps {
  t: TFunction;
  /** The seat-ticket products of a category of the event's chart. */
  productsOf: (category: string) => Promise<SeatProduct[]>;
  /** The product chosen for the seats; null when the staff user declined. */
  ask: (question: ProductQuestion) => Promise<SeatProduct | null>;
  /** The server's text of a failed read, if it has one. */
  errorText: (error: unknown) => string | undefined;
}

/**
 * The lines of the seats sold from an event's Planoversigt (issue 16): one seat-ticket line per
 * seat, its product chosen per category (one product: that one; several: asked once for the
 * category's seats; none: the seat is left out and named in a notice). A seat the chart does not
 * have is left out too. The lines keep the seats' order; whether a seat is still free is the
 * server's to say when the order is saved.
 */
export async function seatSaleLines(
  labels: readonly string[],
  chart: Chart,
  event: SeatingEvent,
  { t, productsOf, ask, errorText }: SeatSaleDeps,
): Promise<SeatSaleLines> {
  const notices: string[] = [];
  const byLabel = new Map(chart.seats.map((seat) => [seat.label, seat]));
  const seats: Seat[] = [];
  for (const label of labels) {
    const seat = byLabel.get(label);
    if (seat) seats.push(seat);
    else notices.push(t('orders.seatSale.unknownSeat', { seat: label, event: event.title }));
  }

  const byCategory = new Map<string, Seat[]>();
  for (const seat of seats) {
    if (!seat.categoryKey) {
      notices.push(t('orders.seatSale.noProduct', { seat: seat.label }));
      continue;
    }
    const category = byCategory.get(seat.categoryKey);
    if (category) category.push(seat);
    else byCategory.set(seat.categoryKey, [seat]);
  }

  const productOf = new Map<string, SeatProduct>();
  for (const [category, categorySeats] of byCategory) {
    const names = categorySeats.map((seat) => seat.label);
    let products: SeatProduct[];
    try {
      products = await productsOf(category);
    } catch (error) {
      notices.push(
        t('orders.seatSale.productsFailed', {
          seats: names.join(', '),
          reason: errorText(error) ?? t('seating.messages.productsFailed'),
        }),
      );
      continue;
    }
    const [only] = products;
    const chosen = products.length > 1 ? await ask({ seats: names, products }) : only;
    if (chosen) {
      for (const seat of categorySeats) productOf.set(seat.label, chosen);
    } else {
      const key = products.length > 1 ? 'orders.seatSale.notChosen' : 'orders.seatSale.noProduct';
      for (const seat of names) notices.push(t(key, { seat }));
    }
  }

  const lines = seats.flatMap((seat) => {
    const product = productOf.get(seat.label);
    return product ? [seatLineOf(product, seat, event)] : [];
  });
  return { lines, notices };
}
