import { baseApi } from '../../api/baseApi';
import type { EventSeatMap, HoldToken } from '../../api/generated/seats';

// Absolute paths: the seat picker asks the public calls in either mode.
const eventUrl = (eventId: string) => `/public/events/${encodeURIComponent(eventId)}`;

/** An event's seat map as one hold session sees it (its seats are 'mine'). */
export interface EventSeatsRequest {
  eventId: string;
  holdToken: string | null;
}

export interface HoldSeatsRequest {
  eventId: string;
  holdToken: string;
  /** Seat labels ('N1-12'). */
  seats: string[];
}

export interface ReleaseSeatRequest {
  eventId: string;
  holdToken: string;
  seat: string;
}

const seatMapTag = (eventId: string) => [{ type: 'SeatMap' as const, id: eventId }];

/**
 * The seats of an event (issue 16): hold sessions, the map with each seat's state, holding seats
 * (all or none) and giving one back. A hold or a release shows at once in the session's map and
 * then refetches it — also when refused, since the refusal means the map was out of date.
 */
export const seatsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createHoldToken: build.mutation<HoldToken, void>({
      query: () => ({ url: '/public/seats/hold-tokens', method: 'POST', body: {} }),
    }),
    /** 422 with a field error on `holdToken` when the session ran out. */
    extendHoldToken: build.mutation<HoldToken, string>({
      query: (token) => ({
        url: `/public/seats/hold-tokens/${encodeURIComponent(token)}`,
        method: 'POST',
        body: {},
      }),
    }),
    getEventSeats: build.query<EventSeatMap, EventSeatsRequest>({
      query: ({ eventId, holdToken }) => ({
        url: `${eventUrl(eventId)}/seats`,
        params: holdToken ? { holdToken } : undefined,
      }),
      providesTags: (_result, _error, { eventId }) => seatMapTag(eventId),
    }),
    /** 422 with field errors on `seats` (taken, an orphan) or `holdToken` (ran out). */
    holdSeats: build.mutation<unknown, HoldSeatsRequest>({
      query: ({ eventId, holdToken, seats }) => ({
        url: `${eventUrl(eventId)}/hold-seats`,
        method: 'POST',
        body: { holdToken, seats },
      }),
      invalidatesTags: (_result, _error, { eventId }) => seatMapTag(eventId),
      async onQueryStarted({ eventId, holdToken, seats }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          seatsApi.util.updateQueryData('getEventSeats', { eventId, holdToken }, (map) => {
            for (const seat of map.states) if (seats.includes(seat.label)) seat.state = 'mine';
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    releaseSeat: build.mutation<unknown, ReleaseSeatRequest>({
      query: ({ eventId, holdToken, seat }) => ({
        url: `${eventUrl(eventId)}/release-seat`,
        method: 'POST',
        body: { holdToken, seat },
      }),
      invalidatesTags: (_result, _error, { eventId }) => seatMapTag(eventId),
      async onQueryStarted({ eventId, holdToken, seat }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          seatsApi.util.updateQueryData('getEventSeats', { eventId, holdToken }, (map) => {
            for (const each of map.states) if (each.label === seat) each.state = 'free';
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useCreateHoldTokenMutation,
  useExtendHoldTokenMutation,
  useGetEventSeatsQuery,
  useHoldSeatsMutation,
  useReleaseSeatMutation,
} = seatsApi;
