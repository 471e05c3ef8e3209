import { baseApi } from '../../api/baseApi';
import type { Chart, ChartSummary, SeasonTicket, SeatChannel } from '../../api/generated/seats';
import type {
  Choice,
  CustomField,
  CustomFieldPayload,
  DiscountCode,
  DiscountCodePayload,
  OrderCategory,
  OrderCategoryPayload,
  Season,
  SeasonPayload,
} from './types';

export const ORDER_CATEGORIES_ENDPOINT = 'orders/categories';
export const SEASONS_ENDPOINT = 'orders/seasons';
export const FIELDS_ENDPOINT = 'orders/fields';
export const DISCOUNT_CODES_ENDPOINT = 'orders/discount-codes';

const one = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;
const seasonSeats = (seasonId: string, what: 'tickets' | 'channels') =>
  `/api/seats/seasons/${encodeURIComponent(seasonId)}/${what}`;
const ticketsTag = (seasonId: string) => ({ type: 'Season' as const, id: `TICKETS-${seasonId}` });
const channelsTag = (seasonId: string) => ({ type: 'Season' as const, id: `CHANNELS-${seasonId}` });

/** What `POST /api/seats/seasons/{id}/tickets` takes: the rest of a season ticket is the server's. */
export type SeasonTicketInput = Pick<
  SeasonTicket,
  'seat' | 'productId' | 'name' | 'email' | 'companyId'
>;

export interface CreateSeasonTicketRequest {
  seasonId: string;
  ticket: SeasonTicketInput;
}

export interface DeleteSeasonTicketRequest {
  seasonId: string;
  ticketId: string;
}

export interface CreateSeatChannelRequest {
  seasonId: string;
  channel: Omit<SeatChannel, 'id'>;
}

export interface DeleteSeatChannelRequest {
  seasonId: string;
  channelId: string;
}

/** The orders module's categories, seasons, custom fields and discount codes. */
export const orderSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderCategory: build.query<OrderCategory, string>({
      query: (id) => one(ORDER_CATEGORIES_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'OrderCategory', id }],
    }),
    getOrderCategoryChoices: build.query<Choice[], void>({
      query: () => ORDER_CATEGORIES_ENDPOINT,
      providesTags: [{ type: 'OrderCategory', id: 'CHOICES' }],
    }),
    saveOrderCategory: build.mutation<string, OrderCategoryPayload>({
      query: (body) => ({ url: `${ORDER_CATEGORIES_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'OrderCategory', id: 'LIST' },
        { type: 'OrderCategory', id: 'CHOICES' },
        ...(id ? [{ type: 'OrderCategory' as const, id }] : []),
      ],
    }),
    deleteOrderCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: one(ORDER_CATEGORIES_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [
        { type: 'OrderCategory', id: 'LIST' },
        { type: 'OrderCategory', id: 'CHOICES' },
      ],
    }),

    getSeason: build.query<Season, string>({
      query: (id) => one(SEASONS_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'Season', id }],
    }),
    getParentSeasons: build.query<Choice[], void>({
      query: () => `${SEASONS_ENDPOINT}/parents`,
      providesTags: [{ type: 'Season', id: 'PARENTS' }],
    }),
    getSeasonSeatCharts: build.query<ChartSummary[], void>({
      query: () => '/api/seats/charts',
    }),
    getSeasonChart: build.query<Chart, string>({
      query: (chartId) => `/api/seats/charts/${encodeURIComponent(chartId)}`,
    }),
    getSeasonTickets: build.query<SeasonTicket[], string>({
      query: (seasonId) => seasonSeats(seasonId, 'tickets'),
      providesTags: (_result, _error, seasonId) => [ticketsTag(seasonId)],
    }),
    /**
     * 422 on `seat` (unknown, not for sale, has a ticket, sold at an event of the season) or
     * `name`. The seat is then reserved at the season's events: their seat maps change too.
     */
    createSeasonTicket: build.mutation<string, CreateSeasonTicketRequest>({
      query: ({ seasonId, ticket }) => ({
        url: seasonSeats(seasonId, 'tickets'),
        method: 'POST',
        body: ticket,
      }),
      invalidatesTags: (_id, _error, { seasonId }) => [
        ticketsTag(seasonId),
        'SeatMap',
        'SeasonalTicket',
      ],
    }),
    /**
     * Only a ticket made by hand: 422 for one an order sold (it goes with its line on the order).
     * The seat goes on sale again at the season's events: their seat maps change too.
     */
    deleteSeasonTicket: build.mutation<unknown, DeleteSeasonTicketRequest>({
      query: ({ seasonId, ticketId }) => ({
        url: `${seasonSeats(seasonId, 'tickets')}/${encodeURIComponent(ticketId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { seasonId }) => [
        ticketsTag(seasonId),
        'SeatMap',
        'SeasonalTicket',
      ],
    }),
    getSeasonChannels: build.query<SeatChannel[], string>({
      query: (seasonId) => seasonSeats(seasonId, 'channels'),
      providesTags: (_result, _error, seasonId) => [channelsTag(seasonId)],
    }),
    /** 422 on `name`, `companyId` (unknown) or `seats` (none, or not on the chart). */
    createSeatChannel: build.mutation<string, CreateSeatChannelRequest>({
      query: ({ seasonId, channel }) => ({
        url: seasonSeats(seasonId, 'channels'),
        method: 'POST',
        body: channel,
      }),
      invalidatesTags: (_id, _error, { seasonId }) => [channelsTag(seasonId), 'SeatMap'],
    }),
    /** Its seats can then be bought by everyone. */
    deleteSeatChannel: build.mutation<unknown, DeleteSeatChannelRequest>({
      query: ({ seasonId, channelId }) => ({
        url: `${seasonSeats(seasonId, 'channels')}/${encodeURIComponent(channelId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { seasonId }) => [channelsTag(seasonId), 'SeatMap'],
    }),
    saveSeason: build.mutation<string, SeasonPayload>({
      query: (body) => ({ url: `${SEASONS_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'Season', id: 'LIST' },
        { type: 'Season', id: 'PARENTS' },
        ...(id ? [{ type: 'Season' as const, id }] : []),
      ],
    }),
    deleteSeason: build.mutation<unknown, string>({
      query: (id) => ({ url: one(SEASONS_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Season', id: 'LIST' },
        { type: 'Season', id: 'PARENTS' },
      ],
    }),

    getCustomField: build.query<CustomField, string>({
      query: (id) => one(FIELDS_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'CustomField', id }],
    }),
    saveCustomField: build.mutation<string, CustomFieldPayload>({
      query: (body) => ({ url: `${FIELDS_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'CustomField', id: 'LIST' },
        ...(id ? [{ type: 'CustomField' as const, id }] : []),
      ],
    }),
    deleteCustomField: build.mutation<unknown, string>({
      query: (id) => ({ url: one(FIELDS_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [{ type: 'CustomField', id: 'LIST' }],
    }),

    getDiscountCode: build.query<DiscountCode, string>({
      query: (id) => one(DISCOUNT_CODES_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'DiscountCode', id }],
    }),
    saveDiscountCode: build.mutation<string, DiscountCodePayload>({
      query: (body) => ({ url: `${DISCOUNT_CODES_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'DiscountCode', id: 'LIST' },
        ...(id ? [{ type: 'DiscountCode' as const, id }] : []),
      ],
    }),
    deleteDiscountCode: build.mutation<unknown, string>({
      query: (id) => ({ url: one(DISCOUNT_CODES_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [{ type: 'DiscountCode', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrderCategoryQuery,
  useGetOrderCategoryChoicesQuery,
  useSaveOrderCategoryMutation,
  useDeleteOrderCategoryMutation,
  useGetSeasonQuery,
  useGetParentSeasonsQuery,
  useGetSeasonSeatChartsQuery,
  useGetSeasonChartQuery,
  useGetSeasonTicketsQuery,
  useCreateSeasonTicketMutation,
  useDeleteSeasonTicketMutation,
  useGetSeasonChannelsQuery,
  useCreateSeatChannelMutation,
  useDeleteSeatChannelMutation,
  useSaveSeasonMutation,
  useDeleteSeasonMutation,
  useGetCustomFieldQuery,
  useSaveCustomFieldMutation,
  useDeleteCustomFieldMutation,
  useGetDiscountCodeQuery,
  useSaveDiscountCodeMutation,
  useDeleteDiscountCodeMutation,
} = orderSetupApi;
