import { baseApi } from '../../api/baseApi';
import type { EventCard, TermsKind } from './types';

export const publicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEventCards: build.query<EventCard[], { promoted: boolean; limit: number }>({
      // Public data: always the public call, also for staff (whose /api/events needs the events
      // module's read right).
      query: ({ promoted, limit }) =>
        `/public/events?${new URLSearchParams({ ...(promoted ? { promoted: '1' } : {}), limit: String(limit) })}`,
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    /** The club's terms as HTML (may be empty). */
    getTerms: build.query<string, TermsKind>({
      query: (kind) => ({ url: `webshop/${kind}`, responseHandler: 'text' }),
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetEventCardsQuery, useGetTermsQuery } = publicApi;
