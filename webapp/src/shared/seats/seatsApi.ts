import { baseApi } from '../../api/baseApi';
import type { EventSeatMap, HoldSeatsInput, HoldToken, SeatState } from '../../api/generated/seats';

// Absolute paths: the seat picker asks the public calls in either mode.
const eventUrl = (eventId: string) => `/public/events/${encodeURIComponent(eventId)}`;

/** An event's seat map as one hold session sees it (its seats are 'mine'). */
export interface EventSeatsRequest {
  eventId: string;
  holdToken: string | null;
}

/** Seats by label and, with `areas`, places in standing areas (the server picks which). */
export type HoldSeatsRequest = HoldSeatsInput & { eventId: string };

export interface ReleaseSeatRequest {
  eventId: string;
  holdToken: string;
  seat: string;
}

const seatMapTag = (eventId: string) => [{ type: 'SeatMap' as const, id: eventId }];

/** Sets the state of `labels` in a session's map; a seat the map does not name is free. */
function markSeats(map: EventSeatMap, labels: readonly string[], state: SeatState) {
  const named = new Set<string>();
  for (const seat of map.states) {
    if (labels.includes(seat.label)) {
      seat.state = state;
      named.add(seat.label);
    }
  }
  if (state === 'free') return;
  for (const label of labels) if (!named.has(label)) map.states.push({ label, state });
}

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
    /**
     * 422 with field errors on `seats` (taken, an orphan), `areas` (too few free places) or
     * `holdToken` (ran out). The answer names the seats held, the places in the areas with them.
     */
    holdSeats: build.mutation<HoldToken, HoldSeatsRequest>({
      query: ({ eventId, ...body }) => ({
        url: `${eventUrl(eventId)}/hold-seats`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { eventId }) => seatMapTag(eventId),
      async onQueryStarted({ eventId, holdToken, seats }, { dispatch, queryFulfilled }) {
        const update = (labels: readonly string[]) =>
          dispatch(
            seatsApi.util.updateQueryData('getEventSeats', { eventId, holdToken }, (map) =>
              markSeats(map, labels, 'mine'),
            ),
          );
        const patch = update(seats);
        try {
          const { data } = await queryFulfilled;
          // Which places of an area were held only the answer knows; the refetch confirms them.
          if (data.seats) update(data.seats);
        } catch {
          patch.undo();
        }
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
            markSeats(map, [seat], 'free');
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
