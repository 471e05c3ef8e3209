import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { SeasonalTicket } from '../../api/generated/seats';
import { Alert } from '../../shared/ui/Alert';
import { useConfirm } from '../../shared/ui/ConfirmButton';
import { useAnswerSeasonalTicketMutation, useGetSeasonalTicketsQuery } from './publicEventsApi';

/** Product, section, row, seat and holder of one season ticket. */
function SeatDetails({ ticket }: { ticket: SeasonalTicket }) {
  const { t } = useTranslation();
  const details: [string, string][] = [
    ['section', ticket.section],
    ['row', ticket.row],
    ['seat', ticket.seatNumber],
    ['name', ticket.name],
  ];
  return (
    <dl className="tb-season-ticket-details">
      {details.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`publicEvents.seasonTickets.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One season ticket and the holder's answer: unanswered asks whether they come (the seat stays
 * theirs until then), coming offers 'Frigiv plads', released says so. Not coming cannot be taken
 * back, so the server refuses a second answer; its words are shown here.
 */
function SeasonTicketItem({
  eventId,
  ticket,
  refreshing,
}: {
  eventId: string;
  ticket: SeasonalTicket;
  /** The tickets are being read again after an answer: the shown answer may be old. */
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [answer, answered] = useAnswerSeasonalTicketMutation();
  const busy = answered.isLoading || refreshing;

  function send(attending: boolean) {
    // A refusal is shown from the mutation's state, and the tickets are read again either way.
    void answer({ eventId, ticketId: ticket.id, attending });
  }

  async function release() {
    const sure = await confirm({
      header: t('publicEvents.seasonTickets.release'),
      message: t('publicEvents.seasonTickets.releaseConfirm'),
    });
    if (sure) send(false);
  }

  const failure = answered.isError
    ? (apiErrorMessage(answered.error) ?? t('publicEvents.seasonTickets.answerFailed'))
    : null;

  return (
    <li
      className="tb-season-ticket"
      aria-label={t('publicEvents.seasonTickets.ticketLabel', {
        product: ticket.product,
        row: ticket.row,
        seat: ticket.seatNumber,
      })}
    >
      <h3>{ticket.product}</h3>
      <SeatDetails ticket={ticket} />
      {ticket.attending === null && (
        <>
          <p className="tb-season-ticket-question">{t('publicEvents.seasonTickets.question')}</p>
          <p>{t('publicEvents.seasonTickets.unansweredHelp')}</p>
          <div className="tb-form-actions">
            <Button
              type="button"
              icon="pi pi-check"
              label={t('publicEvents.seasonTickets.attend')}
              disabled={busy}
              onClick={() => send(true)}
            />
            <Button
              type="button"
              outlined
              icon="pi pi-times"
              label={t('publicEvents.seasonTickets.notAttend')}
              disabled={busy}
              onClick={() => void release()}
            />
          </div>
        </>
      )}
      {ticket.attending === true && (
        <>
          <p className="tb-season-ticket-answer">
            <i className="pi pi-check-circle" aria-hidden="true" />{' '}
            {t('publicEvents.seasonTickets.attending')}
          </p>
          <div className="tb-form-actions">
            <Button
              type="button"
              outlined
              severity="danger"
              icon="pi pi-sign-out"
              label={t('publicEvents.seasonTickets.release')}
              disabled={busy}
              onClick={() => void release()}
            />
          </div>
        </>
      )}
      {ticket.attending === false && (
        <p className="tb-season-ticket-answer">
          <i className="pi pi-info-circle" aria-hidden="true" />{' '}
          {t('publicEvents.seasonTickets.released')}
        </p>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
    </li>
  );
}

/**
 * 'Dine sæsonbilletter' (spec 2 §2 "Public event page", §4 "Seasonal ticket attendance"): the
 * signed-in holder's season tickets at the event, each with their answer. Nothing is shown to a
 * guest, nor to a user holding none; a failed read shows nothing either, the page being about
 * the event.
 */
export function SeasonTicketsPanel({
  eventId,
  userId,
}: {
  eventId: string;
  userId: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const tickets = useGetSeasonalTicketsQuery(
    { eventId, userId: userId ?? '' },
    { skip: userId === null },
  );
  const list = tickets.currentData ?? [];
  if (list.length === 0) return null;
  return (
    <section className="tb-public-event-season" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('publicEvents.seasonTickets.title')}</h2>
      <ul className="tb-season-tickets">
        {list.map((ticket) => (
          <SeasonTicketItem
            key={ticket.id}
            eventId={eventId}
            ticket={ticket}
            refreshing={tickets.isFetching}
          />
        ))}
      </ul>
    </section>
  );
}
