import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable as PrimeTreeTable } from 'primereact/treetable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from './DataTable';
import type { TagType } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { Alert } from './Alert';
import { Pager } from './Pager';
import { useServerTable } from './useServerTable';

export interface TreeTableProps<T> {
  label: string;
  endpoint: string;
  tag: TagType;
  columns: TableColumn<T>[];
  defaultSort: ListSort;
  pageSize?: number;
  pageSizeOptions?: number[];
  filter?: Record<string, unknown>;
  dataKey?: string;
  /** The row field holding the nested rows (e.g. sub-events), default 'Children'. */
  childrenField?: string;
  emptyMessage?: string;
}

function toNodes<T extends object>(rows: T[], dataKey: string, childrenField: string): TreeNode[] {
  return rows.map((row) => {
    const record = row as Record<string, unknown>;
    const children = record[childrenField];
    return {
      key: String(record[dataKey]),
      data: row,
      children: Array.isArray(children) ? toNodes(children as T[], dataKey, childrenField) : [],
    };
  });
}

/** A server-paged tree table (rows nest under parents) on the list protocol; pages count top rows. */
export function TreeTable<T extends object>({
  label,
  endpoint,
  tag,
  columns,
  defaultSort,
  pageSize,
  pageSizeOptions,
  filter,
  dataKey = 'Id',
  childrenField = 'Children',
  emptyMessage,
}: TreeTableProps<T>) {
  const { t } = useTranslation();
  const table = useServerTable<T>({ endpoint, tag, defaultSort, pageSize, filter });
  const nodes = useMemo(
    () => toNodes(table.rows, dataKey, childrenField),
    [table.rows, dataKey, childrenField],
  );
  return (
    <div className="tb-table">
      {table.isError && <Alert severity="error">{t('table.failed')}</Alert>}
      <PrimeTreeTable
        value={nodes}
        lazy
        loading={table.isFetching}
        sortField={table.sort.field}
        sortOrder={table.sort.dir === 'asc' ? 1 : -1}
        onSort={(event) => table.sortBy(event.sortField, event.sortOrder === -1 ? 'desc' : 'asc')}
        emptyMessage={emptyMessage ?? t('table.empty')}
        pt={{ table: { 'aria-label': label } }}
      >
        {columns.map((column, index) => (
          <Column
            key={column.field}
            field={column.field}
            header={column.header}
            sortable={column.sortable}
            expander={index === 0}
            body={column.body ? (node: TreeNode) => column.body?.(node.data as T) : undefined}
            style={column.style}
          />
        ))}
      </PrimeTreeTable>
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
