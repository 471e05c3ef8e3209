import { baseApi } from '../../api/baseApi';
import type { FinanceOverview } from '../../api/generated/invoices';

/** The finance page's figures (issue 37 §5); any change of an invoice refreshes them. */
export const financeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFinanceOverview: build.query<FinanceOverview, void>({
      query: () => 'invoices/finance',
      providesTags: [{ type: 'Invoice', id: 'LIST' }],
    }),
  }),
});

export const { useGetFinanceOverviewQuery } = financeApi;
