import { useTranslation } from 'react-i18next';
import { INVITE_EVENT_TYPES, type InviteRecord } from '../../api/generated/records';
import { AggregateHistoryTab, type HistoryFields } from '../../shared/history/AggregateHistoryTab';
import { AsOfFacts, named, useAsOfTime } from '../../shared/history/AsOfSummary';

const INVITE_FIELDS: HistoryFields = { money: [], percent: [], labelKeys: {}, values: () => ({}) };

/** An invite as it was after one event: read-only, its records named. */
function InviteAsOf({
  state,
  names,
}: {
  state: Partial<InviteRecord>;
  names: Record<string, string>;
}) {
  const { t } = useTranslation();
  const when = useAsOfTime();
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
