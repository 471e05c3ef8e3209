import { baseApi } from '../../api/baseApi';
import type { Chart, ChartInput, ChartSummary } from '../../api/generated/seats';

// Absolute paths: the charts are the back office's, whatever the mode.
export const SEAT_CHARTS_ENDPOINT = '/api/seats/charts';

const chartUrl = (id: string) => `${SEAT_CHARTS_ENDPOINT}/${encodeURIComponent(id)}`;

/**
 * The club's seat charts (issue 16): the list, one chart with its seats, the designer's preview
 * (the server lays the input out without saving it) and a new chart.
 */
export const seatChartsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSeatCharts: build.query<ChartSummary[], void>({
      query: () => SEAT_CHARTS_ENDPOINT,
      providesTags: [{ type: 'SeatChart', id: 'LIST' }],
    }),
    getSeatChart: build.query<Chart, string>({
      query: (id) => chartUrl(id),
      providesTags: (_result, _error, id) => [{ type: 'SeatChart', id }],
    }),
    /**
     * A POST that changes nothing, so a query: the last good layout stays in `data` while the
     * next one loads or is refused (422 with the same field errors as saving).
     */
    previewSeatChart: build.query<Chart, ChartInput>({
      query: (body) => ({ url: `${SEAT_CHARTS_ENDPOINT}/preview`, method: 'POST', body }),
      keepUnusedDataFor: 5,
    }),
    /** Answers the new chart's id. */
    createSeatChart: build.mutation<string, ChartInput>({
      query: (body) => ({ url: SEAT_CHARTS_ENDPOINT, method: 'POST', body }),
      invalidatesTags: [{ type: 'SeatChart', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetSeatChartsQuery,
  useGetSeatChartQuery,
  usePreviewSeatChartQuery,
  useCreateSeatChartMutation,
} = seatChartsApi;
