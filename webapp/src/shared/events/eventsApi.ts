import { baseApi, type Envelope, type TagType } from '../../api/baseApi';
import type { AttendeeOverview, ScannedTicket } from '../../api/generated/events';
import type { EventDto } from './types';

/**
 * The cache tag of events and types: one per event, one per type ('type:{id}'), 'TYPES' for the
 * type select, and 'LIST' for both lists. The event's parts that other areas show have their own
 * ids under it: its attendees, table plan, invites and point of sale.
 */
export const EVENT_TAG: TagType = 'Event';
export const eventTag = (id: string) => ({ type: EVENT_TAG, id });
/** The seat engine's tag of an event's seats (the public seat calls use it too). */
export const seatMapTag = (id: string) => ({ type: 'SeatMap' as const, id });
/** An event's attendees: the list, its companies and the figures, which a scan changes. */
export const attendeesTag = (id: string) => ({ type: EVENT_TAG, id: `attendees:${id}` });
/** An event's table plan: its tables and the guests at none, which every change of the plan moves. */
export const tablesTag = (id: string) => ({ type: EVENT_TAG, id: `tables:${id}` });
/** An event's invites: the groups, and each group's products, which every invite call changes. */
export const invitesTag = (id: string) => ({ type: EVENT_TAG, id: `invites:${id}` });

/** The staff's calls of one event: `events/{id}`, its parts below it. */
export const eventUrl = (id: string) => `events/${encodeURIComponent(id)}`;
const attendees = (id: string) => `${eventUrl(id)}/attendees`;

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

/**
 * The calls of an event that both its editor and its door make (spec 2 §7 "Events (staff)"): the
 * event, its attendees' figures and the scan of a ticket.
 */
export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<EventDto, string>({
      query: (id) => eventUrl(id),
      providesTags: (_result, _error, id) => [eventTag(id)],
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
          url: `${eventUrl(eventId)}/scan`,
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
  }),
});

export const { useGetEventQuery, useGetAttendeeOverviewQuery, useScanTicketMutation } = eventsApi;
