import { baseApi } from '../../api/baseApi';
import type { EventCard, TermsKind } from './types';

export const publicApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEventCards: build.query<EventCard[], { promoted: boolean; limit: number }>({
      query: ({ promoted, limit }) =>
        `events?${new URLSearchParams({ ...(promoted ? { promoted: '1' } : {}), limit: String(limit) })}`,
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
