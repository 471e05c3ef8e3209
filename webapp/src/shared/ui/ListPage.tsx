import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage, type TagType } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { ConfirmButton } from './ConfirmButton';
import { DataTable, type TableColumn } from './DataTable';
import { SearchInput } from './SearchInput';
import { useToast } from './Toast';

interface ListPageProps<T> {
  title: string;
  /** The create link's text, e.g. 'Opret kategori'; it goes to `{basePath}/create`. */
  createLabel: string;
  /** The editor route of a row is `{basePath}/{Id}`. */
  basePath: string;
  endpoint: string;
  tag: TagType;
  columns: TableColumn<T>[];
  defaultSort: ListSort;
  /** The row's name for the accessible labels of its actions. */
  rowName: (row: T) => string;
  /** The confirmation before delete, e.g. 'Er du sikker på at du vil slette denne kategori?'. */
  deleteMessage: string;
  onDelete: (id: string) => Promise<unknown>;
  /** The edit action's text; default 'Rediger'. */
  editLabel?: string;
  /** Show the search box (filter.search). */
  search?: boolean;
  /** Above the table, e.g. a side note. */
  children?: ReactNode;
  /** GET instead of the list protocol's POST (the admin lists). */
  method?: 'GET';
  /** More row actions before Rediger (e.g. 'Log ind'). */
  rowActions?: (row: T) => ReactNode;
}

/**
 * The list screen of a catalogue entity: heading, create link, optional search, the server-paged
 * table (10 rows) with the actions Rediger and Slet (after confirmation).
 */
export function ListPage<T extends { Id: string }>({
  title,
  createLabel,
  basePath,
  endpoint,
  tag,
  columns,
  defaultSort,
  rowName,
  deleteMessage,
  onDelete,
  editLabel,
  search = true,
  children,
  method,
  rowActions,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [text, setText] = useState('');
  const edit = editLabel ?? t('table.edit');
  const allColumns: TableColumn<T>[] = [
    ...columns,
    {
      field: 'actions',
      header: t('table.actions'),
      body: (row) => (
        <span className="tb-row-actions">
          {rowActions?.(row)}
          <Link
            to={`${basePath}/${row.Id}`}
            className="p-button p-component p-button-text p-button-sm"
            aria-label={`${edit} ${rowName(row)}`}
          >
            {edit}
          </Link>
          <ConfirmButton
            text
            size="small"
            severity="danger"
            label={t('table.delete')}
            aria-label={`${t('table.delete')} ${rowName(row)}`}
            message={deleteMessage}
            onConfirm={async () => {
              try {
                await onDelete(row.Id);
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
              }
            }}
          />
        </span>
      ),
    },
  ];
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        <div className="tb-page-actions">
          <Link to={`${basePath}/create`} className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{createLabel}</span>
          </Link>
        </div>
      </div>
      {children}
      {search && (
        <div className="tb-filters">
          <SearchInput label={t('table.search')} onSearch={setText} />
        </div>
      )}
      <DataTable<T>
        label={title}
        endpoint={endpoint}
        tag={tag}
        columns={allColumns}
        defaultSort={defaultSort}
        filter={search ? { search: text } : {}}
        method={method}
      />
    </section>
  );
}
