import { baseApi } from '../../api/baseApi';
import type { HistoryEntry } from './types';

/** The cache tag of one aggregate's history: writes to the aggregate invalidate it. */
export function historyTag(aggregateType: string, id: string) {
  return { type: 'History' as const, id: `${aggregateType}/${id}` };
}

interface HistoryRequest {
  aggregateType: string;
  id: string;
}

const historyUrl = ({ aggregateType, id }: HistoryRequest) =>
  `history/${encodeURIComponent(aggregateType)}/${encodeURIComponent(id)}`;

/**
 * The generic history (orders, contracts, subscriptions, invoices …): every event with who, when
 * and what changed, and the aggregate as it was after any one event.
 */
export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.query<HistoryEntry[], HistoryRequest>({
      query: historyUrl,
      providesTags: (_result, _error, { aggregateType, id }) => [historyTag(aggregateType, id)],
    }),
    getHistoryAt: build.query<unknown, HistoryRequest & { sequence: number }>({
      query: (request) => `${historyUrl(request)}/at/${request.sequence}`,
      providesTags: (_result, _error, { aggregateType, id }) => [historyTag(aggregateType, id)],
    }),
  }),
});

export const { useGetHistoryQuery, useGetHistoryAtQuery } = historyApi;
