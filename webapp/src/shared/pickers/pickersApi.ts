import { baseApi } from '../../api/baseApi';
import type { CompanyPick, ContactPick, ContactSearch, ProductPick } from './types';

/** The searches behind every company, contact and product picker (at most 50 proposals each). */
export const pickersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchCompanies: build.query<CompanyPick[], string>({
      query: (search) => ({ url: 'companies', params: { search } }),
      providesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    searchContacts: build.query<ContactPick[], ContactSearch>({
      query: ({ search, companyId }) => ({
        url: 'contacts',
        params: companyId ? { search, companyId } : { search },
      }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    searchProducts: build.query<ProductPick[], string>({
      query: (search) => ({ url: 'products', params: { search } }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useSearchCompaniesQuery,
  useLazySearchCompaniesQuery,
  useSearchContactsQuery,
  useLazySearchContactsQuery,
  useSearchProductsQuery,
  useLazySearchProductsQuery,
} = pickersApi;
