import type { Key, ReactNode } from 'react';

export interface StackColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
}

interface StackTableProps<Row> {
  rows: Row[];
  columns: StackColumn<Row>[];
  rowKey: (row: Row, index: number) => Key;
  /** The table's name for assistive technology. */
  label: string;
  className?: string;
}

/**
 * A small read-only table for the public pages, drawn as PrimeReact's DataTable (`size="small"`,
 * `responsiveLayout="stack"`: its classes, so the theme and our stacking rules draw it) without
 * loading the DataTable: on a phone below 40rem each row stacks as a card, each cell on a line of
 * its own with its column's name at the left (issue 36). Sorting, paging and selection are the
 * DataTable's; a table that needs them uses it.
 */
export function StackTable<Row>({ rows, columns, rowKey, label, className }: StackTableProps<Row>) {
  const alignment = (column: StackColumn<Row>) =>
    column.align === 'right' ? 'p-align-right' : undefined;
  return (
    <div
      className={[
        'p-datatable p-component p-datatable-sm p-datatable-responsive-stack tb-stack-table',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="p-datatable-wrapper">
        <table className="p-datatable-table" aria-label={label}>
          <thead className="p-datatable-thead">
            <tr>
              {columns.map((column) => (
                <th key={column.header} className={alignment(column)}>
                  <div className="p-column-header-content">
                    <span className="p-column-title">{column.header}</span>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="p-datatable-tbody">
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.header} className={alignment(column)}>
                    <span className="p-column-title">{column.header}</span>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
