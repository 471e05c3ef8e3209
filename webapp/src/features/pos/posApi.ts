import { baseApi } from '../../api/baseApi';
import type { PosCart, PosLine, PosPrice, PosProducts, PosResult } from '../../api/generated/pos';
import { EVENT_TAG, attendeesTag, eventUrl, seatMapTag } from '../../shared/events/eventsApi';

const pos = (eventId: string) => `${eventUrl(eventId)}/pos`;

/** What the desk sells of an event: its tickets and goods, with the chosen company's allowances. */
const posTag = (eventId: string) => ({ type: EVENT_TAG, id: `pos:${eventId}` });

export interface PosProductsRequest {
  eventId: string;
  /** The customer's company: its free tickets show as allowances. */
  companyId: string | null;
}

export interface PosCartRequest {
  eventId: string;
  cart: PosCart;
}

/**
 * The point of sale of an event (tab 90, spec 2 §7 "Point of sale"): the products, the server's
 * price of a cart (its lines, allowances, VAT and totals), giving back a seat, cancelling a sale
 * (its seats are given back) and confirming it (the order, its tickets and what to print).
 */
export const posApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPosProducts: build.query<PosProducts, PosProductsRequest>({
      query: ({ eventId, companyId }) => ({
        url: `${pos(eventId)}/products`,
        params: companyId ? { companyId } : undefined,
      }),
      providesTags: (_result, _error, { eventId }) => [posTag(eventId)],
    }),
    /** 422 with field errors on `products.{i}.amount|seat|productId`, `products`, `customer.companyId`. */
    pricePosCart: build.query<PosPrice, PosCartRequest>({
      query: ({ eventId, cart }) => ({ url: `${pos(eventId)}/price`, method: 'POST', body: cart }),
      // A price is only good for the cart it was asked for.
      keepUnusedDataFor: 0,
    }),
    /** 422 on `seat` when the sale's session does not hold it. */
    releasePosSeat: build.mutation<unknown, { eventId: string; line: PosLine }>({
      query: ({ eventId, line }) => ({
        url: `${pos(eventId)}/release-seat`,
        method: 'POST',
        body: line,
      }),
      invalidatesTags: (_result, _error, { eventId }) => [seatMapTag(eventId)],
    }),
    cancelPosOrder: build.mutation<unknown, PosCartRequest>({
      query: ({ eventId, cart }) => ({
        url: `${pos(eventId)}/cancel-order`,
        method: 'POST',
        body: cart,
      }),
      invalidatesTags: (_result, _error, { eventId }) => [seatMapTag(eventId)],
    }),
    /** 422 as the price, plus `paymentMethod`; the same `saleKey` confirms once. */
    confirmPosOrder: build.mutation<PosResult, PosCartRequest>({
      query: ({ eventId, cart }) => ({
        url: `${pos(eventId)}/confirm-order`,
        method: 'POST',
        body: cart,
      }),
      invalidatesTags: (_result, error, { eventId }) =>
        error ? [] : [posTag(eventId), attendeesTag(eventId), seatMapTag(eventId)],
    }),
  }),
});

export const {
  useGetPosProductsQuery,
  usePricePosCartQuery,
  useReleasePosSeatMutation,
  useCancelPosOrderMutation,
  useConfirmPosOrderMutation,
} = posApi;
