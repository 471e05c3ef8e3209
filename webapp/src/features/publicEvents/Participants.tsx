import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicParticipants } from '../../api/generated/booking';

/**
 * 'Deltagere': who comes, when the event shows its participants (the server sends them only
 * then) — companies by name, then people by name, and how many more a long list leaves out.
 * Nothing while nobody comes, or when the event does not show them.
 */
export function Participants({ participants }: { participants: PublicParticipants | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!participants || participants.list.length === 0) return null;
  return (
    <section className="tb-public-event-participants" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('publicEvents.participants.title')}</h2>
      <ul>
        {participants.list.map((participant) => (
          <li key={`${participant.company ? 'c' : 'p'}:${participant.name}`}>
            {participant.company && <i className="pi pi-building" aria-hidden="true" />}
            {participant.name}
          </li>
        ))}
      </ul>
      {participants.more > 0 && (
        <p>{t('publicEvents.participants.more', { count: participants.more })}</p>
      )}
    </section>
  );
}
