import { baseApi } from '../../api/baseApi';
import type {
  AutoSeated,
  EventTable,
  TableGuest,
  TableInput,
  UnplacedQuery,
} from '../../api/generated/events';
import type { ListResult } from '../../api/listTypes';
import { eventUrl, tablesTag } from '../../shared/events/eventsApi';

const tables = (id: string) => `${eventUrl(id)}/tables`;

/** The table plan's PDFs (spec 2 §7 "Tables"): Oversigt, Deltagerliste and Bordkort. */
export const TABLE_PLAN_DOWNLOADS = ['oversigt', 'deltagerliste', 'bordkort'] as const;
export type TablePlanDownload = (typeof TABLE_PLAN_DOWNLOADS)[number];

/** A table plan PDF as a plain link of the back office (the browser opens it in a new tab). */
export const tablePlanDownloadUrl = (eventId: string, kind: TablePlanDownload) =>
  `/api/${tables(eventId)}/download/${kind}`;

/** A page of the guests at no table, by search. */
export interface UnplacedRequest {
  eventId: string;
  query: UnplacedQuery;
}

/**
 * Bordplan of a saved event (spec 2 §7 "Tables"): its tables and the guests at none, saving and
 * deleting a table, and placing the guests automatically. Every change reads the plan again.
 */
export const tablePlansApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useGetTablesQuery,
  useGetUnplacedGuestsQuery,
  useSaveTableMutation,
  useDeleteTableMutation,
  useAutoSeatTablesMutation,
} = tablePlansApi;
