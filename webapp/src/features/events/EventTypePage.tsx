import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { WriteFailed } from '../../shared/editor/AggregateEditor';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { useEventEditorParts, type EventEditorParts } from '../../shared/events/eventEditorParts';
import {
  RELATIONS_TAB,
  TYPE_INVITATIONS_TAB,
  TYPE_TABLE_PLAN_TAB,
} from '../../shared/events/eventTabs';
import { EVENT_TYPES_PATH, NEW_ID } from '../../shared/events/paths';
import type { EventTypeDto } from '../../shared/events/types';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useDeleteEventTypeMutation, useGetEventTypeQuery } from './eventEditorApi';
import { EventFormEditor } from './EventFormEditor';
import { EventTypeRelationsTab } from './EventTypeRelationsTab';
import { newEventType } from './eventSchema';

/** 'Slet' of a saved type, after 'Er du sikker på at du vil slette denne type?'. */
function DeleteTypeButton({ id, failed }: { id: string; failed: WriteFailed }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [deleteType, { isLoading }] = useDeleteEventTypeMutation();
  return (
    <ConfirmButton
      outlined
      severity="danger"
      icon="pi pi-trash"
      label={t('table.delete')}
      loading={isLoading}
      message={t('events.types.confirmDelete')}
      onConfirm={async () => {
        try {
          await deleteType(id).unwrap();
          toast.success(t('events.types.deleted'));
          navigate(EVENT_TYPES_PATH, { replace: true });
        } catch (error) {
          await failed(error);
        }
      }}
    />
  );
}

/** The event form with Bordplan (30, with tables), Invitationer (40) and Relationer (70, saved). */
function EventTypeEditor({
  parts: { TablePlanTab, InviteesCard },
  type,
  reload,
}: {
  /** The other areas' tabs: the table plan and the invitations. */
  parts: EventEditorParts;
  type: EventTypeDto;
  reload: () => Promise<EventTypeDto>;
}) {
  const { t } = useTranslation();
  const savedId = type.id;
  return (
    <EventFormEditor
      kind="type"
      entity={type}
      reload={reload}
      actions={(failed) => savedId && <DeleteTypeButton id={savedId} failed={failed} />}
      editorKey={`${savedId ?? NEW_ID}-${type.version}`}
      kindTabs={(values) => [
        {
          key: TYPE_TABLE_PLAN_TAB,
          label: t('events.tabs.tablePlan'),
          visible: values.hasTables,
          content: <TablePlanTab />,
        },
        {
          key: TYPE_INVITATIONS_TAB,
          label: t('events.tabs.invitations'),
          content: <InviteesCard kind="type" />,
        },
        {
          key: RELATIONS_TAB,
          label: t('events.tabs.relations'),
          // As on an event, not while creating.
          visible: Boolean(savedId),
          content: <EventTypeRelationsTab events={type.events} />,
        },
      ]}
    />
  );
}

/**
 * /events/types/{id} ('create' = new): the event form a type fills in new events, with 'Gem' and
 * (once saved) 'Slet'. Only the title is required. A failed load goes back to the list.
 */
export function EventTypePage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const isNew = id === NEW_ID;
  const existing = useGetEventTypeQuery(id, { skip: isNew });
  useLeaveWhenLoadFails(existing, t('events.types.loadFailed'), EVENT_TYPES_PATH);
  const blank = useMemo(() => newEventType(), []);
  // The other areas' tabs come with their own code, fetched beside the read.
  const parts = useEventEditorParts();

  const type = isNew ? blank : existing.data;
  if (!parts || !type || (!isNew && existing.isError)) {
    return <Preloader label={t('common.loading')} />;
  }
  return (
    <EventTypeEditor
      key={type.id ?? NEW_ID}
      parts={parts}
      type={type}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
