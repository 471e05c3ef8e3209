import { Column } from 'primereact/column';
import { DataTable as PrimeDataTable } from 'primereact/datatable';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagType } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { Alert } from './Alert';
import { Pager } from './Pager';
import { useServerTable } from './useServerTable';

export interface TableColumn<T> {
  /** The server's field name: used for sorting and, without `body`, for the cell value. */
  field: string;
  header: string;
  sortable?: boolean;
  body?: (row: T) => ReactNode;
  style?: CSSProperties;
  /** The column's cells' class, header included ('tb-actions-column' keeps it in view). */
  className?: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table, e.g. 'Virksomheder'. */
  label: string;
  endpoint: string;
  tag: TagType;
  columns: TableColumn<T>[];
  defaultSort: ListSort;
  /** Default 10. */
  pageSize?: number;
  /** Offer the page sizes 10/25/50/100/1000. */
  pageSizeOptions?: number[];
  filter?: Record<string, unknown>;
  /** The key of a row, default 'Id'. */
  dataKey?: string;
  emptyMessage?: string;
  /** Told the sort whenever it changes (e.g. to export the rows in the table's order). */
  onSortChange?: (sort: ListSort) => void;
  /** GET instead of the list protocol's POST (the admin lists). */
  method?: 'GET';
  /** Small rows (the club's 'Kompakt' view of the list). */
  compact?: boolean;
}

/** A server-paged table on the list protocol: paging, asc/desc sorting, filter, empty text. */
export function DataTable<T extends object>({
  label,
  endpoint,
  tag,
  columns,
  defaultSort,
  pageSize,
  pageSizeOptions,
  filter,
  dataKey = 'Id',
  emptyMessage,
  onSortChange,
  method,
  compact = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const table = useServerTable<T>({
    endpoint,
    tag,
    defaultSort,
    pageSize,
    filter,
    method,
  });
  const sortListener = useRef(onSortChange);
  useEffect(() => {
    sortListener.current = onSortChange;
  });
  useEffect(() => sortListener.current?.(table.sort), [table.sort]);
  return (
    <div className="tb-table">
      {table.isError && <Alert severity="error">{t('table.failed')}</Alert>}
      <PrimeDataTable
        value={table.rows}
        size={compact ? 'small' : undefined}
        lazy
        dataKey={dataKey}
        loading={table.isFetching}
        sortField={table.sort.field}
        sortOrder={table.sort.dir === 'asc' ? 1 : -1}
        onSort={(event) => table.sortBy(event.sortField, event.sortOrder === -1 ? 'desc' : 'asc')}
        emptyMessage={emptyMessage ?? t('table.empty')}
        pt={{ table: { 'aria-label': label } }}
      >
        {columns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={column.header}
            sortable={column.sortable}
            body={column.body}
            style={column.style}
            headerClassName={column.className}
            bodyClassName={column.className}
          />
        ))}
      </PrimeDataTable>
      <Pager
        page={table.page}
        perPage={table.perPage}
        total={table.total}
        onPageChange={table.setPage}
        pageSizeOptions={pageSizeOptions}
        onPerPageChange={table.setPerPage}
      />
    </div>
  );
}
