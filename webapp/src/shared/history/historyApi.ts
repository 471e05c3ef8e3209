import { baseApi } from '../../api/baseApi';
import type { ChainVerdict, RecordName, VersionDiff } from '../../api/generated/history';
import { saveBlob } from '../download';
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
    /** The names of the records the history mentions by id (companies, contacts, orders …). */
    getHistoryNames: build.query<Record<string, RecordName>, HistoryRequest>({
      query: (request) => `${historyUrl(request)}/names`,
      providesTags: (_result, _error, { aggregateType, id }) => [historyTag(aggregateType, id)],
    }),
    /**
     * The auditor's file of every event (who, when, IP, changes, chain hash), saved: a workbook, or
     * JSON signed with the installation's key.
     */
    exportHistory: build.mutation<
      null,
      HistoryRequest & { fileName: string; format?: 'xlsx' | 'json' }
    >({
      async queryFn(request, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: `${historyUrl(request)}/export`,
          params: { format: request.format ?? 'xlsx' },
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) return { error: { status: 'PARSING_ERROR' as const } };
        saveBlob(answer.data, request.fileName);
        return { data: null };
      },
    }),
    /** Compare two versions: the aggregate after event `from` against after event `to`. */
    diffHistory: build.query<VersionDiff, HistoryRequest & { from: number; to: number }>({
      query: (request) => ({
        url: `${historyUrl(request)}/diff`,
        params: { from: request.from, to: request.to },
      }),
      providesTags: (_result, _error, { aggregateType, id }) => [historyTag(aggregateType, id)],
    }),
    /** 'Verificér': the aggregate's hash chain recomputed by the server, on request only. */
    verifyHistory: build.query<ChainVerdict, HistoryRequest>({
      query: (request) => `${historyUrl(request)}/verify`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetHistoryQuery,
  useGetHistoryAtQuery,
  useGetHistoryNamesQuery,
  useExportHistoryMutation,
  useLazyVerifyHistoryQuery,
  useDiffHistoryQuery,
} = historyApi;
