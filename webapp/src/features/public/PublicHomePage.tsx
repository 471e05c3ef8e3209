import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { EventCardView } from './EventCardView';
import { useGetEventCardsQuery } from './publicApi';

const PROMOTED_LIMIT = 2;
const UPCOMING_LIMIT = 12;

function EventSection({
  title,
  promoted,
  limit,
}: {
  title: string;
  promoted: boolean;
  limit: number;
}) {
  const { t } = useTranslation();
  const { data: events = [], isLoading } = useGetEventCardsQuery({ promoted, limit });
  return (
    <section className="tb-event-section" aria-label={title}>
      <h2>{title}</h2>
      {!isLoading && events.length === 0 ? (
        <p>{t('public.home.empty')}</p>
      ) : (
        <div className="tb-event-grid">
          {events.map((event) => (
            <EventCardView key={event.id} event={event} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The public front page: promoted and upcoming events when the club has the events module. */
export function PublicHomePage() {
  const { t } = useTranslation();
  const { client, modules } = useAppSession();
  const hasEvents = modules.some((module) => module.alias === 'events');
  return (
    <div className="tb-page">
      <h1>{client?.name ?? t('public.home.welcome')}</h1>
      {!client && <p>{t('public.home.chooseClub')}</p>}
      {client && hasEvents && (
        <>
          <EventSection title={t('public.home.promoted')} promoted limit={PROMOTED_LIMIT} />
          <EventSection title={t('public.home.upcoming')} promoted={false} limit={UPCOMING_LIMIT} />
        </>
      )}
    </div>
  );
}
