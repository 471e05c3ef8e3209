import { apiErrorMessage, isApiError } from '../../api/baseApi';
import type { DeskPayment } from '../../api/generated/orders';
import type { PosCart, PosLine, PosPrice, PosProduct } from '../../api/generated/pos';
import type { CompanyPick } from '../../shared/pickers/types';
import type { PickedSeat } from '../../shared/seats/seatModel';

/** How the customer pays at the desk; the server records 'free' itself when the total is 0. */
export type PaymentChoice = Exclude<DeskPayment, 'free'>;

/** One sale at the desk, from the first product to 'Gennemfør salg' (or 'Annuller'). */
export interface Sale {
  /** Made per sale: the same key confirms once (a double click, a retried request). */
  key: string;
  /** The sale's hold session (its seats); null until the first seat is picked. */
  holdToken: string | null;
  company: CompanyPick | null;
  email: string;
  /** How many of each product are wanted by product id; of a seat ticket, how many seats. */
  amounts: Readonly<Record<string, number>>;
  /** The seats picked of each seat ticket by product id, all held with `holdToken`. */
  seats: Readonly<Record<string, readonly PickedSeat[]>>;
  payment: PaymentChoice | null;
}

export function newSale(): Sale {
  return {
    key: crypto.randomUUID(),
    holdToken: null,
    company: null,
    email: '',
    amounts: {},
    seats: {},
    payment: null,
  };
}

export const isSeatTicket = (product: PosProduct) => product.kind === 'seat-ticket';

/**
 * The cart's lines in the products' order: a seat ticket's one per seat (amount 1, the seat and
 * the sale's session), any other product one line of its amount when it is above 0.
 */
export function cartLines(
  products: readonly PosProduct[],
  sale: Pick<Sale, 'amounts' | 'seats' | 'holdToken'>,
): PosLine[] {
  return products.flatMap((product): PosLine[] => {
    const { productId } = product;
    if (isSeatTicket(product)) {
      return (sale.seats[productId] ?? []).map((seat) => ({
        productId,
        amount: 1,
        seat: seat.label,
        holdToken: sale.holdToken,
      }));
    }
    const amount = sale.amounts[productId] ?? 0;
    return amount > 0 ? [{ productId, amount, seat: null, holdToken: null }] : [];
  });
}

/** What a cart tells beside its lines: the totals last priced, the e-mail and the payment. */
export interface CartExtras {
  price?: PosPrice;
  email?: string;
  payment?: PaymentChoice | null;
}

/** The cart as the server takes it; the totals are what the price said (the server ignores them). */
export function posCart(
  eventId: string,
  sale: Pick<Sale, 'key' | 'holdToken' | 'company'>,
  lines: PosLine[],
  { price, email = '', payment = null }: CartExtras = {},
): PosCart {
  return {
    eventId,
    products: lines,
    discountCode: null,
    subtotal: price?.subtotal ?? 0,
    discount: price?.discount ?? 0,
    vat: price?.vat ?? 0,
    total: price?.total ?? 0,
    expires: null,
    holdToken: sale.holdToken,
    customer: {
      companyId: sale.company?.id ?? null,
      firstname: '',
      lastname: '',
      email: email.trim(),
      phone: '',
    },
    paymentMethod: payment,
    saleKey: sale.key,
  };
}

/** The server's refusal of a cart, sorted by where the desk shows it. */
export interface PosErrors {
  /** By product id: `products.{i}.amount|productId|seat` of its lines. */
  products: Record<string, string[]>;
  /** `products` ('Kurven er tom') and fields the desk has no place for. */
  cart: string[];
  company: string[];
  email: string[];
  payment: string[];
}

export const NO_ERRORS: PosErrors = {
  products: {},
  cart: [],
  company: [],
  email: [],
  payment: [],
};

const LINE_FIELD = /^products\.(\d+)\.\w+$/;

/** The refusal names fields the desk shows beside them. */
export function hasFieldErrors(errors: PosErrors): boolean {
  return (
    Object.keys(errors.products).length > 0 ||
    errors.cart.length + errors.company.length + errors.email.length + errors.payment.length > 0
  );
}

/** Sorts a 422's field errors; `cart` is the cart that was sent (its lines are what `{i}` counts). */
export function posErrors(error: unknown, cart: PosCart): PosErrors {
  if (!isApiError(error) || !error.errors) return NO_ERRORS;
  const sorted: PosErrors = { products: {}, cart: [], company: [], email: [], payment: [] };
  for (const [field, value] of Object.entries(error.errors)) {
    const texts = Array.isArray(value) ? value.map(String) : [String(value)];
    const line = LINE_FIELD.exec(field);
    const sent = line ? cart.products[Number(line[1])] : undefined;
    if (sent?.productId) {
      sorted.products[sent.productId] = [...(sorted.products[sent.productId] ?? []), ...texts];
    } else if (field === 'customer.companyId') sorted.company.push(...texts);
    else if (field === 'customer.email') sorted.email.push(...texts);
    else if (field === 'paymentMethod') sorted.payment.push(...texts);
    else sorted.cart.push(...texts);
  }
  return sorted;
}

/** The text a refusal shows in a toast: the server's message, else its first field's text. */
export function refusalText(error: unknown): string | undefined {
  const message = apiErrorMessage(error);
  if (message) return message;
  if (!isApiError(error) || !error.errors) return undefined;
  const first = Object.values(error.errors)[0];
  if (Array.isArray(first)) return first.join(' ') || undefined;
  return first ? String(first) : undefined;
}

/**
 * The seats after the seat picker of `productId` confirmed `picked` with `token`. The picker shows
 * every seat of the sale's session, so the other products keep theirs that are still picked; what
 * is new is this product's. A new session (the old one ran out) holds only what was picked now.
 */
export function seatsAfterPicking(
  sale: Sale,
  productId: string,
  picked: readonly PickedSeat[],
  token: string,
): Record<string, PickedSeat[]> {
  if (token !== sale.holdToken) return { [productId]: [...picked] };
  const labels = new Set(picked.map((seat) => seat.label));
  const seats: Record<string, PickedSeat[]> = {};
  const others = new Set<string>();
  for (const [id, held] of Object.entries(sale.seats)) {
    if (id === productId) continue;
    seats[id] = held.filter((seat) => labels.has(seat.label));
    seats[id].forEach((seat) => others.add(seat.label));
  }
  seats[productId] = picked.filter((seat) => !others.has(seat.label));
  return seats;
}

/** How many seats the sale holds for products other than `productId`. */
export function otherSeatCount(sale: Sale, productId: string): number {
  return Object.entries(sale.seats)
    .filter(([id]) => id !== productId)
    .reduce((count, [, seats]) => count + seats.length, 0);
}
