import { baseApi } from '../../api/baseApi';
import type {
  Attendee,
  AttendeeCompany,
  AttendeeQuery,
  EventRelations,
  RelationType,
} from '../../api/generated/events';
import type { ContractListRow } from '../../api/generated/contracts';
import type { ListResult } from '../../api/listTypes';
import { saveBlob } from '../../shared/download';
import {
  EVENT_TAG,
  attendeesTag,
  eventTag,
  eventUrl,
  invitesTag,
  seatMapTag,
  tablesTag,
} from '../../shared/events/eventsApi';
import type {
  EventDto,
  EventTypeChoice,
  EventTypeDto,
  SeatChartChoice,
  SeatOverview,
} from '../../shared/events/types';
import { entityFormData } from '../../shared/multipart';

/** The events list (POST, the list protocol: top-level events with their sub-events). */
export const EVENTS_LIST_ENDPOINT = 'events/v2';
/** The event types list (POST, the list protocol). */
export const EVENT_TYPES_LIST_ENDPOINT = 'events/types/v2';

const LIST = { type: EVENT_TAG, id: 'LIST' };
const TYPE_CHOICES = { type: EVENT_TAG, id: 'TYPES' };
const typeTag = (id: string) => ({ type: EVENT_TAG, id: `type:${id}` });
/** An event's relations: its orders, companies and contracts, which every link and unlink changes. */
const relationsTag = (id: string) => ({ type: EVENT_TAG, id: `relations:${id}` });

// The seat engine's calls are the back office's, whatever the mode.
const SEAT_CHARTS = '/api/seats/charts';
const seatOverview = (id: string) => `/api/seats/events/${encodeURIComponent(id)}`;

const attendees = (id: string) => `${eventUrl(id)}/attendees`;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
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

/** `POST /events/update`: the event without what only the server writes (its sub-events, its cancellation). */
export type EventInput = Omit<EventDto, 'subEvents' | 'cancelledAt'>;
/** `POST /events/types/update`: the type without what only the server writes (its events). */
export type EventTypeInput = Omit<EventTypeDto, 'events'>;

/** 'Eksporter' of the attendee list: the workbook is named for the event, as the server names it. */
export const attendeesFileName = (eventTitle: string) => `Tilmeldte - ${eventTitle}.xlsx`;

/** A company or contract linked to the event by hand ('Tilknyt', 'Fjern'). */
export interface RelationRequest {
  eventId: string;
  relationType: RelationType;
  relationId: string;
}

/** The contracts list (POST, the list protocol), searched for 'Tilknyt kontrakt'. */
const CONTRACTS_LIST_ENDPOINT = 'contracts';
/** How many contracts a search proposes. */
const CONTRACT_PROPOSALS = 10;

/** A page of the attendee list: the filter with the page. */
export interface AttendeesRequest {
  eventId: string;
  query: AttendeeQuery;
}

/**
 * The event editor's calls (spec 2 §7 "Events (staff)" and "Types"): events and types, the seat
 * overview, the attendee list and the relations. The event itself, its figures and the scan are
 * the door's too (shared/events/eventsApi).
 */
export const eventEditorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Answers the event's id. A sub-event's parent lists it, so the parent is read again too, as
     * is its type; its seat overview too, as the chart may have changed, and its table plan, as
     * the seated ticket products may have.
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
              ...(id ? [eventTag(id), seatMapTag(id), tablesTag(id)] : []),
              ...(event.parentId ? [eventTag(event.parentId)] : []),
              // Its type lists its events.
              ...(event.typeId ? [typeTag(event.typeId)] : []),
            ],
    }),
    /**
     * 'Aflys arrangement' (issue 40 §4): the event as cancelled; its orders are cancelled and
     * their buyers told by a job.
     */
    cancelEvent: build.mutation<EventDto, string>({
      query: (id) => ({ url: `${eventUrl(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [LIST, eventTag(id), attendeesTag(id), seatMapTag(id)],
    }),
    /** Its sub-events go with it. */
    deleteEvent: build.mutation<unknown, string>({
      query: (id) => ({ url: eventUrl(id), method: 'DELETE' }),
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

    /** Tilmeldte: a page of the event's attendees by search, company and scanned or not. */
    getAttendees: build.query<ListResult<Attendee>, AttendeesRequest>({
      query: ({ eventId, query }) => ({ url: attendees(eventId), method: 'POST', body: query }),
      transformResponse: (body: Partial<ListResult<Attendee>>) => ({
        Result: body.Result ?? [],
        TotalPages: body.TotalPages ?? 0,
        Total: body.Total ?? 0,
      }),
      providesTags: (_result, _error, { eventId }) => [attendeesTag(eventId)],
    }),
    /** The companies of the event's attendees (the list's company filter); a scan leaves them. */
    getAttendeeCompanies: build.query<AttendeeCompany[], string>({
      query: (id) => `${attendees(id)}/companies`,
    }),
    /** Every attendee the filter finds, saved as the workbook `fileName`. */
    exportAttendees: build.mutation<null, AttendeesRequest & { fileName: string }>({
      async queryFn({ eventId, query, fileName }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: `${attendees(eventId)}/export`,
          method: 'POST',
          body: query,
          headers: { Accept: XLSX },
          // The workbook is read as bytes; a refusal is the usual JSON envelope.
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) return { error: { status: 'PARSING_ERROR' as const } };
        saveBlob(answer.data, fileName);
        return { data: null };
      },
    }),

    /**
     * Relationer: the orders with tickets for the event, the companies that come (by tickets,
     * invites or by hand) and the linked contracts. Invites and orders change them too.
     */
    getEventRelations: build.query<EventRelations, string>({
      query: (id) => `${eventUrl(id)}/relations`,
      providesTags: (_result, _error, id) => [
        relationsTag(id),
        invitesTag(id),
        { type: 'Order', id: 'LIST' },
      ],
    }),
    /** Links a company or a contract to the event; linking one twice changes nothing. */
    linkEventRelation: build.mutation<EventRelations, RelationRequest>({
      query: ({ eventId, relationType, relationId }) => ({
        url: `${eventUrl(eventId)}/relations/create`,
        method: 'POST',
        body: { relationType, relationId },
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [relationsTag(eventId)]),
    }),
    /** Unlinks a company or contract that was linked by hand. */
    unlinkEventRelation: build.mutation<EventRelations, RelationRequest>({
      query: ({ eventId, relationType, relationId }) => ({
        url: `${eventUrl(eventId)}/relations/${relationType}/${encodeURIComponent(relationId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [relationsTag(eventId)]),
    }),
    /** The club's contracts by number, company or contact person, newest first. */
    searchEventContracts: build.query<ContractListRow[], string>({
      query: (search) => ({
        url: CONTRACTS_LIST_ENDPOINT,
        method: 'POST',
        body: {
          filter: { search },
          sort: { field: 'ContractNumber', dir: 'desc' },
          page: 1,
          perPage: CONTRACT_PROPOSALS,
        },
      }),
      transformResponse: (body: Partial<ListResult<ContractListRow>>) => body.Result ?? [],
      providesTags: [{ type: 'Contract', id: 'LIST' }],
    }),
  }),
});

export const {
  useSaveEventMutation,
  useCancelEventMutation,
  useDeleteEventMutation,
  useGetEventTypeChoicesQuery,
  useGetEventTypeQuery,
  useLazyGetEventTypeQuery,
  useSaveEventTypeMutation,
  useDeleteEventTypeMutation,
  useGetEventSeatChartsQuery,
  useGetSeatOverviewQuery,
  useGetAttendeesQuery,
  useGetAttendeeCompaniesQuery,
  useExportAttendeesMutation,
  useGetEventRelationsQuery,
  useLinkEventRelationMutation,
  useUnlinkEventRelationMutation,
  useLazySearchEventContractsQuery,
} = eventEditorApi;
