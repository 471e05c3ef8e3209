import { baseApi, type Envelope } from '../../api/baseApi';
import type {
  BookedOrder,
  BookingInput,
  BookingIntent,
  PricedLine,
  PublicEvent,
  PublicOrder,
  PublicOrderPayment,
  PublicProduct,
} from '../../api/generated/booking';
import type { PublicInvite } from '../../api/generated/events';
import type { PaymentStart } from '../../api/generated/payments';
import type { SeasonalTicket } from '../../api/generated/seats';
import { publicEventApiPath } from './paths';

// Absolute paths: the booking lives under /public/events in either mode.
const EVENTS_URL = '/public/events';
const eventUrl = publicEventApiPath;
const orderUrl = ({ eventId, orderId }: OrderLink) =>
  `${eventUrl(eventId)}/order/${encodeURIComponent(orderId)}`;

/** The event page of a slug, as the signed-in user (or a visitor) sees it. */
export interface PublicEventRequest {
  url: string;
  /** Whose page: the answer names whom the user may book as, so each user has their own. */
  userId: string | null;
}

/** The products for sale to one customer choice, and the booking's lines priced. */
export interface ProductsRequest {
  eventId: string;
  /** The key the answer's products come under: a company's id, a contact's id or 'none'. */
  customerKey: string;
  booking: BookingInput;
}

export interface BookingProducts {
  /** Whose products these are (the request's key). */
  customerKey: string;
  products: PublicProduct[];
  bookingProducts: PricedLine[];
}

/** The signed-in holder's season tickets at an event. */
export interface SeasonalTicketsRequest {
  eventId: string;
  /** Whose tickets: each user has their own answer in the cache. */
  userId: string;
}

/** The holder's answer for one season ticket at the event. */
export interface SeasonalTicketAnswer {
  eventId: string;
  ticketId: string;
  /** true: the holder comes; false: the seat is released for sale for this event alone. */
  attending: boolean;
}

/** A booked order and the token `book` handed out: every call about it carries both. */
export interface OrderLink {
  eventId: string;
  orderId: string;
  token: string;
}

/** The order as its confirmation shows it, and how a draft may still be paid. */
export interface PublicOrderAnswer {
  order: PublicOrder;
  payment: PublicOrderPayment;
}

/** What `book` made: the payment to make (none for a free booking) and the order. */
export interface Booked {
  payment: PaymentStart | null;
  order: BookedOrder;
}

function orderAnswer(body: Envelope<PublicOrder, PublicOrderPayment>): PublicOrderAnswer {
  return {
    order: body.result as PublicOrder,
    payment: body.data ?? { provider: null, payable: false, lastError: null, expires: null },
  };
}

/**
 * The public event page and its booking (spec 2 §7 "Public booking"): the event, the holder's
 * season tickets and their answers, what the chosen customer may buy with the booking priced, the
 * contact's check, the intent and the booking, and the booked order with its retry and the payer's
 * return. Accepting a payment answers the order as it now stands, which replaces the cached order,
 * so the confirmation follows the server only.
 */
export const publicEventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicEvent: build.query<PublicEvent, PublicEventRequest>({
      query: ({ url }) => eventUrl(url),
    }),
    /** The invitation of a mail's link: whom it invites and the free tickets still left. */
    getPublicInvite: build.query<PublicInvite, string>({
      query: (token) => `${EVENTS_URL}/invites/${encodeURIComponent(token)}`,
    }),
    /** 'Dine sæsonbilletter': empty for a guest and for a user holding none at the event. */
    getSeasonalTickets: build.query<SeasonalTicket[], SeasonalTicketsRequest>({
      query: ({ eventId }) => `${eventUrl(eventId)}/seasonal-tickets`,
      providesTags: (_result, _error, { eventId }) => [{ type: 'SeasonalTicket', id: eventId }],
    }),
    /**
     * 422 when the seat is released already or no longer reserved for the holder. The tickets
     * and the seat map are read again either way: an answer changes both, and a refusal means
     * the page was out of date.
     */
    answerSeasonalTicket: build.mutation<unknown, SeasonalTicketAnswer>({
      query: ({ eventId, ticketId, attending }) => ({
        url: `${eventUrl(eventId)}/seasonal-tickets/${encodeURIComponent(ticketId)}`,
        method: 'POST',
        params: { attending: String(attending) },
        body: {},
      }),
      invalidatesTags: (_result, _error, { eventId }) => [
        { type: 'SeasonalTicket', id: eventId },
        { type: 'SeatMap', id: eventId },
      ],
    }),
    /** `result` is keyed by the customer's key; `data.bookingProducts` prices the lines. */
    getBookingProducts: build.query<BookingProducts, ProductsRequest>({
      query: ({ eventId, booking }) => ({
        url: `${eventUrl(eventId)}/products`,
        method: 'POST',
        body: booking,
      }),
      extraOptions: { envelope: true },
      transformResponse: (
        body: Envelope<Record<string, PublicProduct[]>, { bookingProducts?: PricedLine[] }>,
        _meta,
        { customerKey },
      ) => ({
        customerKey,
        products: body.result?.[customerKey] ?? Object.values(body.result ?? {})[0] ?? [],
        bookingProducts: body.data?.bookingProducts ?? [],
      }),
    }),
    /** The customer's fields; 422 names them (firstname, lastname, email, phone, password). */
    validateContact: build.mutation<unknown, BookingInput>({
      query: (booking) => ({
        url: `${EVENTS_URL}/validate-contact`,
        method: 'POST',
        body: booking,
      }),
    }),
    /** The booking checked and priced, and the key that books it once. */
    createIntent: build.mutation<BookingIntent, BookingInput>({
      query: (booking) => ({ url: `${EVENTS_URL}/create-intent`, method: 'POST', body: booking }),
    }),
    book: build.mutation<Booked, { intentSecret: string; booking: BookingInput }>({
      query: ({ intentSecret, booking }) => ({
        url: `${EVENTS_URL}/book`,
        method: 'POST',
        params: { intentSecret },
        body: booking,
      }),
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<PaymentStart | null, BookedOrder>) => ({
        payment: body.result ?? null,
        order: body.data as BookedOrder,
      }),
    }),
    getPublicOrder: build.query<PublicOrderAnswer, OrderLink>({
      query: (link) => ({ url: orderUrl(link), params: { token: link.token } }),
      extraOptions: { envelope: true },
      transformResponse: orderAnswer,
    }),
    /** A draft paid again (a declined card); 422 when its places are gone (it is then cancelled). */
    payPublicOrder: build.mutation<PaymentStart, OrderLink>({
      query: (link) => ({
        url: `${orderUrl(link)}/pay`,
        method: 'POST',
        params: { token: link.token },
        body: {},
      }),
    }),
    /** The payer is back (`reference`: Stripe's PaymentIntent id); answers the settled order. */
    acceptPublicOrderPayment: build.mutation<PublicOrderAnswer, OrderLink & { reference?: string }>(
      {
        query: ({ reference, ...link }) => ({
          url: `${orderUrl(link)}/accept-payment`,
          method: 'POST',
          params: { token: link.token },
          body: reference ? { reference } : {},
        }),
        extraOptions: { envelope: true },
        transformResponse: orderAnswer,
        async onQueryStarted({ eventId, orderId, token }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(
              publicEventsApi.util.upsertQueryData(
                'getPublicOrder',
                { eventId, orderId, token },
                data,
              ),
            );
          } catch {
            // The page shows the refusal where it asked; the cached order stays as it was.
          }
        },
      },
    ),
  }),
});

export const {
  useGetPublicEventQuery,
  useGetPublicInviteQuery,
  useGetBookingProductsQuery,
  useGetSeasonalTicketsQuery,
  useAnswerSeasonalTicketMutation,
  useValidateContactMutation,
  useCreateIntentMutation,
  useBookMutation,
  useGetPublicOrderQuery,
  usePayPublicOrderMutation,
  useAcceptPublicOrderPaymentMutation,
} = publicEventsApi;
