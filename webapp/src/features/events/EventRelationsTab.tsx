import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_TIME_PATTERN } from '../../shared/format';
import { DateTime } from '../../shared/ui/DateTime';
import { Section } from '../../shared/ui/Section';
import { useGetEventQuery } from './eventsApi';
import { eventPath, newSubEventPath } from './paths';
import type { EventDto } from './types';

/** The main event of a sub-event, by its title once read. */
function ParentLink({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const parent = useGetEventQuery(parentId).data;
  return (
    <p>
      {t('events.relations.parent')}:{' '}
      <Link to={eventPath(parentId)}>{parent?.title ?? t('common.loading')}</Link>
    </p>
  );
}

/**
 * Relationer (tab 70, a saved event): the main event of a sub-event, and the sub-events of a main
 * event with 'Opret underarrangement' (sub-events have none of their own).
 */
export function EventRelationsTab({ event }: { event: EventDto & { id: string } }) {
  const { t } = useTranslation();
  const title = t('events.relations.subEvents');
  return (
    <div className="tb-stack">
      {event.parentId && (
        <Section title={t('events.relations.parentTitle')}>
          <ParentLink parentId={event.parentId} />
        </Section>
      )}
      {!event.parentId && (
        <Section
          title={title}
          actions={
            <Link to={newSubEventPath(event.id)} className="p-button p-component p-button-outlined">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>{t('events.relations.createSubEvent')}</span>
            </Link>
          }
        >
          {event.subEvents.length === 0 ? (
            <p>{t('events.relations.noSubEvents')}</p>
          ) : (
            <ul className="tb-stack" aria-label={title}>
              {event.subEvents.map((subEvent) => (
                <li key={subEvent.id}>
                  <Link to={eventPath(subEvent.id)}>{subEvent.title}</Link>{' '}
                  <DateTime value={subEvent.startDate} pattern={DATE_TIME_PATTERN} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </div>
  );
}
