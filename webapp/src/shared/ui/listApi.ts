import { baseApi, type TagType } from '../../api/baseApi';
import type { ListParams, ListResult, ListSort } from '../../api/listTypes';
import { saveBlob } from '../download';

export interface ListRequest {
  /** The module's endpoint, e.g. 'companies' (→ POST /api/companies) or an absolute path. */
  endpoint: string;
  /** Mutations of the feature invalidate `{ type: tag, id: 'LIST' }` to reload the table. */
  tag: TagType;
  params: ListParams;
  /** The admin lists (users, clients, modules) use GET ?search&sort&dir&page&perPage (spec 1 §7). */
  method?: 'GET';
}

export interface ExportRequest {
  /** The export call, e.g. 'companies/export'. */
  endpoint: string;
  /** The name the browser saves the workbook under, e.g. 'Virksomheder.xlsx'. */
  fileName: string;
  /** Exactly the table's filter and sort: the export holds the rows of every page in that order. */
  params: { filter: Record<string, unknown>; sort: ListSort };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The list protocol: POST {ep} {filter, sort, page, perPage} → {Result, TotalPages, Total}; and the
 * export of a list's rows as a workbook.
 */
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
    /** POST {filter, sort} to the export call and save the workbook it answers as the download. */
    exportList: build.mutation<null, ExportRequest>({
      async queryFn({ endpoint, fileName, params }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: endpoint,
          method: 'POST',
          body: params,
          headers: { Accept: XLSX },
          // The workbook is read as bytes; a refusal is the usual JSON envelope.
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (answer.error) return { error: answer.error };
        if (!(answer.data instanceof Blob)) {
          return { error: { status: 'PARSING_ERROR' as const } };
        }
        saveBlob(answer.data, fileName);
        return { data: null };
      },
    }),
  }),
});

export const { useGetListQuery, useExportListMutation } = listApi;
