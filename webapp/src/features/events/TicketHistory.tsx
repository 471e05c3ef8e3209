import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TICKET_EVENT_TYPES, type TicketRecord } from '../../api/generated/records';
import { AggregateHistoryTab, type HistoryFields } from '../../shared/history/AggregateHistoryTab';
import { AsOfFacts, useAsOfTime } from '../../shared/history/AsOfSummary';

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

/** A ticket as it was after one event: read-only. */
function TicketAsOf({ state }: { state: Partial<TicketRecord> }) {
  const { t } = useTranslation();
  const when = useAsOfTime();
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
