import { baseApi } from '../../api/baseApi';
import { eventUrl, invitesTag } from '../../shared/events/eventsApi';
import type {
  EventInvites,
  Invite,
  InviteGroupInput,
  InviteGroupProducts,
  InviteProductInput,
  InviteSelection,
  InvitesCreated,
  InvitesQueued,
} from './types';

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

/**
 * Invitationer of a saved event (tab 50, spec 2 §2 "Invitations tab"): its invites, creating, sending and deleting
 * them, their free tickets one by one or by group, the season-ticket holders' tickets, and the
 * club's contact lists that the invitees name. Every invite call reads the invites again.
 */
export const invitationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Invitationer: the event's invites by company and by contact list. */
    getEventInvites: build.query<EventInvites, string>({
      query: (id) => `${eventUrl(id)}/invites`,
      providesTags: (_result, _error, id) => [invitesTag(id)],
    }),
    /** Invites the selection (and all companies' or the active ones' contacts); skips the invited. */
    createInvites: build.mutation<InvitesCreated, CreateInvitesRequest>({
      query: ({ eventId, selection, creation }) => ({
        url: `${eventUrl(eventId)}/create-invites`,
        method: 'POST',
        params: creationParams(creation),
        body: selection,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Queues the message to the invites; those it went to already are skipped unless forced. */
    sendInvites: build.mutation<InvitesQueued, SendInvitesRequest>({
      query: ({ eventId, inviteIds, message, force }) => ({
        url: `${eventUrl(eventId)}/send-invites`,
        method: 'POST',
        params: { force: String(force), ...(message === 'invitation' ? {} : { type: message }) },
        body: inviteIds,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Deletes the invites; none named: all of the event's. */
    deleteInvites: build.mutation<{ deleted: number }, { eventId: string; inviteIds: string[] }>({
      query: ({ eventId, inviteIds }) => ({
        url: `${eventUrl(eventId)}/delete-invites`,
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
      query: ({ eventId, key }) => `${eventUrl(eventId)}/invite-group/${encodeURIComponent(key)}`,
      providesTags: (_result, _error, { eventId }) => [invitesTag(eventId)],
    }),
    /** Gives every invite of the group its products; answers how many invites changed. */
    saveInviteGroup: build.mutation<
      { updated: number },
      { eventId: string; group: InviteGroupInput }
    >({
      query: ({ eventId, group }) => ({
        url: `${eventUrl(eventId)}/invite-group`,
        method: 'POST',
        body: group,
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [invitesTag(eventId)]),
    }),
    /** Mails the season-ticket holders their tickets for the event. */
    sendSeasonalTickets: build.mutation<InvitesQueued, string>({
      query: (id) => ({ url: `${eventUrl(id)}/send-seasonal-tickets`, method: 'POST', body: {} }),
    }),
    /** The club's contact lists, for the invitees' 'Kontaktlister'. */
    getContactListChoices: build.query<ContactListChoice[], void>({
      query: () => 'contacts/lists',
      providesTags: [{ type: 'ContactList', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetEventInvitesQuery,
  useCreateInvitesMutation,
  useSendInvitesMutation,
  useDeleteInvitesMutation,
  useSaveInviteMutation,
  useGetInviteGroupQuery,
  useSaveInviteGroupMutation,
  useSendSeasonalTicketsMutation,
  useGetContactListChoicesQuery,
} = invitationsApi;
