import { baseApi } from '../../api/baseApi';
import { entityFormData } from '../../shared/multipart';
import type {
  Choice,
  InvoiceGroup,
  InvoiceGroupPayload,
  Product,
  ProductCategory,
  ProductCategoryPayload,
  ProductPayload,
  SeatChart,
} from './types';

export const PRODUCTS_ENDPOINT = 'products';
export const PRODUCT_CATEGORIES_ENDPOINT = 'products/categories';
export const INVOICE_GROUPS_ENDPOINT = 'products/invoicegroups';

const one = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;

export interface SortProductsRequest {
  categoryId: string;
  contract: boolean;
  productIds: string[];
}

/** Products, product categories (with the order of their products) and invoice groups. */
export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<Product, string>({
      query: (id) => one(PRODUCTS_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    saveProduct: build.mutation<string, { product: ProductPayload; shopImageFile: File | null }>({
      query: ({ product, shopImageFile }) => ({
        url: `${PRODUCTS_ENDPOINT}/update`,
        method: 'POST',
        body: entityFormData(product, { shopImageFile }),
      }),
      invalidatesTags: (id) => [
        { type: 'Product', id: 'LIST' },
        { type: 'ProductCategory', id: 'PRODUCTS' },
        ...(id ? [{ type: 'Product' as const, id }] : []),
      ],
    }),
    deleteProduct: build.mutation<unknown, string>({
      query: (id) => ({ url: one(PRODUCTS_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Product', id: 'LIST' },
        { type: 'ProductCategory', id: 'PRODUCTS' },
      ],
    }),
    getProductSeatCharts: build.query<SeatChart[], void>({
      query: () => ({ url: '/api/seats/charts', params: { categories: 'true' } }),
    }),
    getShopSeasons: build.query<Choice[], void>({
      query: () => 'orders/seasons',
    }),

    getProductCategoryChoices: build.query<Choice[], void>({
      query: () => PRODUCT_CATEGORIES_ENDPOINT,
      providesTags: [{ type: 'ProductCategory', id: 'CHOICES' }],
    }),
    getProductCategory: build.query<ProductCategory, string>({
      query: (id) => one(PRODUCT_CATEGORIES_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'ProductCategory', id }],
    }),
    saveProductCategory: build.mutation<
      string,
      { category: ProductCategoryPayload; shopImageFile: File | null }
    >({
      query: ({ category, shopImageFile }) => ({
        url: `${PRODUCT_CATEGORIES_ENDPOINT}/update`,
        method: 'POST',
        body: entityFormData(category, { shopImageFile }),
      }),
      invalidatesTags: (id) => [
        { type: 'ProductCategory', id: 'LIST' },
        { type: 'ProductCategory', id: 'CHOICES' },
        ...(id ? [{ type: 'ProductCategory' as const, id }] : []),
      ],
    }),
    deleteProductCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: one(PRODUCT_CATEGORIES_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [
        { type: 'ProductCategory', id: 'LIST' },
        { type: 'ProductCategory', id: 'CHOICES' },
      ],
    }),
    getCategoryProducts: build.query<Choice[], { categoryId: string; contract: boolean }>({
      query: ({ categoryId, contract }) => ({
        url: `${one(PRODUCT_CATEGORIES_ENDPOINT, categoryId)}/products`,
        params: { contract: String(contract) },
      }),
      providesTags: [{ type: 'ProductCategory', id: 'PRODUCTS' }],
    }),
    sortCategoryProducts: build.mutation<unknown, SortProductsRequest>({
      query: ({ categoryId, contract, productIds }) => ({
        url: `${one(PRODUCT_CATEGORIES_ENDPOINT, categoryId)}/products`,
        method: 'POST',
        params: { contract: String(contract) },
        body: { productIds },
      }),
      invalidatesTags: [
        { type: 'ProductCategory', id: 'PRODUCTS' },
        { type: 'Product', id: 'LIST' },
      ],
    }),

    getInvoiceGroupChoices: build.query<Choice[], void>({
      query: () => INVOICE_GROUPS_ENDPOINT,
      providesTags: [{ type: 'InvoiceGroup', id: 'CHOICES' }],
    }),
    getInvoiceGroup: build.query<InvoiceGroup, string>({
      query: (id) => one(INVOICE_GROUPS_ENDPOINT, id),
      providesTags: (_result, _error, id) => [{ type: 'InvoiceGroup', id }],
    }),
    saveInvoiceGroup: build.mutation<string, InvoiceGroupPayload>({
      query: (body) => ({ url: `${INVOICE_GROUPS_ENDPOINT}/update`, method: 'POST', body }),
      invalidatesTags: (id) => [
        { type: 'InvoiceGroup', id: 'LIST' },
        { type: 'InvoiceGroup', id: 'CHOICES' },
        ...(id ? [{ type: 'InvoiceGroup' as const, id }] : []),
      ],
    }),
    deleteInvoiceGroup: build.mutation<unknown, string>({
      query: (id) => ({ url: one(INVOICE_GROUPS_ENDPOINT, id), method: 'DELETE' }),
      invalidatesTags: [
        { type: 'InvoiceGroup', id: 'LIST' },
        { type: 'InvoiceGroup', id: 'CHOICES' },
      ],
    }),
  }),
});

export const {
  useGetProductQuery,
  useSaveProductMutation,
  useDeleteProductMutation,
  useLazyGetProductSeatChartsQuery,
  useGetShopSeasonsQuery,
  useGetProductCategoryChoicesQuery,
  useGetProductCategoryQuery,
  useSaveProductCategoryMutation,
  useDeleteProductCategoryMutation,
  useGetCategoryProductsQuery,
  useSortCategoryProductsMutation,
  useGetInvoiceGroupChoicesQuery,
  useGetInvoiceGroupQuery,
  useSaveInvoiceGroupMutation,
  useDeleteInvoiceGroupMutation,
} = productsApi;
