import { baseApi } from '../../api/baseApi';
import type { OrderProduct } from './types';

/** The product a line is made from (the line dialog of orders and contracts). */
export const orderLinesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderProduct: build.query<OrderProduct, string>({
      query: (id) => `products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useLazyGetOrderProductQuery } = orderLinesApi;
