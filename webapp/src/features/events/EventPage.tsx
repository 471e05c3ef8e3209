import { useFormikContext } from 'formik';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { AggregateEditor } from '../../shared/editor/AggregateEditor';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { useTimeZone } from '../../shared/ui/DateTime';
import { Preloader } from '../../shared/ui/Preloader';
import { Tabs, useTabParam } from '../../shared/ui/Tabs';
import { useToast } from '../../shared/ui/Toast';
import { SubEventBadge } from './EventBadges';
import { EVENT_COMMENT_ORIGIN } from './eventComments';
import { EventDetailsTab } from './EventDetailsTab';
import { EventRelationsTab } from './EventRelationsTab';
import {
  eventFieldOf,
  eventFiles,
  eventFormValues,
  eventFromType,
  eventPayload,
  eventSchema,
  newEvent,
  tabOfErrors,
  type EventFormValues,
} from './eventSchema';
import { useGetEventQuery, useLazyGetEventTypeQuery, useSaveEventMutation } from './eventsApi';
import { EVENT_TAB, NOTES_TAB, RELATIONS_TAB, TICKETS_TAB } from './eventTabs';
import { EventTicketsTab } from './EventTicketsTab';
import { EVENTS_PATH, NEW_ID, eventPath } from './paths';
import type { EventDto, EventSender } from './types';

interface EventTabsProps {
  event: EventDto;
  tab: number;
  setTab: (key: number) => void;
  editorKey: string;
  onTypeChosen?: (typeId: string) => void;
}

/**
 * Arrangement (10), Billetter (20, with tickets), Relationer (70, once saved) and Noter (80, once
 * saved, with the unread count). The other tabs of spec 2 §2 come with later slices.
 */
function EventTabs({ event, tab, setTab, editorKey, onTypeChosen }: EventTabsProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  const savedId = event.id;
  const commentOrigin = savedId ? EVENT_COMMENT_ORIGIN : null;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !commentOrigin },
  ).data?.unread;
  return (
    <Tabs
      activeKey={tab}
      onTabChange={setTab}
      tabs={[
        {
          key: EVENT_TAB,
          label: t('events.tabs.event'),
          content: (
            <EventDetailsTab kind="event" editorKey={editorKey} onTypeChosen={onTypeChosen} />
          ),
        },
        {
          key: TICKETS_TAB,
          label: t('events.tabs.tickets'),
          visible: values.hasTickets,
          content: <EventTicketsTab />,
        },
        {
          key: RELATIONS_TAB,
          label: t('events.tabs.relations'),
          visible: Boolean(savedId),
          content: savedId && <EventRelationsTab event={{ ...event, id: savedId }} />,
        },
        {
          key: NOTES_TAB,
          label: t('events.tabs.notes'),
          visible: Boolean(savedId && commentOrigin),
          badge: unread ? unread : undefined,
          content: savedId && commentOrigin && (
            <CommentsCard
              entityId={savedId}
              originType={commentOrigin}
              originUrl={eventPath(savedId)}
            />
          ),
        },
      ]}
    />
  );
}

interface EventEditorProps {
  /** As read, or a new one (no id; maybe filled from a type). */
  event: EventDto;
  /** Reads the saved event again and returns it. */
  reload: () => Promise<EventDto>;
  /** A new event: a chosen type fills the form. */
  onTypeChosen?: (typeId: string) => void;
  /** Changes when the form is filled from a type. */
  filledFrom?: string;
}

function EventEditor({ event, reload, onTypeChosen, filledFrom = '' }: EventEditorProps) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [tab, setTab] = useTabParam(EVENT_TAB);
  const [saveEvent] = useSaveEventMutation();
  const schema = useMemo(() => eventSchema(t, 'event'), [t]);
  const formValues = useCallback(
    (entity: EventDto) => eventFormValues(entity, timeZone),
    [timeZone],
  );
  const savedId = event.id;
  return (
    <AggregateEditor<EventDto, EventFormValues>
      entity={event}
      reload={reload}
      formValues={formValues}
      schema={schema}
      save={(values) =>
        saveEvent({
          event: eventPayload(event, values, timeZone),
          files: eventFiles(values),
        }).unwrap()
      }
      fieldOf={eventFieldOf}
      listPath={EVENTS_PATH}
      pathOf={eventPath}
      texts={{
        title: savedId ? event.title : t('events.editor.createTitle'),
        label: t('events.editor.label'),
        created: t('events.messages.created'),
        saved: t('events.messages.saved'),
        conflict: t('events.errors.conflict'),
        unknown: t('events.errors.unknown'),
      }}
      className="tb-page"
      struck={false}
      badge={event.parentId && <SubEventBadge />}
      canSave
      onInvalid={(errors) => setTab(tabOfErrors(Object.keys(errors).map(eventFieldOf)))}
    >
      {() => (
        <EventTabs
          event={event}
          tab={tab}
          setTab={setTab}
          editorKey={`${savedId ?? NEW_ID}-${event.version}-${filledFrom}`}
          onTypeChosen={onTypeChosen}
        />
      )}
    </AggregateEditor>
  );
}

/**
 * A new event ('create', a sub-event with ?parentId=): it starts empty with the club as sender;
 * choosing a type fills the form from the type's template (spec 2 §4).
 */
function NewEventEditor({ parentId }: { parentId: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { client } = useAppSession();
  const [loadType] = useLazyGetEventTypeQuery();
  const [fromType, setFromType] = useState<EventDto | null>(null);
  const clubSender = useMemo<EventSender>(
    () => ({ name: client?.name ?? '', email: client?.email ?? '' }),
    [client?.name, client?.email],
  );
  const blank = useMemo(() => newEvent(parentId, clubSender), [parentId, clubSender]);
  const event = fromType ?? blank;
  const chooseType = useCallback(
    async (typeId: string) => {
      try {
        const template = await loadType(typeId, true).unwrap();
        const filled = eventFromType(template, typeId, parentId);
        const hasSender = filled.sender.name.trim() !== '' || filled.sender.email.trim() !== '';
        setFromType(hasSender ? filled : { ...filled, sender: clubSender });
      } catch (error) {
        toast.error(apiErrorMessage(error) ?? t('events.errors.typeFailed'));
      }
    },
    [loadType, parentId, clubSender, toast, t],
  );
  return (
    <EventEditor
      event={event}
      reload={() => Promise.resolve(event)}
      onTypeChosen={chooseType}
      filledFrom={fromType?.typeId ?? ''}
    />
  );
}

/**
 * /events/{id} ('create' = new; '?parentId=' makes a sub-event): heading with 'Underarrangement'
 * for a sub-event, 'Tilbage' and 'Gem', and the tabs. A failed load goes back to the list.
 */
export function EventPage() {
  const { t } = useTranslation();
  const { id = NEW_ID } = useParams();
  const [params] = useSearchParams();
  const isNew = id === NEW_ID;
  const existing = useGetEventQuery(id, { skip: isNew });
  useLeaveWhenLoadFails(existing, t('events.errors.loadFailed'), EVENTS_PATH);

  const parentId = params.get('parentId');
  if (isNew) return <NewEventEditor key={parentId ?? NEW_ID} parentId={parentId} />;
  const event = existing.data;
  if (!event || existing.isError) return <Preloader label={t('common.loading')} />;
  return <EventEditor key={id} event={event} reload={() => existing.refetch().unwrap()} />;
}
