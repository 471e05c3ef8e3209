import { useEffect, useMemo, useState } from 'react';
import type { TagType } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { useGetListQuery } from './listApi';

export interface ServerTableOptions {
  endpoint: string;
  tag: TagType;
  defaultSort: ListSort;
  /** Default 10 (spec 1 §9). */
  pageSize?: number;
  filter?: Record<string, unknown>;
  method?: 'GET';
}

/** Paging, sorting and filtering state of a server-paged table, with the RTK Query list call. */
export function useServerTable<T>({
  endpoint,
  tag,
  defaultSort,
  pageSize = 10,
  filter = {},
  method,
}: ServerTableOptions) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(pageSize);
  const [sort, setSort] = useState<ListSort>(defaultSort);
  const filterKey = JSON.stringify(filter);
  const stableFilter = useMemo(() => JSON.parse(filterKey) as Record<string, unknown>, [filterKey]);

  // A new filter shows its first page.
  useEffect(() => setPage(1), [filterKey]);

  const query = useGetListQuery({
    endpoint,
    tag,
    params: { filter: stableFilter, sort, page, perPage },
    method,
  });
  const total = query.data?.Total ?? 0;

  return {
    rows: (query.data?.Result ?? []) as T[],
    total,
    page,
    perPage,
    sort,
    isFetching: query.isFetching,
    isError: query.isError,
    setPage,
    setPerPage: (next: number) => {
      setPerPage(next);
      setPage(1);
    },
    /** Clicking the same column toggles asc/desc; another column starts ascending. */
    sortBy: (field: string, dir?: ListSort['dir']) => {
      setSort((current) => ({
        field,
        dir: dir ?? (current.field === field && current.dir === 'asc' ? 'desc' : 'asc'),
      }));
      setPage(1);
    },
  };
}
