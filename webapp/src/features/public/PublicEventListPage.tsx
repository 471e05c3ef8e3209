import { useTranslation } from 'react-i18next';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { EventCardView } from './EventCardView';
import { useGetEventCardsQuery } from './publicApi';

/** As many upcoming events as the list shows (spec 2 §2 "Public routes": /events). */
export const EVENT_LIST_LIMIT = 100;

/** /events in public mode: the club's upcoming events as cards, each linking to its page. */
export function PublicEventListPage() {
  const { t } = useTranslation();
  const { data: events, isError } = useGetEventCardsQuery({
    promoted: false,
    limit: EVENT_LIST_LIMIT,
  });
  return (
    <section className="tb-page" aria-labelledby="public-events-title">
      <h1 id="public-events-title">{t('public.events.title')}</h1>
      {isError && <Alert severity="error">{t('public.events.failed')}</Alert>}
      {!events && !isError && <Preloader label={t('common.loading')} />}
      {events?.length === 0 && <p>{t('public.events.empty')}</p>}
      {events && events.length > 0 && (
        <div className="tb-event-grid">
          {events.map((event) => (
            <EventCardView key={event.id} event={event} />
          ))}
        </div>
      )}
    </section>
  );
}
