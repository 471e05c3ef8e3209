import { baseApi, type TagType } from '../../api/baseApi';
import { openPdf } from '../../shared/download';
import type { Choice } from '../../shared/editor/editorChoicesApi';
import { historyTag } from '../../shared/history/historyApi';
import type {
  AgreementStatus,
  Contract,
  ContractField,
  ContractVersion,
  ProductGroup,
} from './types';

export const CONTRACTS_ENDPOINT = 'contracts';
/** 'Eksport' of the contracts list: Aftaler.xlsx, the rows of its filter in its order, all pages. */
export const CONTRACTS_EXPORT_ENDPOINT = `${CONTRACTS_ENDPOINT}/export`;
export const EXPORT_FILE_NAME = 'Aftaler.xlsx';

const one = (id: string) => `${CONTRACTS_ENDPOINT}/${encodeURIComponent(id)}`;

/** What a successful write of contract `id` makes stale: the list, the contract and its history. */
function changed(id: string | undefined) {
  return [
    { type: 'Contract' as TagType, id: 'LIST' },
    ...(id ? [{ type: 'Contract' as TagType, id }, historyTag('contract', id)] : []),
  ];
}

export interface ContractPdfRequest {
  id: string;
  /** The name the PDF is saved under when the browser will not open it: 'Aftale-1001.pdf'. */
  fileName: string;
}

/**
 * The contract calls (spec 3 §7 "Contracts"). Every write of a saved contract sends the version it
 * was made from; a failed write invalidates nothing (the page reads the contract again after a 409).
 */
export const contractsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContract: build.query<Contract, string>({
      query: (id) => one(id),
      providesTags: (_result, _error, id) => [{ type: 'Contract', id }],
    }),
    /** An empty draft with the club's VAT settings and the pre-selected lines: /create's template. */
    getNewContract: build.query<Contract, void>({
      query: () => `${CONTRACTS_ENDPOINT}/new`,
      keepUnusedDataFor: 0,
    }),
    /** The product groups offered as contract lines. */
    getContractProducts: build.query<ProductGroup[], void>({
      query: () => `${CONTRACTS_ENDPOINT}/products`,
      providesTags: [{ type: 'Product', id: 'CONTRACT_GROUPS' }],
    }),
    saveContract: build.mutation<string, Contract>({
      query: (contract) => ({
        url: `${CONTRACTS_ENDPOINT}/update`,
        method: 'POST',
        body: contract,
      }),
      invalidatesTags: (id, error) => (error ? [] : changed(id)),
    }),
    approveContract: build.mutation<unknown, ContractVersion>({
      query: (body) => ({ url: `${CONTRACTS_ENDPOINT}/approve`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    reopenContract: build.mutation<unknown, ContractVersion>({
      query: (body) => ({ url: `${CONTRACTS_ENDPOINT}/edit`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    cancelContract: build.mutation<unknown, ContractVersion>({
      query: (body) => ({ url: `${CONTRACTS_ENDPOINT}/cancel`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** 'Forny': answers the id of the new contract (in renewal). */
    renewContract: build.mutation<string, ContractVersion>({
      query: (body) => ({ url: `${CONTRACTS_ENDPOINT}/renew`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    reactivateContract: build.mutation<unknown, ContractVersion>({
      query: (body) => ({ url: `${one(body.id)}/reactivate`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    /** The deleted contract itself is not read again: its page leaves for the list. */
    deleteContract: build.mutation<unknown, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Contract', id: 'LIST' }]),
    }),
    setAgreementStatus: build.mutation<
      unknown,
      ContractVersion & { agreementStatus: AgreementStatus }
    >({
      query: (body) => ({ url: `${CONTRACTS_ENDPOINT}/agreement-status`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
    }),
    sendContract: build.mutation<unknown, string>({
      query: (id) => ({ url: `${one(id)}/send`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    sendContractForSigning: build.mutation<unknown, string>({
      query: (id) => ({ url: `${one(id)}/send-signing`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changed(id)),
    }),
    /**
     * 'Vis PDF': reads the contract's PDF and opens it in a new tab, or saves it as `fileName`
     * when the browser blocks the tab. The bytes never enter the store.
     */
    openContractPdf: build.mutation<null, ContractPdfRequest>({
      queryFn: ({ id, fileName }, _api, _extra, baseQuery) =>
        openPdf(baseQuery, `${one(id)}/pdf`, fileName),
    }),
    getContractCategories: build.query<Choice[], void>({
      query: () => 'orders/categories',
      providesTags: [{ type: 'OrderCategory', id: 'CHOICES' }],
    }),
    getContractFields: build.query<ContractField[], string>({
      query: (categoryId) => ({ url: 'orders/fields', params: { categoryId } }),
      providesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetContractQuery,
  useGetNewContractQuery,
  useGetContractProductsQuery,
  useSaveContractMutation,
  useApproveContractMutation,
  useReopenContractMutation,
  useCancelContractMutation,
  useRenewContractMutation,
  useReactivateContractMutation,
  useDeleteContractMutation,
  useSetAgreementStatusMutation,
  useSendContractMutation,
  useSendContractForSigningMutation,
  useOpenContractPdfMutation,
  useGetContractCategoriesQuery,
  useGetContractFieldsQuery,
} = contractsApi;
