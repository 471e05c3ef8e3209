import { baseApi } from '../../api/baseApi';
import type { Choice, CustomField, DiscountCode, OrderCategory, SeatChart, Season } from './types';

export const ORDER_CATEGORIES_ENDPOINT = 'orders/categories';
export const SEASONS_ENDPOINT = 'orders/seasons';
export const FIELDS_ENDPOINT = 'orders/fields';
export const DISCOUNT_CODES_ENDPOINT = 'orders/discount-codes';

const one = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;

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
    saveOrderCategory: build.mutation<string, OrderCategory>({
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
    getSeasonSeatCharts: build.query<SeatChart[], void>({
      query: () => '/api/seats/charts',
    }),
    saveSeason: build.mutation<string, Season>({
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
    saveCustomField: build.mutation<string, CustomField>({
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
    saveDiscountCode: build.mutation<string, DiscountCode>({
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
  useSaveSeasonMutation,
  useDeleteSeasonMutation,
  useGetCustomFieldQuery,
  useSaveCustomFieldMutation,
  useDeleteCustomFieldMutation,
  useGetDiscountCodeQuery,
  useSaveDiscountCodeMutation,
  useDeleteDiscountCodeMutation,
} = orderSetupApi;
