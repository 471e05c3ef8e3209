import { baseApi } from '../../api/baseApi';
import type { Chart, ChartDesign, ChartInput, ChartSummary } from '../../api/generated/seats';

// Absolute paths: the charts are the back office's, whatever the mode.
export const SEAT_CHARTS_ENDPOINT = '/api/seats/charts';

const chartUrl = (id: string) => `${SEAT_CHARTS_ENDPOINT}/${encodeURIComponent(id)}`;

/**
 * The club's seat charts (issue 16): the list, one chart with its seats, the designer's preview
 * (the server lays the input out without saving it), a new chart, and a saved chart's design to
 * edit, save or delete. A chart and its design share the chart's tag, so a save reloads both.
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
    /** What the designer made the chart from, and what uses it (what the designer may not take). */
    getSeatChartDesign: build.query<ChartDesign, string>({
      query: (id) => `${chartUrl(id)}/design`,
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
    /** The same field errors as creating, and a refusal to remove seats or categories in use. */
    updateSeatChart: build.mutation<void, { id: string; input: ChartInput }>({
      query: ({ id, input }) => ({ url: chartUrl(id), method: 'POST', body: input }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'SeatChart', id },
        { type: 'SeatChart', id: 'LIST' },
      ],
    }),
    /** Refused (422, a message) while anything uses the chart or any of its seats was sold. */
    deleteSeatChart: build.mutation<void, string>({
      query: (id) => ({ url: chartUrl(id), method: 'DELETE' }),
      invalidatesTags: [{ type: 'SeatChart', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetSeatChartsQuery,
  useGetSeatChartQuery,
  useGetSeatChartDesignQuery,
  usePreviewSeatChartQuery,
  useCreateSeatChartMutation,
  useUpdateSeatChartMutation,
  useDeleteSeatChartMutation,
} = seatChartsApi;
