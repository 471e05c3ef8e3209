import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../api/listTypes';
import { ListPage } from '../../shared/ui/ListPage';
import { EVENT_TAG } from '../../shared/events/eventsApi';
import { EVENT_TYPES_PATH } from '../../shared/events/paths';
import type { EventTypeRow } from '../../shared/events/types';
import { EVENT_TYPES_LIST_ENDPOINT, useDeleteEventTypeMutation } from './eventEditorApi';

/** Spec 2 §9: by title. */
const DEFAULT_SORT: ListSort = { field: 'Title', dir: 'asc' };

/**
 * /events/types (spec 2 §2 "Event type list"): the types by title, 10 a page, with title search;
 * each row 'Rediger' and 'Slet' ('Er du sikker på at du vil slette denne type?'); 'Opret type'.
 * Types have no sub-types, so the list is the plain server-paged table.
 */
export function EventTypesPage() {
  const { t } = useTranslation();
  const [remove] = useDeleteEventTypeMutation();
  return (
    <ListPage<EventTypeRow>
      title={t('events.types.title')}
      createLabel={t('events.types.create')}
      basePath={EVENT_TYPES_PATH}
      endpoint={EVENT_TYPES_LIST_ENDPOINT}
      tag={EVENT_TAG}
      defaultSort={DEFAULT_SORT}
      rowName={(row) => row.Title}
      deleteMessage={t('events.types.confirmDelete')}
      deletedMessage={t('events.types.deleted')}
      onDelete={(id) => remove(id).unwrap()}
      columns={[{ field: 'Title', header: t('events.columns.title'), sortable: true }]}
    />
  );
}
