import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/baseApi';
import type { PublicEvent } from '../../api/generated/booking';
import type { PublicInvite } from '../../api/generated/events';
import { fullName } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import type { LocalBookingStore } from './localBooking';
import { useGetPublicInviteQuery } from './publicEventsApi';

/** The address's invitation: the mail's link opens the event page with `?invite={token}`. */
export const INVITE_PARAM = 'invite';

/** Why the invitation does not count: gone (or another event's), used up, or not read. */
export type InviteProblem = 'notFound' | 'usedUp' | 'failed';

export interface BookingInvite {
  /** The invitation while it holds: read, of this event, with tickets left. */
  invite: PublicInvite | undefined;
  problem: InviteProblem | null;
}

/**
 * The invitation the buyer came with: the address's `?invite=`, or the one the stored booking
 * kept (a reload, the way back from the payment). The booking keeps its token, so every booking
 * call sends it; one that is gone is dropped and the booking is a plain one.
 */
export function useBookingInvite(event: PublicEvent, store: LocalBookingStore): BookingInvite {
  const [params] = useSearchParams();
  const { booking, update } = store;
  const token = params.get(INVITE_PARAM)?.trim() || booking.inviteToken;
  const query = useGetPublicInviteQuery(token || skipToken);
  const read = token ? query.data : undefined;

  let problem: InviteProblem | null = null;
  if (token && query.isError) {
    problem = isApiError(query.error) && query.error.status === 404 ? 'notFound' : 'failed';
  } else if (read && read.eventId !== event.id) {
    problem = 'notFound';
  } else if (read?.usedUp) {
    problem = 'usedUp';
  }
  const invite = read && !problem ? read : undefined;
  // A used-up invitation still lets its holder in where only the invited may book (at the
  // full price): only one that is gone is dropped.
  const dropped = problem === 'notFound';

  useEffect(() => {
    const holds = invite !== undefined || problem === 'usedUp';
    if (holds && token && booking.inviteToken !== token) update({ inviteToken: token });
    if (dropped && booking.inviteToken === token) update({ inviteToken: null });
  }, [invite, problem, dropped, token, booking.inviteToken, update]);

  return { invite, problem };
}

/** '2 × Middag gratis': the free tickets the invitation still holds. */
function freeTickets(invite: PublicInvite) {
  return invite.products.filter((product) => product.left > 0);
}

/**
 * 'Du er inviteret': whom the invitation is for and the free tickets it still holds; or why it
 * does not count ('Invitationen findes ikke eller er slettet.', 'Invitationen er allerede brugt.').
 */
export function InviteBanner({ invite, problem }: BookingInvite) {
  const { t } = useTranslation();
  const titleId = useId();
  if (problem === 'notFound') {
    return <Alert severity="error">{t('publicEvents.invite.notFound')}</Alert>;
  }
  if (problem === 'usedUp') {
    return <Alert severity="warn">{t('publicEvents.invite.usedUp')}</Alert>;
  }
  if (problem === 'failed') {
    return <Alert severity="error">{t('publicEvents.invite.loadFailed')}</Alert>;
  }
  if (!invite) return null;
  const name = fullName(invite);
  const free = freeTickets(invite);
  return (
    <section className="tb-booking-invite" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('publicEvents.invite.title')}</h3>
      <p>{invite.companyName ? `${name}, ${invite.companyName}` : name}</p>
      {free.length > 0 && (
        <ul aria-label={t('publicEvents.invite.freeTickets')}>
          {free.map((product) => (
            <li key={product.productId}>
              {t('publicEvents.invite.freeTicket', {
                amount: product.left,
                title: product.title,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
