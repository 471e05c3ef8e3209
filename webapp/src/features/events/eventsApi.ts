import { baseApi, type Envelope, type TagType } from '../../api/baseApi';
import type {
  Attendee,
  AttendeeCompany,
  AttendeeOverview,
  AttendeeQuery,
  AutoSeated,
  EventRelations,
  EventTable,
  ScannedTicket,
  TableGuest,
  TableInput,
  RelationType,
  UnplacedQuery,
} from '../../api/generated/events';
import type { ContractListRow } from '../../api/generated/contracts';
import type { ListResult } from '../../api/listTypes';
import { saveBlob } from '../../shared/download';
import { entityFormData } from '../../shared/multipart';
import type {
  EventDto,
  EventInvites,
  EventTypeChoice,
  EventTypeDto,
  Invite,
  InviteGroupInput,
  InviteGroupProducts,
  InviteProductInput,
  InviteSelection,
  InvitesCreated,
  InvitesQueued,
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
/** An event's attendees: the list, its companies and the figures, which a scan changes. */
export const attendeesTag = (id: string) => ({ type: EVENT_TAG, id: `attendees:${id}` });
/** An event's table plan: its tables and the guests at none, which every change of the plan moves. */
const tablesTag = (id: string) => ({ type: EVENT_TAG, id: `tables:${id}` });
/** An event's invites: the groups, and each group's products, which every invite call changes. */
const invitesTag = (id: string) => ({ type: EVENT_TAG, id: `invites:${id}` });
/** An event's relations: its orders, companies and contracts, which every link and unlink changes. */
const relationsTag = (id: string) => ({ type: EVENT_TAG, id: `relations:${id}` });

// The seat engine's calls are the back office's, whatever the mode.
const SEAT_CHARTS = '/api/seats/charts';
const seatOverview = (id: string) => `/api/seats/events/${encodeURIComponent(id)}`;

const one = (id: string) => `events/${encodeURIComponent(id)}`;
const attendees = (id: string) => `${one(id)}/attendees`;
const tables = (id: string) => `${one(id)}/tables`;

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

/** `POST /events/update`: the event without what only the server writes. */
export type EventInput = Omit<EventDto, 'subEvents'>;
/** `POST /events/types/update`. */
export type EventTypeInput = EventTypeDto;

/** 'Eksporter' of the attendee list: the workbook is named for the event, as the server names it. */
export const attendeesFileName = (eventTitle: string) => `Tilmeldte - ${eventTitle}.xlsx`;

/** The table plan's PDFs (spec 2 §7 "Tables"): Oversigt, Deltagerliste and Bordkort. */
export const TABLE_PLAN_DOWNLOADS = ['oversigt', 'deltagerliste', 'bordkort'] as const;
export type TablePlanDownload = (typeof TABLE_PLAN_DOWNLOADS)[number];

/** A table plan PDF as a plain link of the back office (the browser opens it in a new tab). */
export const tablePlanDownloadUrl = (eventId: string, kind: TablePlanDownload) =>
  `/api/${tables(eventId)}/download/${kind}`;

/** A contact list of the club, as the invitees' 'Kontaktlister' offers it. */
export interface ContactListChoice {
  id: string;
  title: string;
}

/**
 * 'Opret alle' (every company's contacts), 'Opret alle aktive' (those with an agreement active on
 * `activeDate`) or 'Opret valgte' (only the selection).
 */
export type InviteCreation =
  { kind: 'all' } | { kind: 'active'; activeDate: string } | { kind: 'selected' };

export interface CreateInvitesRequest {
  eventId: string;
  selection: InviteSelection;
  creation: InviteCreation;
}

/** The invitation itself (no type), a reminder, or an update of the event. */
export type InviteMessage = 'invitation' | 'reminder' | 'update';

export interface SendInvitesRequest {
  eventId: string;
  /** The invites; none: all of the event's. */
  inviteIds: string[];
  message: InviteMessage;
  /** Also to those the message was sent to already ('Send igen'). */
  force: boolean;
}

/** The query of `create-invites`: what is invited besides the selection. */
function creationParams(creation: InviteCreation): Record<string, string> {
  return {
    allActive: String(creation.kind === 'active'),
    allCompanies: String(creation.kind === 'all'),
    ...(creation.kind === 'active' ? { activeDate: creation.activeDate } : {}),
  };
}

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

/** A page of the guests at no table, by search. */
export interface UnplacedRequest {
  eventId: string;
  query: UnplacedQuery;
}

/** A page of the attendee list: the filter with the page. */
export interface AttendeesRequest {
  eventId: string;
  query: AttendeeQuery;
}

/**
 * What the door is told of a scan: 'Bekræftet' with the ticket, or 'Billet ikke bekræftet' with
 * the server's reason and the ticket's details when it found the ticket (spec 2 §2 "Scanning").
 */
export type ScanOutcome =
  | { confirmed: true; ticket: ScannedTicket }
  | { confirmed: false; reason: string; ticket: ScannedTicket | null };

/** The 422 of a refused scan: `code` 'not_confirmed' and the ticket in `data`. */
interface ScanRefusal {
  refused: Partial<Envelope<never, ScannedTicket | null> & { code: string }> | null;
}

function isScanRefusal(answer: unknown): answer is ScanRefusal {
  return typeof answer === 'object' && answer !== null && 'refused' in answer;
}

/**
 * Reads a scan's answer. A refusal (422) is kept whole, out of the envelope's unwrapping, since
 * the door shows its `data` beside its `error`.
 */
async function readScanAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  return response.status === 422 ? { refused: body } : body;
}

/** The staff's event and event-type calls (spec 2 §7 "Events (staff)" and "Types"). */
export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<EventDto, string>({
      query: (id) => one(id),
      providesTags: (_result, _error, id) => [eventTag(id)],
    }),
    /**
     * Answers the event's id. A sub-event's parent lists it, so the parent is read again too; its
     * seat overview too, as the chart may have changed, and its table plan, as the seated ticket
     * products may have.
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
    /** The figures above the list: sales, attendees of the maximum, scanned, seats per section. */
    getAttendeeOverview: build.query<AttendeeOverview, string>({
      query: (id) => `${attendees(id)}/overview`,
      providesTags: (_result, _error, id) => [attendeesTag(id)],
    }),
    /**
     * Scans a ticket at the door by its number or the code its QR prints. A refusal is an outcome,
     * not a failure. The list and figures are read again whenever the ticket was found, refused
     * too: another gate may have scanned it since they were read.
     */
    scanTicket: build.mutation<ScanOutcome, { eventId: string; ticketId: string }>({
      async queryFn({ eventId, ticketId }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: `${one(eventId)}/scan`,
          method: 'POST',
          params: { ticketId },
          body: {},
          validateStatus: (response) => response.ok || response.status === 422,
          responseHandler: readScanAnswer,
        });
        if (answer.error) return { error: answer.error };
        if (!isScanRefusal(answer.data)) {
          return { data: { confirmed: true, ticket: answer.data as ScannedTicket } };
        }
        const { error, errors, code, data } = answer.data.refused ?? {};
        if (code !== 'not_confirmed') return { error: { status: 422, message: error, errors } };
        return { data: { confirmed: false, reason: error ?? '', ticket: data ?? null } };
      },
      invalidatesTags: (outcome, _error, { eventId }) =>
        outcome?.ticket ? [attendeesTag(eventId)] : [],
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

    /** Bordplan: the event's tables, each with its guests in the order they were placed. */
    getTables: build.query<EventTable[], string>({
      query: (id) => tables(id),
      providesTags: (_result, _error, id) => [tablesTag(id)],
    }),
    /** The guests at no table, by company (those without one last) and name. */
    getUnplacedGuests: build.query<ListResult<TableGuest>, UnplacedRequest>({
      query: ({ eventId, query }) => ({
        url: `${tables(eventId)}/attendees`,
        method: 'POST',
        body: query,
      }),
      transformResponse: (body: Partial<ListResult<TableGuest>>) => ({
        Result: body.Result ?? [],
        TotalPages: body.TotalPages ?? 0,
        Total: body.Total ?? 0,
      }),
      providesTags: (_result, _error, { eventId }) => [tablesTag(eventId)],
    }),
    /**
     * Creates or changes a table; a `seating` given is the whole list of who sits there (a guest
     * from another table moves). Answers the plan's tables.
     */
    saveTable: build.mutation<EventTable[], { eventId: string; table: TableInput }>({
      query: ({ eventId, table }) => ({ url: tables(eventId), method: 'POST', body: table }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [tablesTag(eventId)]),
    }),
    /** Its guests are at no table again. */
    deleteTable: build.mutation<unknown, { eventId: string; tableId: string }>({
      query: ({ eventId, tableId }) => ({
        url: `${tables(eventId)}/${encodeURIComponent(tableId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [tablesTag(eventId)]),
    }),
    /** 'Placér automatisk': the unplaced guests onto the auto-place tables, companies together. */
    autoSeatTables: build.mutation<AutoSeated, string>({
      query: (id) => ({ url: `${tables(id)}/auto-seating`, method: 'POST', body: {} }),
      invalidatesTags: (_result, error, id) => (error ? [] : [tablesTag(id)]),
    }),

    /** Invitationer: the event's invites by company and by contact list. */
    getEventInvites: build.query<EventInvites, string>({
      query: (id) => `${one(id)}/invites`,
      providesTags: (_result, _error, id) => [invitesTag(id)],
    }),
    /** Invites the selection (and all companies' or the active ones' contacts); skips the invited. */
    createInvites: build.mutation<InvitesCreated, CreateInvitesRequest>({
      query: ({ eventId, selection, creation }) => ({
        url: `${one(eventId)}/create-invites`,
        method: 'POST',
        params: creationParams(creation),
        body: selection,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Queues the message to the invites; those it went to already are skipped unless forced. */
    sendInvites: build.mutation<InvitesQueued, SendInvitesRequest>({
      query: ({ eventId, inviteIds, message, force }) => ({
        url: `${one(eventId)}/send-invites`,
        method: 'POST',
        params: { force: String(force), ...(message === 'invitation' ? {} : { type: message }) },
        body: inviteIds,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Deletes the invites; none named: all of the event's. */
    deleteInvites: build.mutation<{ deleted: number }, { eventId: string; inviteIds: string[] }>({
      query: ({ eventId, inviteIds }) => ({
        url: `${one(eventId)}/delete-invites`,
        method: 'POST',
        body: inviteIds,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** The free tickets of one invite. */
    saveInvite: build.mutation<
      Invite,
      { eventId: string; inviteId: string; products: InviteProductInput[] }
    >({
      query: ({ inviteId, products }) => ({
        url: `events/save-invite/${encodeURIComponent(inviteId)}`,
        method: 'POST',
        body: products,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** A group's free tickets: in all and per invite (the key: a company, a list or 'none'). */
    getInviteGroup: build.query<InviteGroupProducts, { eventId: string; key: string }>({
      query: ({ eventId, key }) => `${one(eventId)}/invite-group/${encodeURIComponent(key)}`,
      providesTags: (_result, _error, { eventId }) => [invitesTag(eventId)],
    }),
    /** Gives every invite of the group its products; answers how many invites changed. */
    saveInviteGroup: build.mutation<
      { updated: number },
      { eventId: string; group: InviteGroupInput }
    >({
      query: ({ eventId, group }) => ({
        url: `${one(eventId)}/invite-group`,
        method: 'POST',
        body: group,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Mails the season-ticket holders their tickets for the event. */
    sendSeasonalTickets: build.mutation<InvitesQueued, string>({
      query: (id) => ({ url: `${one(id)}/send-seasonal-tickets`, method: 'POST', body: {} }),
    }),
    /**
     * Relationer: the orders with tickets for the event, the companies that come (by tickets,
     * invites or by hand) and the linked contracts. Invites and orders change them too.
     */
    getEventRelations: build.query<EventRelations, string>({
      query: (id) => `${one(id)}/relations`,
      providesTags: (_result, _error, id) => [
        relationsTag(id),
        invitesTag(id),
        { type: 'Order', id: 'LIST' },
      ],
    }),
    /** Links a company or a contract to the event; linking one twice changes nothing. */
    linkEventRelation: build.mutation<EventRelations, RelationRequest>({
      query: ({ eventId, relationType, relationId }) => ({
        url: `${one(eventId)}/relations/create`,
        method: 'POST',
        body: { relationType, relationId },
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [relationsTag(eventId)]),
    }),
    /** Unlinks a company or contract that was linked by hand. */
    unlinkEventRelation: build.mutation<EventRelations, RelationRequest>({
      query: ({ eventId, relationType, relationId }) => ({
        url: `${one(eventId)}/relations/${relationType}/${encodeURIComponent(relationId)}`,
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
    /** The club's contact lists, for the invitees' 'Kontaktlister'. */
    getContactListChoices: build.query<ContactListChoice[], void>({
      query: () => 'contacts/lists',
      providesTags: [{ type: 'ContactList', id: 'LIST' }],
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
  useGetAttendeesQuery,
  useGetAttendeeCompaniesQuery,
  useGetAttendeeOverviewQuery,
  useScanTicketMutation,
  useExportAttendeesMutation,
  useGetTablesQuery,
  useGetUnplacedGuestsQuery,
  useSaveTableMutation,
  useDeleteTableMutation,
  useAutoSeatTablesMutation,
  useGetEventInvitesQuery,
  useCreateInvitesMutation,
  useSendInvitesMutation,
  useDeleteInvitesMutation,
  useSaveInviteMutation,
  useGetInviteGroupQuery,
  useSaveInviteGroupMutation,
  useSendSeasonalTicketsMutation,
  useGetContactListChoicesQuery,
  useGetEventRelationsQuery,
  useLinkEventRelationMutation,
  useUnlinkEventRelationMutation,
  useLazySearchEventContractsQuery,
} = eventsApi;
