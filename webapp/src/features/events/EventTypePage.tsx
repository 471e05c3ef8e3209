import { useFormikContext } from 'formik';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AggregateEditor, type WriteFailed } from '../../shared/editor/AggregateEditor';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { useTimeZone } from '../../shared/ui/DateTime';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import { EventDetailsTab } from './EventDetailsTab';
import {
  eventFieldOf,
  eventFiles,
  eventFormValues,
  eventSchema,
  eventTypePayload,
  newEventType,
  tabOfErrors,
  type EventFormValues,
} from './eventSchema';
import {
  useDeleteEventTypeMutation,
  useGetEventTypeQuery,
  useSaveEventTypeMutation,
} from './eventsApi';
import { EVENT_TAB, TICKETS_TAB, TYPE_TABLE_PLAN_TAB } from './eventTabs';
import { EventTicketsTab } from './EventTicketsTab';
import { EVENT_TYPES_PATH, NEW_ID, eventTypePath } from './paths';
import { TablePlanTab } from './TablePlanTab';
import type { EventTypeDto } from './types';

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

/** Arrangement (10), Billetter (20, with tickets) and Bordplan (30, with tables). */
function EventTypeTabs({
  tab,
  setTab,
  editorKey,
}: {
  tab: number;
  setTab: (key: number) => void;
  editorKey: string;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  return (
    <Tabs
      activeKey={tab}
      onTabChange={setTab}
      tabs={[
        {
          key: EVENT_TAB,
          label: t('events.tabs.event'),
          content: <EventDetailsTab kind="type" editorKey={editorKey} />,
        },
        {
          key: TICKETS_TAB,
          label: t('events.tabs.tickets'),
          visible: values.hasTickets,
          content: <EventTicketsTab />,
        },
        {
          key: TYPE_TABLE_PLAN_TAB,
          label: t('events.tabs.tablePlan'),
          visible: values.hasTables,
          content: <TablePlanTab />,
        },
      ]}
    />
  );
}

function EventTypeEditor({
  type,
  reload,
}: {
  type: EventTypeDto;
  reload: () => Promise<EventTypeDto>;
}) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [tab, setTab] = useTabParam(EVENT_TAB);
  const [saveType] = useSaveEventTypeMutation();
  const schema = useMemo(() => eventSchema(t, 'type'), [t]);
  const formValues = useCallback(
    (entity: EventTypeDto) => eventFormValues(entity, timeZone),
    [timeZone],
  );
  const savedId = type.id;
  return (
    <AggregateEditor<EventTypeDto, EventFormValues>
      entity={type}
      reload={reload}
      formValues={formValues}
      schema={schema}
      save={(values) =>
        saveType({
          type: eventTypePayload(type, values, timeZone),
          files: eventFiles(values),
        }).unwrap()
      }
      fieldOf={eventFieldOf}
      listPath={EVENT_TYPES_PATH}
      pathOf={eventTypePath}
      texts={{
        title: savedId ? type.title : t('events.types.createTitle'),
        label: t('events.types.editorLabel'),
        created: t('events.types.created'),
        saved: t('events.types.saved'),
        conflict: t('events.errors.conflict'),
        unknown: t('events.errors.unknown'),
      }}
      className="tb-page"
      struck={false}
      canSave
      onInvalid={(errors) => setTab(tabOfErrors(Object.keys(errors).map(eventFieldOf)))}
      actions={(failed) => savedId && <DeleteTypeButton id={savedId} failed={failed} />}
    >
      {() => (
        <EventTypeTabs
          tab={tab}
          setTab={setTab}
          editorKey={`${savedId ?? NEW_ID}-${type.version}`}
        />
      )}
    </AggregateEditor>
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

  const type = isNew ? blank : existing.data;
  if (!type || (!isNew && existing.isError)) return <Preloader label={t('common.loading')} />;
  return (
    <EventTypeEditor
      key={type.id ?? NEW_ID}
      type={type}
      reload={() => existing.refetch().unwrap()}
    />
  );
}
