import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { isApiError } from '../../api/baseApi';
import type { PublicEvent, PublicSponsorGroup } from '../../api/generated/booking';
import { EVENT_START_PATTERN, formatDate } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { DateTime, useTimeZone } from '../../shared/ui/DateTime';
import { lazyPage } from '../../shared/areaRoutes';
import { Preloader } from '../../shared/ui/Preloader';
import { Participants } from './Participants';
import { InviteBanner, useBookingInvite } from './BookingInvite';
import { useLocalBooking } from './localBooking';
import { useGetPublicEventQuery } from './publicEventsApi';
import './publicEvents.css';
import { ServerHtml } from './ServerHtml';

// The wizard's and the confirmation's forms, tables and payment come after the event itself: on
// a slow phone the title and description show first (issue 36).
/** A signed-in user's season tickets for this event; a guest has none and loads none of it. */
const SeasonTicketsPanel = lazyPage(() =>
  import('./SeasonTicketsPanel').then((module) => module.SeasonTicketsPanel),
);
const BookingWizard = lazyPage(() => import('./BookingWizard').then((m) => m.BookingWizard), {
  primeReact: false,
});
const OrderConfirmation = lazyPage(() =>
  import('./OrderConfirmation').then((m) => m.OrderConfirmation),
);

/** 'Tilmelding åbner', 'Offentlig tilmelding' (when set) and 'Sidste tilmelding'. */
function SignUpDates({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const titleId = useId();
  const dates: [string, string | null][] = [
    ['signUpStart', event.signUpStart],
    ['signUpPublic', event.signUpPublic],
    ['signUpDeadline', event.signUpDeadline],
  ];
  return (
    <section className="tb-public-event-dates" aria-labelledby={titleId}>
      <h2 id={titleId} className="tb-visually-hidden">
        {t('publicEvents.dates.title')}
      </h2>
      <dl>
        {dates.map(
          ([key, value]) =>
            value && (
              <div key={key} className="tb-public-event-date">
                <dt>{t(`publicEvents.dates.${key}`)}</dt>
                <dd>
                  <DateTime value={value} pattern={EVENT_START_PATTERN} />
                </dd>
              </div>
            ),
        )}
      </dl>
    </section>
  );
}

/** The sponsors by sponsor type: each company's logo, or its name without one. */
function Sponsors({ groups }: { groups: PublicSponsorGroup[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="tb-public-event-sponsors" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('publicEvents.sponsors')}</h2>
      {groups.map((group) => (
        <section key={group.type} aria-label={group.type} className="tb-sponsor-group">
          <h3>{group.type}</h3>
          <ul className="tb-sponsor-logos">
            {group.companies.map((company) => (
              <li key={company.id}>
                {company.logo ? (
                  <img src={company.logo} alt={company.name} loading="lazy" />
                ) : (
                  <span>{company.name}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * The booking part of the page: the wizard while the sign-up is open (or open to the invited),
 * else when it opens or that it is closed; above it the event's words about its tickets and the
 * invitation the buyer came with.
 */
function SignUp({ event, userId }: { event: PublicEvent; userId: string | null }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const store = useLocalBooking(event.id, userId);
  const invitation = useBookingInvite(event, store);
  const titleId = useId();
  return (
    <section className="tb-public-event-signup" aria-labelledby={titleId}>
      <h2 id={titleId} className="tb-visually-hidden">
        {t('publicEvents.signUp.title')}
      </h2>
      {event.cancelled && <Alert severity="warn">{t('publicEvents.cancelled')}</Alert>}
      {!event.cancelled && event.signUp === 'notOpenYet' && (
        <Alert severity="info">
          {t('publicEvents.signUp.notOpenYet', {
            date: formatDate(event.signUpStart, EVENT_START_PATTERN, timeZone),
          })}
        </Alert>
      )}
      {!event.cancelled && event.signUp === 'closed' && (
        <Alert severity="info">{t('publicEvents.signUp.closed')}</Alert>
      )}
      {!event.cancelled && (event.signUp === 'open' || event.signUp === 'invitedOnly') && (
        <>
          <ServerHtml html={event.ticketDescription} className="tb-public-event-tickets" />
          <InviteBanner {...invitation} />
          <Suspense fallback={<Preloader label={t('common.loading')} />}>
            <BookingWizard event={event} store={store} invite={invitation.invite} />
          </Suspense>
        </>
      )}
    </section>
  );
}

function Confirmation({
  event,
  orderId,
  userId,
}: {
  event: PublicEvent;
  orderId: string;
  userId: string | null;
}) {
  const { t } = useTranslation();
  const store = useLocalBooking(event.id, userId);
  return (
    <Suspense fallback={<Preloader label={t('common.loading')} />}>
      <OrderConfirmation event={event} orderId={orderId} store={store} />
    </Suspense>
  );
}

/**
 * The public event page (spec 2 §2 "Public event page"): /events/{url}, and /events/{url}/{id}
 * with the confirmation of order {id} instead of the wizard. The title, place and start, the
 * banner, the holder's season tickets, the description, the sign-up dates, the booking, who comes
 * (when the event shows it) and the sponsors. An unknown event goes to the event list.
 */
export function PublicEventPage() {
  const { t } = useTranslation();
  // The events area's staff route names the slug 'id'; the confirmation's order is 'orderId'.
  const { id: url = '', orderId } = useParams();
  const { user } = useAppSession();
  const userId = user?.id ?? null;
  const query = useGetPublicEventQuery({ url, userId });

  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <Navigate to="/events" replace />;
    }
    return (
      <section className="tb-page tb-public-event">
        <Alert severity="error">{t('publicEvents.loadFailed')}</Alert>
      </section>
    );
  }
  const event = query.data;
  if (!event) {
    return (
      <section className="tb-page tb-public-event">
        <Preloader label={t('common.loading')} />
      </section>
    );
  }

  return (
    <article className="tb-page tb-public-event" aria-labelledby="public-event-title">
      <header className="tb-public-event-header">
        <h1 id="public-event-title">{event.title}</h1>
        <p className="tb-event-meta">
          {event.location && (
            <span>
              <i className="pi pi-map-marker" aria-hidden="true" />{' '}
              <span className="tb-visually-hidden">{t('publicEvents.location')}: </span>
              {event.location}
            </span>
          )}
          <span>
            <i className="pi pi-calendar" aria-hidden="true" />{' '}
            <span className="tb-visually-hidden">{t('publicEvents.startDate')}: </span>
            <DateTime value={event.startDate} pattern={EVENT_START_PATTERN} />
          </span>
        </p>
      </header>
      {event.bannerPicture && (
        <img src={event.bannerPicture} alt="" className="tb-public-event-banner" />
      )}
      {orderId && <Confirmation event={event} orderId={orderId} userId={userId} />}
      {userId && (
        <Suspense fallback={null}>
          <SeasonTicketsPanel eventId={event.id} userId={userId} />
        </Suspense>
      )}
      <ServerHtml html={event.description} className="tb-public-event-description" />
      <SignUpDates event={event} />
      {!orderId && <SignUp event={event} userId={userId} />}
      <Participants participants={event.participants} />
      {event.sponsors.length > 0 && <Sponsors groups={event.sponsors} />}
      {event.bannerBottom && (
        <img src={event.bannerBottom} alt="" className="tb-public-event-banner" />
      )}
    </article>
  );
}
