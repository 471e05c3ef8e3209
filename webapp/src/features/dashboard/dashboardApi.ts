import { baseApi } from '../../api/baseApi';
import type { EventCard } from '../../api/generated/events';
import type { AmountSeries, DashboardWidgets, WidgetChoice } from './types';

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
    /** Which widgets the home shows the caller, and whose choice that is. */
    getDashboardWidgets: build.query<DashboardWidgets, void>({
      query: () => 'dashboard/widgets',
      providesTags: [{ type: 'Dashboard', id: 'WIDGETS' }],
    }),
    /** The caller's own choice; `null` follows the club's again. */
    chooseDashboardWidgets: build.mutation<DashboardWidgets, WidgetChoice>({
      query: (body) => ({ url: 'dashboard/widgets', method: 'POST', body }),
      invalidatesTags: [{ type: 'Dashboard', id: 'WIDGETS' }],
    }),
    /** The events widget: the club's next events (promoted ones only, if so set), at most `limit`. */
    getHomeEvents: build.query<EventCard[], { promoted: boolean; limit: number }>({
      query: ({ promoted, limit }) => ({
        url: 'events',
        params: { ...(promoted ? { promoted: '1' } : {}), limit },
      }),
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetAmountSeriesQuery,
  useGetDashboardWidgetsQuery,
  useChooseDashboardWidgetsMutation,
  useGetHomeEventsQuery,
} = dashboardApi;
