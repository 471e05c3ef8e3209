import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_START_PATTERN, formatDate } from '../../shared/format';
import { DashboardWidget } from './DashboardWidget';
import { useGetHomeEventsQuery } from './dashboardApi';
import type { EventsWidgetSettings } from './types';

/**
 * DashEvents, the home events widget (spec 1 §2: "takes a promoted flag and a limit"): the club's
 * next events, soonest first, each linking to its editor. The club sets the flag and the limit in
 * 'Indstillinger' › 'Forside'.
 */
export function EventsWidget({ settings }: { settings: EventsWidgetSettings }) {
  const { t } = useTranslation();
  const { data: events = [], isLoading } = useGetHomeEventsQuery(settings);
  const title = settings.promoted
    ? t('dashboard.events.promotedTitle')
    : t('dashboard.events.title');
  return (
    <DashboardWidget title={title}>
      {isLoading ? null : events.length === 0 ? (
        <p>{t('dashboard.events.empty')}</p>
      ) : (
        <ul className="tb-dashboard-events" aria-label={title}>
          {events.map((event) => (
            <li key={event.id}>
              <Link to={`/events/${event.id}`}>{event.title}</Link>
              <span>{formatDate(event.startDate, EVENT_START_PATTERN)}</span>
              {event.location && <span>{event.location}</span>}
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className="tb-dashboard-more">
        {t('dashboard.events.all')}
      </Link>
    </DashboardWidget>
  );
}
