import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { apiErrorMessage } from '../../api/baseApi';
import { CommentsCard } from '../../shared/comments/CommentsCard';
import { useGetCommentsQuery } from '../../shared/comments/commentsApi';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { useEventEditorParts, type EventEditorParts } from '../../shared/events/eventEditorParts';
import { useGetEventQuery } from '../../shared/events/eventsApi';
import {
  ATTENDEES_TAB,
  INVITATIONS_TAB,
  NOTES_TAB,
  POS_TAB,
  RELATIONS_TAB,
  SEATING_TAB,
  TABLE_PLAN_TAB,
} from '../../shared/events/eventTabs';
import { EVENTS_PATH, NEW_ID, eventPath } from '../../shared/events/paths';
import type { EventDto, EventSender } from '../../shared/events/types';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { AttendeesTab } from './AttendeesTab';
import { CancelledBadge, SubEventBadge } from './EventBadges';
import { EVENT_COMMENT_ORIGIN } from './eventComments';
import { useCancelEventMutation, useLazyGetEventTypeQuery } from './eventEditorApi';
import { EventFormEditor } from './EventFormEditor';
import { EventRelationsTab } from './EventRelationsTab';
import { eventFromType, newEvent } from './eventSchema';
import { SeatOverviewTab } from './SeatOverviewTab';

interface EventEditorProps {
  /** The other areas' tabs: the table plan, the invitations and the point of sale. */
  parts: EventEditorParts;
  /** As read, or a new one (no id; maybe filled from a type). */
  event: EventDto;
  /** Reads the saved event again and returns it. */
  reload: () => Promise<EventDto>;
  /** A new event: a chosen type fills the form. */
  onTypeChosen?: (typeId: string) => void;
  /** Changes when the form is filled from a type. */
  filledFrom?: string;
}

/**
 * 'Aflys arrangement' (issue 40 §4), once confirmed: the event is cancelled at once, and its
 * orders are cancelled, paid cards refunded and the buyers told by mail in the background.
 */
function CancelEventButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [cancelEvent, { isLoading }] = useCancelEventMutation();
  return (
    <ConfirmButton
      label={t('events.cancel.button')}
      icon="pi pi-ban"
      severity="danger"
      outlined
      loading={isLoading}
      message={t('events.cancel.confirm')}
      onConfirm={async () => {
        try {
          await cancelEvent(eventId).unwrap();
          toast.success(t('events.cancel.done'));
        } catch (error) {
          toast.error(apiErrorMessage(error) ?? t('events.cancel.failed'));
        }
      }}
    />
  );
}

/**
 * The event form with, once saved, Planoversigt (30, when it was saved with seating and a chart);
 * Bordplan (40, when it has tables: the cards' settings and, once saved, the tables); and, once
 * saved, Invitationer (50), Tilmeldte (60), Relationer (70), Noter (80, with the unread count) and,
 * when it was saved with tickets, Billetsalg (90, the point of sale, without 'Gem').
 */
function EventEditor({ parts, event, reload, onTypeChosen, filledFrom = '' }: EventEditorProps) {
  const { t } = useTranslation();
  const { TablePlanTab, TablesBoard, InvitationsTab, PosTab } = parts;
  const savedId = event.id;
  const commentOrigin = savedId ? EVENT_COMMENT_ORIGIN : null;
  const unread = useGetCommentsQuery(
    { entityId: savedId ?? '', skip: 0, relations: [] },
    { skip: !commentOrigin },
  ).data?.unread;
  // The overview is the server's, so it follows what was saved, not what the form holds.
  const seated = Boolean(savedId && event.hasSeating && event.seating?.chartId);
  const sellsAtDesk = Boolean(savedId && event.hasTickets);
  return (
    <EventFormEditor
      kind="event"
      entity={event}
      reload={reload}
      badge={
        <>
          {event.parentId && <SubEventBadge />}
          {event.cancelledAt && <CancelledBadge />}
        </>
      }
      actions={() =>
        savedId && !event.cancelledAt ? <CancelEventButton eventId={savedId} /> : null
      }
      editorKey={`${savedId ?? NEW_ID}-${event.version}-${filledFrom}`}
      onTypeChosen={onTypeChosen}
      kindTabs={() => [
        {
          key: SEATING_TAB,
          label: t('events.tabs.seating'),
          visible: seated,
          content: savedId && seated && <SeatOverviewTab eventId={savedId} />,
        },
        {
          key: TABLE_PLAN_TAB,
          label: t('events.tabs.tablePlan'),
          // Like the overview it follows what was saved: the tables are the saved event's.
          visible: event.hasTables,
          content: <TablePlanTab>{savedId && <TablesBoard eventId={savedId} />}</TablePlanTab>,
        },
        {
          key: INVITATIONS_TAB,
          label: t('events.tabs.invitations'),
          visible: Boolean(savedId),
          // An invite's products are the saved event's ticket products.
          content: savedId && (
            <InvitationsTab eventId={savedId} ticketProducts={event.tickets.products} />
          ),
        },
        {
          key: ATTENDEES_TAB,
          label: t('events.tabs.attendees'),
          visible: Boolean(savedId),
          content: savedId && <AttendeesTab eventId={savedId} eventTitle={event.title} />,
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
        {
          key: POS_TAB,
          label: t('events.tabs.pos'),
          // Like the overview it follows what was saved: the desk sells the saved tickets.
          visible: sellsAtDesk,
          hideSave: true,
          content: savedId && sellsAtDesk && <PosTab eventId={savedId} />,
        },
      ]}
    />
  );
}

/**
 * A new event ('create', a sub-event with ?parentId=): it starts empty with the club as sender;
 * choosing a type fills the form from the type's template (spec 2 §4).
 */
function NewEventEditor({ parts, parentId }: { parts: EventEditorParts; parentId: string | null }) {
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
      parts={parts}
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
  // The other areas' tabs come with their own code, fetched beside the read.
  const parts = useEventEditorParts();

  const parentId = params.get('parentId');
  if (!parts) return <Preloader label={t('common.loading')} />;
  if (isNew) return <NewEventEditor key={parentId ?? NEW_ID} parts={parts} parentId={parentId} />;
  const event = existing.data;
  if (!event || existing.isError) return <Preloader label={t('common.loading')} />;
  return (
    <EventEditor key={id} parts={parts} event={event} reload={() => existing.refetch().unwrap()} />
  );
}
