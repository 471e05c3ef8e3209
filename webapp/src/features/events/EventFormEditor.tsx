import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AggregateEditor, type WriteFailed } from '../../shared/editor/AggregateEditor';
import { useTimeZone } from '../../shared/ui/DateTime';
import { Tabs, shownTab, useTabParam, type TabDefinition } from '../../shared/ui/Tabs';
import { type EventFormKind, type EventFormValues } from '../../shared/events/eventForm';
import { EVENT_TAB, TICKETS_TAB } from '../../shared/events/eventTabs';
import { EVENTS_PATH, EVENT_TYPES_PATH, eventPath, eventTypePath } from '../../shared/events/paths';
import type { EventDto, EventTypeDto } from '../../shared/events/types';
import { EventDetailsTab } from './EventDetailsTab';
import {
  eventFieldOf,
  eventFiles,
  eventFormValues,
  eventPayload,
  eventSchema,
  eventTypePayload,
  tabOfErrors,
} from './eventSchema';
import { useSaveEventMutation, useSaveEventTypeMutation } from './eventEditorApi';
import { EventTicketsTab } from './EventTicketsTab';

/** An event (all its dates and its type required) or a type (only the title), as read. */
type EditedEvent =
  | { kind: 'event'; entity: EventDto; reload: () => Promise<EventDto> }
  | { kind: 'type'; entity: EventTypeDto; reload: () => Promise<EventTypeDto> };

interface EventFormTabsProps {
  kind: EventFormKind;
  /** Changes when the form is read or filled again: the text editors start over. */
  editorKey: string;
  /** A new event: a chosen type fills the form. */
  onTypeChosen?: (typeId: string) => void;
  /** The kind's own tabs, after Arrangement and Billetter. */
  kindTabs: (values: EventFormValues) => TabDefinition[];
}

type EventFormEditorProps = EditedEvent &
  EventFormTabsProps & {
    /** Beside the heading. */
    badge?: ReactNode;
    /** Before 'Gem'. */
    actions?: (failed: WriteFailed) => ReactNode;
  };

/** Arrangement (10) and Billetter (20, with tickets), then the kind's own tabs. */
function eventFormTabs(
  { kind, editorKey, onTypeChosen, kindTabs }: EventFormTabsProps,
  values: EventFormValues,
  t: TFunction,
): TabDefinition[] {
  return [
    {
      key: EVENT_TAB,
      label: t('events.tabs.event'),
      content: <EventDetailsTab kind={kind} editorKey={editorKey} onTypeChosen={onTypeChosen} />,
    },
    {
      key: TICKETS_TAB,
      label: t('events.tabs.tickets'),
      visible: values.hasTickets,
      content: <EventTicketsTab />,
    },
    ...kindTabs(values),
  ];
}

function EventFormTabs({
  tab,
  setTab,
  ...props
}: EventFormTabsProps & { tab: number; setTab: (key: number) => void }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<EventFormValues>();
  return <Tabs activeKey={tab} onTabChange={setTab} tabs={eventFormTabs(props, values, t)} />;
}

/** The list a kind's editor goes back to, its pages, and what its editor says. */
function kindEditor(kind: EventFormKind, t: TFunction) {
  return kind === 'event'
    ? {
        listPath: EVENTS_PATH,
        pathOf: eventPath,
        createTitle: t('events.editor.createTitle'),
        label: t('events.editor.label'),
        created: t('events.messages.created'),
        saved: t('events.messages.saved'),
      }
    : {
        listPath: EVENT_TYPES_PATH,
        pathOf: eventTypePath,
        createTitle: t('events.types.createTitle'),
        label: t('events.types.editorLabel'),
        created: t('events.types.created'),
        saved: t('events.types.saved'),
      };
}

/**
 * The event form on its editor page, for an event and for a type alike: times in the user's time
 * zone; the heading is the title, or 'Opret …' for a new one; 'Tilbage' goes to the kind's list;
 * 'Gem' saves the form with its files at the version it was read at; a failed submit shows the tab
 * with the first message. Below the heading, the tabs.
 */
export function EventFormEditor(props: EventFormEditorProps) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [tab, setTab] = useTabParam(EVENT_TAB);
  const [saveEvent] = useSaveEventMutation();
  const [saveType] = useSaveEventTypeMutation();
  const schema = useMemo(() => eventSchema(t, props.kind), [t, props.kind]);
  const formValues = useCallback(
    (read: EventDto | EventTypeDto) => eventFormValues(read, timeZone),
    [timeZone],
  );
  const { listPath, pathOf, createTitle, label, created, saved } = kindEditor(props.kind, t);

  const save = (values: EventFormValues) => {
    const files = eventFiles(values);
    return props.kind === 'event'
      ? saveEvent({ event: eventPayload(props.entity, values, timeZone), files }).unwrap()
      : saveType({ type: eventTypePayload(props.entity, values, timeZone), files }).unwrap();
  };

  return (
    <AggregateEditor<EventDto | EventTypeDto, EventFormValues>
      entity={props.entity}
      reload={props.reload}
      formValues={formValues}
      schema={schema}
      save={save}
      fieldOf={eventFieldOf}
      listPath={listPath}
      pathOf={pathOf}
      texts={{
        title: props.entity.id ? props.entity.title : createTitle,
        label,
        created,
        saved,
        conflict: t('events.errors.conflict'),
        unknown: t('events.errors.unknown'),
      }}
      className="tb-page"
      struck={false}
      badge={props.badge}
      // 'Gem' is not offered on a tab that saves nothing (Billetsalg).
      canSave={(values) => !shownTab(eventFormTabs(props, values, t), tab)?.hideSave}
      onInvalid={(errors) => setTab(tabOfErrors(Object.keys(errors).map(eventFieldOf), props.kind))}
      actions={props.actions}
    >
      {() => (
        <EventFormTabs
          kind={props.kind}
          editorKey={props.editorKey}
          onTypeChosen={props.onTypeChosen}
          kindTabs={props.kindTabs}
          tab={tab}
          setTab={setTab}
        />
      )}
    </AggregateEditor>
  );
}
