import { Button } from 'primereact/button';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPACT_VIEW, useCustomView } from '../moduleOverrides';
import { Link } from 'react-router';
import { apiErrorMessage, type TagType } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { ConfirmButton } from './ConfirmButton';
import { DataTable, type TableColumn } from './DataTable';
import { useExportListMutation } from './listApi';
import { SearchInput } from './SearchInput';
import { useToast } from './Toast';

interface ColumnLook<Row> {
  header: string;
  style?: CSSProperties;
  body?: (row: Row) => ReactNode;
}

/**
 * A column of a list: a field of the row (its value, or `body`; sortable on the server by that
 * field), or a value the screen works out from the row (`id` names it; it cannot be sorted).
 */
export type ListColumn<Row> =
  | (ColumnLook<Row> & { field: keyof Row & string; sortable?: boolean })
  | (ColumnLook<Row> & { id: string; body: (row: Row) => ReactNode });

/** 'Eksport': the workbook of the list's rows under the current filter, in the table's order. */
export interface ListExport {
  /** The button's text, e.g. 'Eksport'. */
  label: string;
  /** The export call, e.g. 'companies/export' (POST {filter, sort}). */
  endpoint: string;
  /** The downloaded file's name, e.g. 'Virksomheder.xlsx'. */
  fileName: string;
  /** Told when the server gives no reason of its own. */
  failedMessage: string;
}

interface ListPageProps<Row extends { Id: string }> {
  title: string;
  endpoint: string;
  tag: TagType;
  columns: ListColumn<Row>[];
  defaultSort: ListSort;
  /** GET instead of the list protocol's POST (the admin lists). */
  method?: 'GET';
  /** Rows a page; default 10. */
  pageSize?: number;
  /** The editor route of a row is `{basePath}/{Id}`, a new one's `{basePath}/create`. */
  basePath?: string;
  /** The create link's text, e.g. 'Opret kategori'; without it the list has no create link. */
  createLabel?: string;
  /** The edit link's text; default 'Rediger'. false: the rows have no editor. */
  editLabel?: string | false;
  /** The row's name in the accessible labels of its actions ('Rediger {name}', 'Slet {name}'). */
  rowName?: (row: Row) => string;
  /** Accessible labels of the row's actions that do not read '{action} {rowName}'. */
  actionLabels?: { edit?: (row: Row) => string; delete?: (row: Row) => string };
  /** Buttons beside the title, before the export and create actions. */
  headerActions?: ReactNode;
  /** The export button beside the title. */
  exportFile?: ListExport;
  /** Show the search box ('Søg', sent as filter.search); default true. */
  search?: boolean;
  /** Filter controls before the search box. */
  filters?: ReactNode;
  /** The values of those controls, sent as the filter with the search text. */
  filter?: Record<string, unknown>;
  /** Above the filters, e.g. a side note. */
  children?: ReactNode;
  /** More row actions before the edit link (e.g. 'Log ind'). */
  rowActions?: (row: Row) => ReactNode;
  /** The delete action 'Slet' (after confirmation); without it the rows have none. */
  onDelete?: (id: string) => Promise<unknown>;
  /** The confirmation before delete, e.g. 'Er du sikker på at du vil slette denne kategori?'. */
  deleteMessage?: string;
  /** Which rows offer 'Slet'; default all. */
  canDelete?: (row: Row) => boolean;
  /** The toast after a delete; default none (the row leaves the table). */
  deletedMessage?: string;
  /** Told when a delete fails and the server gives no reason; default the generic error. */
  deleteFailedMessage?: string;
  /** The style of the actions column. */
  actionsStyle?: CSSProperties;
}

function tableColumn<Row>(column: ListColumn<Row>): TableColumn<Row> {
  const { header, style, body } = column;
  return 'field' in column
    ? { field: column.field, header, style, body, sortable: column.sortable }
    : { field: column.id, header, style, body };
}

/**
 * The list screen of an entity: heading with its actions (create link, export, more buttons),
 * filters and search, the server-paged table with the row actions (edit link, delete after
 * confirmation for the rows the rule allows, more of the screen's own).
 */
export function ListPage<Row extends { Id: string }>({
  title,
  endpoint,
  tag,
  columns,
  defaultSort,
  method,
  pageSize,
  basePath = '',
  createLabel,
  editLabel,
  rowName = () => '',
  actionLabels,
  headerActions,
  exportFile,
  search = true,
  filters,
  filter,
  children,
  rowActions,
  onDelete,
  deleteMessage = '',
  canDelete = () => true,
  deletedMessage,
  deleteFailedMessage,
  actionsStyle,
}: ListPageProps<Row>) {
  const view = useCustomView();
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ListSort>(defaultSort);
  const [exportList, exportState] = useExportListMutation();
  const edit = editLabel === false ? null : (editLabel ?? t('table.edit'));
  const deleteLabel = t('table.delete');
  const listFilter = search ? { ...filter, search: text } : (filter ?? {});

  const actions: TableColumn<Row> = {
    field: 'actions',
    header: t('table.actions'),
    style: actionsStyle,
    className: 'tb-actions-column',
    body: (row) => (
      <span className="tb-row-actions">
        {rowActions?.(row)}
        {edit !== null && (
          <Link
            to={`${basePath}/${row.Id}`}
            className="p-button p-component p-button-text p-button-sm"
            aria-label={actionLabels?.edit?.(row) ?? `${edit} ${rowName(row)}`}
          >
            {edit}
          </Link>
        )}
        {onDelete && canDelete(row) && (
          <ConfirmButton
            text
            size="small"
            severity="danger"
            label={deleteLabel}
            aria-label={actionLabels?.delete?.(row) ?? `${deleteLabel} ${rowName(row)}`}
            message={deleteMessage}
            onConfirm={async () => {
              try {
                await onDelete(row.Id);
                if (deletedMessage) toast.success(deletedMessage);
              } catch (error) {
                toast.error(
                  apiErrorMessage(error) ?? deleteFailedMessage ?? t('common.errors.generic'),
                );
              }
            }}
          />
        )}
      </span>
    ),
  };
  const hasActions = rowActions !== undefined || edit !== null || onDelete !== undefined;
  const hasHeaderActions =
    headerActions !== undefined || exportFile !== undefined || createLabel !== undefined;

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        {hasHeaderActions && (
          <div className="tb-page-actions">
            {headerActions}
            {exportFile && (
              <Button
                type="button"
                outlined
                icon="pi pi-file-excel"
                label={exportFile.label}
                loading={exportState.isLoading}
                onClick={async () => {
                  try {
                    await exportList({
                      endpoint: exportFile.endpoint,
                      fileName: exportFile.fileName,
                      params: { filter: listFilter, sort },
                    }).unwrap();
                  } catch (error) {
                    toast.error(apiErrorMessage(error) ?? exportFile.failedMessage);
                  }
                }}
              />
            )}
            {createLabel !== undefined && (
              <Link to={`${basePath}/create`} className="p-button p-component">
                <i className="pi pi-plus" aria-hidden="true" />
                <span>{createLabel}</span>
              </Link>
            )}
          </div>
        )}
      </div>
      {children}
      {(filters !== undefined || search) && (
        <div className="tb-filters">
          {filters}
          {search && <SearchInput label={t('table.search')} onSearch={setText} />}
        </div>
      )}
      <DataTable<Row>
        label={title}
        endpoint={endpoint}
        tag={tag}
        columns={[...columns.map(tableColumn), ...(hasActions ? [actions] : [])]}
        defaultSort={defaultSort}
        pageSize={pageSize}
        filter={listFilter}
        onSortChange={setSort}
        method={method}
        compact={view === COMPACT_VIEW}
      />
    </section>
  );
}
