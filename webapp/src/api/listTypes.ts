/** The list protocol shared by every server-paged table (spec 1 §7 "Tables"). */
export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  field: string;
  dir: SortDirection;
}

export interface ListParams<F = Record<string, unknown>> {
  filter: F;
  sort: ListSort;
  page: number;
  perPage: number;
}

export interface ListResult<T> {
  Result: T[];
  TotalPages: number;
  Total: number;
}
