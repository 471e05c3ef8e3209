import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  INVITE_EVENT_TYPES,
  TICKET_EVENT_TYPES,
  type InviteRecord,
  type TicketRecord,
} from '../../api/generated/records';
import { DATE_TIME_PATTERN, formatDate } from '../../shared/format';
import { AggregateHistoryTab, type HistoryFields } from '../../shared/history/AggregateHistoryTab';
import { AsOfFacts, named } from '../../shared/history/AsOfSummary';
import { useTimeZone } from '../../shared/ui/DateTime';

const TICKET_FIELDS: HistoryFields = {
  money: [],
  percent: [],
  labelKeys: {},
  values: (t: TFunction) => ({
    status: {
      issued: t('events.attendees.status.issued'),
      voided: t('events.attendees.status.voided'),
    },
  }),
};

const INVITE_FIELDS: HistoryFields = { money: [], percent: [], labelKeys: {}, values: () => ({}) };

function useWhen() {
  const timeZone = useTimeZone();
  return (value: string | null | undefined) =>
    value ? formatDate(value, DATE_TIME_PATTERN, timeZone) : '–';
}

/** A ticket as it was after one event: read-only. */
function TicketAsOf({ state }: { state: Partial<TicketRecord> }) {
  const { t } = useTranslation();
  const when = useWhen();
  const place = [state.section, state.row, state.seatNumber].filter(Boolean).join(' · ');
  return (
    <AsOfFacts
      facts={[
        {
          term: t('history.fields.status'),
          value: state.status ? t(`events.attendees.status.${state.status}`) : '–',
        },
        { term: t('history.fields.number'), value: state.number ?? '–' },
        { term: t('history.fields.name'), value: state.name || '–' },
        { term: t('history.fields.companyName'), value: state.companyName || '–' },
        { term: t('history.fields.productTitle'), value: state.productTitle || '–' },
        { term: t('events.attendees.columns.place'), value: place || '–' },
        { term: t('history.fields.issuedAt'), value: when(state.issuedAt) },
        { term: t('history.fields.scannedAt'), value: when(state.scannedAt) },
        { term: t('history.fields.voidedAt'), value: when(state.voidedAt) },
        { term: t('history.fields.voidReason'), value: state.voidReason || '–' },
      ]}
    />
  );
}

/** Historik of one ticket: who issued, scanned, renamed or voided it, and when. */
export function TicketHistory({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<TicketRecord>
      aggregateType="ticket"
      id={ticketId}
      eventTypes={TICKET_EVENT_TYPES}
      eventsKey="events.attendees.history.events"
      fields={TICKET_FIELDS}
      asOfHeading={(sequence) => t('events.attendees.history.asOfHeading', { sequence })}
      renderAsOf={(state) => <TicketAsOf state={state} />}
    />
  );
}

/** An invite as it was after one event: read-only, its records named. */
function InviteAsOf({
  state,
  names,
}: {
  state: Partial<InviteRecord>;
  names: Record<string, string>;
}) {
  const { t } = useTranslation();
  const when = useWhen();
  const products = (state.products ?? [])
    .map((product) => `${product.amount} × ${named(names, product.productId)}`)
    .join(', ');
  return (
    <AsOfFacts
      facts={[
        { term: t('history.fields.eventId'), value: named(names, state.eventId) },
        { term: t('history.fields.contactId'), value: named(names, state.contactId) },
        { term: t('history.fields.companyId'), value: named(names, state.companyId) },
        { term: t('history.fields.products'), value: products || '–' },
        { term: t('history.fields.sentAt'), value: when(state.sentAt) },
        { term: t('history.fields.booked'), value: state.booked ?? 0 },
        { term: t('history.fields.deletedAt'), value: when(state.deletedAt) },
      ]}
    />
  );
}

/** Historik of one invite: made, its products set, sent, booked through, deleted. */
export function InviteHistory({ inviteId }: { inviteId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<InviteRecord>
      aggregateType="invite"
      id={inviteId}
      eventTypes={INVITE_EVENT_TYPES}
      eventsKey="events.invites.history.events"
      fields={INVITE_FIELDS}
      asOfHeading={(sequence) => t('events.invites.history.asOfHeading', { sequence })}
      renderAsOf={(state, names) => <InviteAsOf state={state} names={names} />}
    />
  );
}
