import { baseApi } from '../../api/baseApi';
import type { AmountSeries } from './types';

/** The bar graphs of the dashboard, each for one year. */
export type AmountGraph =
  'invoiced-amount' | 'products-amount' | 'contract-sales-amount' | 'contract-products-amount';

/** A graph and the pie of invoiced versus remaining. */
export type AmountSeriesKind = AmountGraph | 'invoiced-status';

/**
 * The dashboard's graphs (spec 1 §2): POST /api/dashboard/{kind}?year=YYYY without a body. Its
 * tables read the list protocol through the shared DataTable. What an invoice write changes shows
 * on the next visit, as the invoices list does.
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAmountSeries: build.query<AmountSeries, { kind: AmountSeriesKind; year: number }>({
      query: ({ kind, year }) => ({ url: `dashboard/${kind}`, method: 'POST', params: { year } }),
      providesTags: [
        { type: 'Dashboard', id: 'LIST' },
        { type: 'Invoice', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetAmountSeriesQuery } = dashboardApi;
