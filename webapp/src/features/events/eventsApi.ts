import { baseApi, type TagType } from '../../api/baseApi';
import { entityFormData } from '../../shared/multipart';
import type {
  EventDto,
  EventTypeChoice,
  EventTypeDto,
  SeatChartChoice,
  SeatOverview,
} from './types';

/** The events list (POST, the list protocol: top-level events with their sub-events). */
export const EVENTS_LIST_ENDPOINT = 'events/v2';
/** The event types list (POST, the list protocol). */
export const EVENT_TYPES_LIST_ENDPOINT = 'events/types/v2';

/**
 * The cache tag of events and types: one per event, one per type ('type:{id}'), 'TYPES' for the
 * type select, and 'LIST' for both lists.
 */
export const EVENT_TAG: TagType = 'Event';
const LIST = { type: EVENT_TAG, id: 'LIST' };
const TYPE_CHOICES = { type: EVENT_TAG, id: 'TYPES' };
const eventTag = (id: string) => ({ type: EVENT_TAG, id });
const typeTag = (id: string) => ({ type: EVENT_TAG, id: `type:${id}` });
/** The seat engine's tag of an event's seats (the public seat calls use it too). */
const seatMapTag = (id: string) => ({ type: 'SeatMap' as const, id });

// The seat engine's calls are the back office's, whatever the mode.
const SEAT_CHARTS = '/api/seats/charts';
const seatOverview = (id: string) => `/api/seats/events/${encodeURIComponent(id)}`;

const one = (id: string) => `events/${encodeURIComponent(id)}`;
const oneType = (id: string) => `events/types/${encodeURIComponent(id)}`;

/** The files a save sends as their own parts; a null file with a null URL removes the stored one. */
export interface EventFiles {
  bannerPictureFile: File | null;
  bannerBottomFile: File | null;
  inviteAttachmentFile: File | null;
  ticketLogoFile: File | null;
  ticketPictureFile: File | null;
  cardPictureFile?: File | null;
}

/** `POST /events/update`: the event without what only the server writes. */
export type EventInput = Omit<EventDto, 'subEvents'>;
/** `POST /events/types/update`. */
export type EventTypeInput = EventTypeDto;

/** The staff's event and event-type calls (spec 2 §7 "Events (staff)" and "Types"). */
export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<EventDto, string>({
      query: (id) => one(id),
      providesTags: (_result, _error, id) => [eventTag(id)],
    }),
    /**
     * Answers the event's id. A sub-event's parent lists it, so the parent is read again too; its
     * seat overview too, as the chart may have changed.
     */
    saveEvent: build.mutation<string, { event: EventInput; files: EventFiles }>({
      query: ({ event, files }) => ({
        url: 'events/update',
        method: 'POST',
        body: entityFormData(event, { ...files }),
      }),
      invalidatesTags: (id, error, { event }) =>
        error
          ? []
          : [
              LIST,
              ...(id ? [eventTag(id), seatMapTag(id)] : []),
              ...(event.parentId ? [eventTag(event.parentId)] : []),
            ],
    }),
    /** Its sub-events go with it. */
    deleteEvent: build.mutation<unknown, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),

    getEventTypeChoices: build.query<EventTypeChoice[], void>({
      query: () => 'events/types',
      providesTags: [TYPE_CHOICES],
    }),
    /** A type, also the template a new event of that type starts from. */
    getEventType: build.query<EventTypeDto, string>({
      query: (id) => oneType(id),
      providesTags: (_result, _error, id) => [typeTag(id)],
    }),
    saveEventType: build.mutation<string, { type: EventTypeInput; files: EventFiles }>({
      query: ({ type, files }) => ({
        url: 'events/types/update',
        method: 'POST',
        body: entityFormData(type, { ...files }),
      }),
      invalidatesTags: (id, error) =>
        error ? [] : [LIST, TYPE_CHOICES, ...(id ? [typeTag(id)] : [])],
    }),
    deleteEventType: build.mutation<unknown, string>({
      query: (id) => ({ url: oneType(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, TYPE_CHOICES]),
    }),

    /** The club's seat charts, for the event's 'Pladskort'. */
    getEventSeatCharts: build.query<SeatChartChoice[], void>({
      query: () => SEAT_CHARTS,
      providesTags: [{ type: 'SeatChart', id: 'LIST' }],
    }),
    /** Planoversigt: the saved event's chart with each seat's state and holder (staff). */
    getSeatOverview: build.query<SeatOverview, string>({
      query: (id) => seatOverview(id),
      providesTags: (_result, _error, id) => [seatMapTag(id)],
    }),
  }),
});

export const {
  useGetEventQuery,
  useSaveEventMutation,
  useDeleteEventMutation,
  useGetEventTypeChoicesQuery,
  useGetEventTypeQuery,
  useLazyGetEventTypeQuery,
  useSaveEventTypeMutation,
  useDeleteEventTypeMutation,
  useGetEventSeatChartsQuery,
  useGetSeatOverviewQuery,
} = eventsApi;
