import { baseApi } from '../../api/baseApi';
import { historyTag } from '../../shared/history/historyApi';
import type { AgreementStatusChange, PipelineBoard, PipelineKind, PipelineUser } from './types';

interface BoardRequest {
  kind: PipelineKind;
  /** Only this staff member's contracts; all when undefined. */
  userId?: string;
}

/**
 * The pipeline board's calls (spec 3 §7 "Contracts"): the two boards, whether the club's prices
 * include VAT, the staff to filter by, and moving a contract to another negotiation column.
 */
export const pipelineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPipeline: build.query<PipelineBoard<string>, BoardRequest>({
      query: ({ kind, userId }) => ({
        url: `contracts/pipeline/${kind}`,
        method: 'POST',
        params: userId ? { userId } : undefined,
      }),
      // A contract saved anywhere may move between columns.
      providesTags: ['Pipeline', { type: 'Contract', id: 'LIST' }],
    }),
    /** The template of a new contract tells whether the club's prices include VAT. */
    getPipelinePricesWithVat: build.query<boolean, void>({
      query: () => 'contracts/new',
      transformResponse: (contract: { pricesWithVat?: boolean }) => contract.pricesWithVat ?? true,
    }),
    getPipelineUsers: build.query<PipelineUser[], void>({
      query: () => 'app/users',
    }),
    setAgreementStatus: build.mutation<unknown, AgreementStatusChange>({
      query: (body) => ({ url: 'contracts/agreement-status', method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : ['Pipeline', 'Contract', historyTag('contract', id)],
    }),
  }),
});

export const {
  useGetPipelineQuery,
  useGetPipelinePricesWithVatQuery,
  useGetPipelineUsersQuery,
  useSetAgreementStatusMutation,
} = pipelineApi;
