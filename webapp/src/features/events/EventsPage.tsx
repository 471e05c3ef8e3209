import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { ActionsMenu } from '../../shared/editor/ActionsMenu';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { DateTime } from '../../shared/ui/DateTime';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { TreeTable } from '../../shared/ui/TreeTable';
import { EVENT_TAG } from '../../shared/events/eventsApi';
import { NEW_ID, eventPath } from '../../shared/events/paths';
import type { EventRow } from '../../shared/events/types';
import { EVENTS_LIST_ENDPOINT, useDeleteEventMutation } from './eventEditorApi';
import { CancelledBadge } from './EventBadges';

/** Spec 2 §9: the newest start first. */
const DEFAULT_SORT: ListSort = { field: 'StartDate', dir: 'desc' };

const ROW_ACTIONS = ['delete'] as const;
type RowAction = (typeof ROW_ACTIONS)[number];

/** 'Rediger', and 'Handlinger' with 'Slet' after 'Er du sikker på at du vil slette dette arrangement?'. */
function EventRowActions({ row }: { row: EventRow }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const [deleteEvent, { isLoading }] = useDeleteEventMutation();
  const edit = t('table.edit');
  return (
    <span className="tb-row-actions">
      <Link
        to={eventPath(row.Id)}
        className="p-button p-component p-button-text p-button-sm"
        aria-label={`${edit} ${row.Title}`}
      >
        {edit}
      </Link>
      <ActionsMenu<RowAction>
        actions={ROW_ACTIONS}
        labels={() => t('table.delete')}
        icons={{ delete: 'pi pi-trash' }}
        danger={ROW_ACTIONS}
        busy={isLoading}
        commands={{
          delete: async () => {
            if (!(await confirm({ message: t('events.list.confirmDelete') }))) return;
            try {
              await deleteEvent(row.Id).unwrap();
              toast.success(t('events.list.deleted'));
            } catch (error) {
              toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
            }
          },
        }}
      />
    </span>
  );
}

/**
 * /events (spec 2 §2 "Event list"): the events as a tree (sub-events under their main event), 10
 * main events a page, newest start first, with search; Titel, Type, Sted, Start, Tilmeldingsfrist;
 * the title and 'Rediger' open the editor, 'Handlinger' deletes; 'Opret arrangement'.
 */
export function EventsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const title = t('events.list.title');
  const dateTime = (value: string) => <DateTime value={value} pattern={DATE_TIME_PATTERN} />;
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{title}</h1>
        <div className="tb-page-actions">
          <Link to={eventPath(NEW_ID)} className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('events.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <SearchInput label={t('table.search')} onSearch={setSearch} />
      </div>
      <TreeTable<EventRow>
        label={title}
        endpoint={EVENTS_LIST_ENDPOINT}
        tag={EVENT_TAG}
        childrenField="children"
        defaultSort={DEFAULT_SORT}
        filter={{ search }}
        columns={[
          {
            field: 'Title',
            header: t('events.columns.title'),
            sortable: true,
            body: (row) => (
              <>
                <Link to={eventPath(row.Id)}>{row.Title}</Link>
                {row.Cancelled && <CancelledBadge />}
              </>
            ),
          },
          { field: 'Type', header: t('events.columns.type'), sortable: true },
          { field: 'Location', header: t('events.columns.location'), sortable: true },
          {
            field: 'StartDate',
            header: t('events.columns.startDate'),
            sortable: true,
            body: (row) => dateTime(row.StartDate),
          },
          {
            field: 'SignUpDeadline',
            header: t('events.columns.signUpDeadline'),
            body: (row) => dateTime(row.SignUpDeadline),
          },
          {
            field: 'actions',
            header: t('table.actions'),
            body: (row) => <EventRowActions row={row} />,
          },
        ]}
      />
    </section>
  );
}
