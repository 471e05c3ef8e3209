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
    // The chosen ones by id (spec 2 §7: search or ids), so a picker names what was saved.
    companiesByIds: build.query<CompanyPick[], string[]>({
      query: (ids) => ({ url: 'companies', params: { ids: ids.join(',') } }),
      providesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    contactsByIds: build.query<ContactPick[], string[]>({
      query: (ids) => ({ url: 'contacts', params: { ids: ids.join(',') } }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    productsByIds: build.query<ProductPick[], string[]>({
      query: (ids) => ({ url: 'products', params: { ids: ids.join(',') } }),
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
  useCompaniesByIdsQuery,
  useContactsByIdsQuery,
  useProductsByIdsQuery,
} = pickersApi;
