import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_START_PATTERN } from '../../shared/format';
import { DateTime } from '../../shared/ui/DateTime';
import type { EventCard } from './types';

/** Banner, location, start ('DD kl. HH:mm'), title, description and 'Se mere'. */
export function EventCardView({ event }: { event: EventCard }) {
  const { t } = useTranslation();
  return (
    <article className="tb-event-card p-card" aria-labelledby={`event-${event.id}`}>
      {event.banner && <img src={event.banner} alt="" className="tb-event-banner" loading="lazy" />}
      <div className="tb-event-body">
        <p className="tb-event-meta">
          {event.location && (
            <span>
              <i className="pi pi-map-marker" aria-hidden="true" /> {event.location}
            </span>
          )}
          <span>
            <i className="pi pi-calendar" aria-hidden="true" />{' '}
            <DateTime value={event.startDate} pattern={EVENT_START_PATTERN} />
          </span>
        </p>
        <h3 id={`event-${event.id}`}>{event.title}</h3>
        {event.cancelled && <p className="tb-event-cancelled">{t('public.home.cancelled')}</p>}
        {event.description && <p className="tb-event-description">{event.description}</p>}
        <Link
          to={`/events/${encodeURIComponent(event.url)}`}
          className="p-button p-component p-button-sm"
          aria-label={`${t('public.home.readMore')}: ${event.title}`}
        >
          {t('public.home.readMore')}
        </Link>
      </div>
    </article>
  );
}
