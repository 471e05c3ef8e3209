import { baseApi, type TagType } from '../../api/baseApi';
import type { ListParams, ListResult } from '../../api/listTypes';

export interface ListRequest {
  /** The module's endpoint, e.g. 'companies' (→ POST /api/companies) or an absolute path. */
  endpoint: string;
  /** Mutations of the feature invalidate `{ type: tag, id: 'LIST' }` to reload the table. */
  tag: TagType;
  params: ListParams;
  /** The admin lists (users, clients, modules) use GET ?search&sort&dir&page&perPage (spec 1 §7). */
  method?: 'GET';
}

/** The list protocol: POST {ep} {filter, sort, page, perPage} → {Result, TotalPages, Total}. */
export const listApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getList: build.query<ListResult<unknown>, ListRequest>({
      query: ({ endpoint, params, method }) =>
        method === 'GET'
          ? {
              url: endpoint,
              params: {
                search: typeof params.filter.search === 'string' ? params.filter.search : '',
                sort: params.sort.field,
                dir: params.sort.dir,
                page: params.page,
                perPage: params.perPage,
              },
            }
          : { url: endpoint, method: 'POST', body: params },
      transformResponse: (body: Partial<ListResult<unknown>>) => ({
        Result: body.Result ?? [],
        TotalPages: body.TotalPages ?? 0,
        Total: body.Total ?? 0,
      }),
      providesTags: (_result, _error, { tag }) => [{ type: tag, id: 'LIST' }],
    }),
  }),
});

export const { useGetListQuery } = listApi;
