import { baseApi } from '../../api/baseApi';
import type { EventListRow } from '../../api/generated/events';
import type { SeatOverview, SeatProduct } from '../../api/generated/seats';
import type { ListParams, ListResult } from '../../api/listTypes';

export type { SeatProduct };

export interface SeatProductsRequest {
  /** The chart's key. */
  chartId: string;
  /** The seat's category key. */
  category: string;
}

/** A row of the staff's events list: `HasSeating` says it is sold by seat. */
export type SeatingEventRow = EventListRow;

/** The events list (the events module's POST events/v2): the newest first, enough for a season. */
const EVENTS_PARAMS: ListParams = {
  filter: {},
  sort: { field: 'StartDate', dir: 'desc' },
  page: 1,
  perPage: 500,
};

/**
 * What the seating dialog reads (issue 16): the club's events, an event's seat map as the staff
 * see it, and the seat-ticket products of a seat category. The seat engine's calls are the back
 * office's, whatever the mode.
 */
export const seatingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSeatingEvents: build.query<SeatingEventRow[], void>({
      query: () => ({ url: 'events/v2', method: 'POST', body: EVENTS_PARAMS }),
      transformResponse: (body: Partial<ListResult<SeatingEventRow>>) => body.Result ?? [],
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    /** The chart with each seat's state and holder (a seat this order booked: '#<number>'). */
    getSeatingMap: build.query<SeatOverview, string>({
      query: (eventId) => `/api/seats/events/${encodeURIComponent(eventId)}`,
      providesTags: (_result, _error, eventId) => [{ type: 'SeatMap', id: eventId }],
    }),
    getSeatProducts: build.query<SeatProduct[], SeatProductsRequest>({
      query: (params) => ({ url: '/api/seats/products', params }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useGetSeatingEventsQuery, useGetSeatingMapQuery, useLazyGetSeatProductsQuery } =
  seatingApi;
