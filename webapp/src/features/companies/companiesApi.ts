import { baseApi, type Envelope } from '../../api/baseApi';
import { entityFormData } from '../../shared/multipart';
import type {
  Company,
  CompanyContract,
  CompanyDetails,
  CompanyOrder,
  CompanyPayload,
  CvrCompany,
  EventTypesAndProducts,
  NewContactPerson,
  StaffUser,
  TicketUtilization,
} from './types';

export const COMPANIES_ENDPOINT = 'companies';
/** 'Eksport' of the company list: Virksomheder.xlsx, the rows of its filter in its order, all pages. */
export const COMPANIES_EXPORT_ENDPOINT = `${COMPANIES_ENDPOINT}/export`;
export const EXPORT_FILE_NAME = 'Virksomheder.xlsx';

export interface SaveCompanyRequest {
  payload: CompanyPayload;
  logoWebFile: File | null;
  logoPrintFile: File | null;
}

/** The companies module's calls (contract "Companies"); the list itself uses the shared table. */
export const companiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCompany: build.query<CompanyDetails, string>({
      query: (id) => `companies/${encodeURIComponent(id)}`,
      extraOptions: { envelope: true },
      transformResponse: (
        body: Envelope<Company, { orders?: CompanyOrder[]; contracts?: CompanyContract[] }>,
      ) => ({
        company: body.result as Company,
        orders: body.data?.orders ?? [],
        contracts: body.data?.contracts ?? [],
      }),
      providesTags: (_result, _error, id) => [{ type: 'Company', id }],
    }),
    saveCompany: build.mutation<string, SaveCompanyRequest>({
      query: ({ payload, logoWebFile, logoPrintFile }) => ({
        url: 'companies/update',
        method: 'POST',
        body: entityFormData(payload, { logoWebFile, logoPrintFile }),
      }),
      invalidatesTags: (id) => [
        { type: 'Company', id: 'LIST' },
        ...(id ? [{ type: 'Company' as const, id }] : []),
      ],
    }),
    deleteCompany: build.mutation<unknown, string>({
      query: (id) => ({ url: `companies/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    cvrSearch: build.query<CvrCompany[], string>({
      query: (query) => ({ url: 'companies/cvr-search', params: { query } }),
      keepUnusedDataFor: 0,
    }),
    getCompanyRevenue: build.query<{ revenue: number; year: number }, string>({
      query: (id) => `companies/${encodeURIComponent(id)}/revenue`,
      providesTags: (_result, _error, id) => [{ type: 'Company', id }],
    }),
    getCompanyEventTypes: build.query<EventTypesAndProducts, void>({
      query: () => 'companies/event-types',
      extraOptions: { envelope: true },
      transformResponse: (
        body: Envelope<{ id: string; title: string }[]> & {
          products?: { id: string; title: string }[];
        },
      ) => ({ eventTypes: body.result ?? [], products: body.products ?? [] }),
    }),
    getTicketUtilization: build.query<TicketUtilization[], string>({
      query: (id) => `companies/${encodeURIComponent(id)}/ticket-utilization`,
      providesTags: (_result, _error, id) => [{ type: 'Company', id }],
    }),
    getStaffUsers: build.query<StaffUser[], void>({
      query: () => 'app/users',
    }),
    createContactPerson: build.mutation<string, NewContactPerson>({
      query: (contact) => ({
        url: 'contacts/update',
        method: 'POST',
        body: entityFormData({
          id: null,
          ...contact,
          linkedin: '',
          about: '',
          highlighted: false,
          noInvitations: false,
          noNewsletters: false,
          picture: null,
          extraInfo: {},
          companyIds: [],
          listIds: [],
          paymentCards: [],
        }),
      }),
      extraOptions: { envelope: true },
      transformResponse: (body: Envelope<unknown, { id?: string }>) =>
        body.data?.id ?? (typeof body.result === 'string' ? body.result : ''),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetCompanyQuery,
  useSaveCompanyMutation,
  useDeleteCompanyMutation,
  useLazyCvrSearchQuery,
  useGetCompanyRevenueQuery,
  useGetCompanyEventTypesQuery,
  useGetTicketUtilizationQuery,
  useGetStaffUsersQuery,
  useCreateContactPersonMutation,
} = companiesApi;
