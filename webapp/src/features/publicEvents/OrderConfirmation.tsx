import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type {
  PublicEvent,
  PublicOrder,
  PublicOrderLine,
  PublicTicket,
} from '../../api/generated/booking';
import type { PaymentStart } from '../../api/generated/payments';
import { formatOre } from '../../shared/format';
import { StripeCardForm } from '../../shared/payments/StripeCardForm';
import { usePaymentReturn } from '../../shared/payments/usePaymentReturn';
import { submitWindowForm } from '../../shared/payments/WindowForm';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import type { LocalBookingStore } from './localBooking';
import { confirmationUrl, publicEventPath } from './paths';
import { BookingTotals } from './PricedLinesTable';
import {
  type OrderLink,
  useAcceptPublicOrderPaymentMutation,
  useGetPublicOrderQuery,
  usePayPublicOrderMutation,
} from './publicEventsApi';

/** Back from the payment window: `?accept=1`. */
function windowAccepted(params: URLSearchParams) {
  return params.get('accept') === '1';
}

function Processing() {
  const { t } = useTranslation();
  return (
    <div className="tb-payment-busy" role="status" aria-live="polite">
      <ProgressSpinner aria-hidden="true" strokeWidth="4" />
      <span>{t('publicEvents.order.processing')}</span>
    </div>
  );
}

function Tickets({ tickets }: { tickets: PublicTicket[] }) {
  const { t } = useTranslation();
  const seated = tickets.some((ticket) => ticket.section || ticket.row || ticket.seatNumber);
  const seat = (ticket: PublicTicket) =>
    [
      ticket.section && t('publicEvents.order.section', { value: ticket.section }),
      ticket.row && t('publicEvents.order.row', { value: ticket.row }),
      ticket.seatNumber && t('publicEvents.order.seat', { value: ticket.seatNumber }),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <DataTable
      value={tickets}
      dataKey="ticketId"
      size="small"
      className="tb-booking-tickets"
      responsiveLayout="stack"
      breakpoint="40rem"
      pt={{ table: { 'aria-label': t('publicEvents.order.tickets') } }}
    >
      <Column field="number" header={t('publicEvents.order.ticketNumber')} />
      <Column field="product" header={t('publicEvents.order.ticketProduct')} />
      <Column
        header={t('publicEvents.order.ticketName')}
        body={(ticket: PublicTicket) => ticket.name ?? ''}
      />
      {seated && <Column header={t('publicEvents.order.ticketSeat')} body={seat} />}
      <Column
        align="right"
        body={(ticket: PublicTicket) => (
          <a href={ticket.download} download className="p-button p-component p-button-sm">
            <i className="pi pi-download" aria-hidden="true" /> {t('publicEvents.order.download')}
          </a>
        )}
      />
    </DataTable>
  );
}

function OrderLines({ order }: { order: PublicOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable
        value={order.orderLines}
        dataKey="id"
        size="small"
        className="tb-booking-lines"
        responsiveLayout="stack"
        breakpoint="40rem"
        pt={{ table: { 'aria-label': t('publicEvents.order.lines') } }}
      >
        <Column
          header={t('publicEvents.lines.product')}
          body={(line: PublicOrderLine) => (
            <>
              {line.title}
              {line.options.map((option) => (
                <span key={option} className="tb-booking-line-option">
                  + {option}
                </span>
              ))}
            </>
          )}
        />
        <Column field="amount" header={t('publicEvents.lines.amount')} />
        <Column
          header={t('publicEvents.lines.price')}
          align="right"
          body={(line: PublicOrderLine) => <Money value={line.price} ore />}
        />
        <Column
          header={t('publicEvents.lines.total')}
          align="right"
          body={(line: PublicOrderLine) => <Money value={line.total} ore />}
        />
      </DataTable>
      <BookingTotals subtotal={order.subtotal} vat={order.vat} total={order.total} />
    </>
  );
}

function Approved({ order }: { order: PublicOrder }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="tb-booking-thanks" role="status">
        <h2>{t('publicEvents.order.approved')}</h2>
        <p>{t('publicEvents.order.number', { number: order.orderNumber })}</p>
      </div>
      {order.accountCreated && (
        <Alert severity="info">
          {t('publicEvents.order.accountCreated', { email: order.email })}
        </Alert>
      )}
      {order.tickets.length > 0 && (
        <>
          <h3>{t('publicEvents.order.tickets')}</h3>
          <Tickets tickets={order.tickets} />
        </>
      )}
      <h3>{t('publicEvents.order.lines')}</h3>
      <OrderLines order={order} />
    </>
  );
}

interface RetryProps {
  event: PublicEvent;
  link: OrderLink;
  total: number;
  /** The order changed (its places are gone): ask for it again. */
  onRefused: () => void;
}

/**
 * 'Prøv igen' after a declined card: the order's places are held anew and a payment started; by
 * card here, or in the payment window. When the places are gone the server cancels the order.
 */
function RetryPayment({ event, link, total, onRefused }: RetryProps) {
  const { t } = useTranslation();
  const [pay] = usePayPublicOrderMutation();
  const [acceptPayment] = useAcceptPublicOrderPaymentMutation();
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<PaymentStart>();
  const [error, setError] = useState<string>();
  // The card form starts with the payment 'Prøv igen' started.
  const started = useCallback(
    () => (card ? Promise.resolve(card) : Promise.reject(new Error('No card payment started'))),
    [card],
  );
  const confirm = useCallback(
    (reference: string) => acceptPayment({ ...link, reference }).unwrap(),
    [acceptPayment, link],
  );

  async function retry() {
    setBusy(true);
    setError(undefined);
    try {
      const start = await pay(link).unwrap();
      if (start.kind === 'window') {
        // Stays busy: the browser is on its way to the window.
        submitWindowForm(start.action, start.fields);
        return;
      }
      setCard(start);
    } catch (failure) {
      setError(apiErrorMessage(failure) ?? t('publicEvents.order.startFailed'));
      onRefused();
    }
    setBusy(false);
  }

  if (card) {
    return (
      <StripeCardForm
        intent="payment"
        start={started}
        confirm={confirm}
        returnUrl={confirmationUrl(event.url, link)}
        submitLabel={t('publicEvents.confirm.pay', { total: formatOre(total) })}
        lastError={null}
      />
    );
  }
  return (
    <div className="tb-booking-retry">
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="button"
        icon="pi pi-refresh"
        label={t('publicEvents.order.retry')}
        loading={busy}
        onClick={() => void retry()}
      />
    </div>
  );
}

interface OrderConfirmationProps {
  event: PublicEvent;
  orderId: string;
  store: LocalBookingStore;
}

/**
 * The confirmation of a booked order (spec 2 §2 "Order confirmation page", §4 "Public order
 * status"), opened with the token of the address or of the local booking: approved, the thanks,
 * the tickets to download and the order; a draft, why the payment failed and a retry; cancelled,
 * that the places are gone and 'Start forfra'. Without a token, or when the order does not open,
 * back to the event.
 */
export function OrderConfirmation({ event, orderId, store }: OrderConfirmationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { booking, reset } = store;
  // Read once: the local booking is cleared once the order is approved.
  const [token] = useState(
    () => params.get('token') ?? (booking.order?.orderId === orderId ? booking.order.token : null),
  );
  const link = useMemo(
    () => ({ eventId: event.id, orderId, token: token ?? '' }),
    [event.id, orderId, token],
  );
  const order = useGetPublicOrderQuery(link, { skip: !token });
  const [acceptPayment] = useAcceptPublicOrderPaymentMutation();
  const accept = useCallback(
    (reference?: string) => acceptPayment(reference ? { ...link, reference } : link).unwrap(),
    [link, acceptPayment],
  );
  const back = usePaymentReturn({
    windowAccepted,
    loaded: order.isSuccess,
    confirm: accept,
    pending: order.data?.order.status === 'draft' && !order.data.payment.lastError,
    refetch: order.refetch,
    failedText: t('publicEvents.order.confirmFailed'),
  });
  const status = order.data?.order.status;
  const storedOrder = booking.order?.orderId;

  useEffect(() => {
    // The booking is done: a new visit starts afresh (not when the stored booking is another's).
    if (status === 'approved' && (storedOrder === undefined || storedOrder === orderId)) reset();
  }, [status, storedOrder, orderId, reset]);

  const eventPath = publicEventPath(event.url);
  if (!token || order.isError) return <Navigate to={eventPath} replace />;

  const answer = order.data;
  return (
    <Card className="tb-card tb-booking-confirmation">
      <section aria-label={t('publicEvents.order.title')}>
        {!answer && <Preloader label={t('common.loading')} />}
        {answer && back.processing && <Processing />}
        {answer && !back.processing && answer.order.status === 'approved' && (
          <Approved order={answer.order} />
        )}
        {answer && !back.processing && answer.order.status === 'draft' && (
          <div className="tb-booking-draft">
            {back.unconfirmed ? (
              <Alert severity="info">{t('publicEvents.order.unconfirmed')}</Alert>
            ) : (
              <Message
                severity="error"
                role="alert"
                className="tb-alert"
                content={
                  <div>
                    <h3>{t('publicEvents.order.failed')}</h3>
                    {(back.error ?? answer.payment.lastError) && (
                      <p>{back.error ?? answer.payment.lastError}</p>
                    )}
                  </div>
                }
              />
            )}
            {answer.payment.payable && (
              <RetryPayment
                event={event}
                link={link}
                total={answer.order.total}
                onRefused={() => void order.refetch()}
              />
            )}
            <div className="tb-form-actions">
              <Button
                type="button"
                outlined
                icon="pi pi-arrow-left"
                label={t('publicEvents.order.backToEvent')}
                onClick={() => navigate(eventPath)}
              />
            </div>
          </div>
        )}
        {answer && !back.processing && answer.order.status === 'cancelled' && (
          <div className="tb-booking-cancelled">
            <Alert severity="error">{t('publicEvents.order.cancelled')}</Alert>
            <div className="tb-form-actions">
              <Button
                type="button"
                icon="pi pi-replay"
                label={t('publicEvents.order.startOver')}
                onClick={() => {
                  reset();
                  navigate(eventPath);
                }}
              />
            </div>
          </div>
        )}
      </section>
    </Card>
  );
}
