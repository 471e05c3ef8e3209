import DOMPurify from 'dompurify';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { isApiError } from '../../api/baseApi';
import type { ConfirmedLine, ConfirmedOrder } from '../../api/generated/shop';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { fullName } from '../../shared/format';
import { mulDivRound } from '../../shared/orderLines/orderTotals';
import { brandName } from '../../shared/payments/CardBrandIcon';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { SHOP_PATH } from './paths';
import { seatText } from './seatText';
import { useGetConfirmedOrderQuery } from './shopApi';
import './shop.css';
import { LineOptions } from './LineOptions';

/** While the payment is pending the order is asked for again this often, for this long. */
export const POLL_MS = 2000;
export const POLL_LIMIT_MS = 60_000;

/** A rate in basis points of a percent (2500 = 25 %). */
const BASIS = 10_000;

/** The card that paid: its brand, '•••• 4242' and its expiry. */
function PaidCard({ order }: { order: ConfirmedOrder }) {
  const { t } = useTranslation();
  if (!order.cardType && !order.cardNumber) {
    return (
      <p>{t(order.total > 0 ? 'shop.confirmation.notPaid' : 'shop.confirmation.nothingToPay')}</p>
    );
  }
  const brand = order.cardType ? brandName(order.cardType) : t('shop.confirmation.card');
  return (
    <p className="tb-confirmation-card">
      <span className="tb-confirmation-brand">
        <i className="pi pi-credit-card" aria-hidden="true" /> {brand}
      </span>
      {order.cardNumber && <span>•••• {order.cardNumber}</span>}
      {order.expMonth !== null && order.expYear !== null && (
        <span>
          {t('shop.confirmation.expires', {
            month: String(order.expMonth).padStart(2, '0'),
            year: order.expYear,
          })}
        </span>
      )}
    </p>
  );
}

function ProductCell({ line }: { line: ConfirmedLine }) {
  const { t } = useTranslation();
  return (
    <div className="tb-confirmation-product">
      <span>
        <strong>{line.title}</strong>
        {line.variant && <span> – {line.variant}</span>}
      </span>
      <LineOptions options={line.options} />
      {(line.seat || line.seatEvent) && (
        <span className="tb-confirmation-seat">{seatText(t, line)}</span>
      )}
    </div>
  );
}

/**
 * Subtotal (excluding VAT), the discount, a fee line only when there is a fee (shown with the
 * club's VAT, spec 3 §9), moms and total.
 */
function OrderTotals({ order }: { order: ConfirmedOrder }) {
  const { t } = useTranslation();
  const { client } = useAppSession();
  const rate = !client || client.disableVat ? 0 : client.vatRate;
  const fee = order.additionalFee + mulDivRound(order.additionalFee, rate, BASIS);
  const row = (key: string, value: number, className?: string) => (
    <tr key={key} className={className}>
      <th scope="row">{t(`shop.confirmation.${key}`)}</th>
      <td>
        <Money ore value={value} />
      </td>
    </tr>
  );
  return (
    <table className="tb-totals" aria-label={t('shop.confirmation.totals')}>
      <tbody>
        {row('subtotal', order.subtotal)}
        {order.discount > 0 && row('discount', -order.discount)}
        {order.additionalFee > 0 && row('fee', fee)}
        {row('vat', order.vat)}
        {row('total', order.total, 'tb-totals-total')}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="tb-confirmation-section">
      <h3 id={titleId}>{title}</h3>
      {children}
    </section>
  );
}

/** What the order's status says: the thanks, the wait for the payment, or the cancellation. */
function OrderStatus({ order, gaveUp }: { order: ConfirmedOrder; gaveUp: boolean }) {
  const { t } = useTranslation();
  if (order.status === 'confirmed') {
    return (
      <div className="tb-confirmation-thanks" role="status">
        <h2>{t('shop.confirmation.thanks')}</h2>
        <p>{t('shop.confirmation.number', { number: order.number })}</p>
      </div>
    );
  }
  return (
    <div className="tb-confirmation-status">
      <h2>{t('shop.confirmation.order', { number: order.number })}</h2>
      {order.status === 'cancelled' && (
        <Alert severity="error">{t('shop.confirmation.cancelled')}</Alert>
      )}
      {order.status === 'pending' &&
        (gaveUp ? (
          <Alert severity="warn">{t('shop.confirmation.stillWaiting')}</Alert>
        ) : (
          <div className="tb-shop-waiting" role="status" aria-live="polite">
            <ProgressSpinner aria-hidden="true" strokeWidth="4" />
            <span>{t('shop.confirmation.waiting')}</span>
          </div>
        ))}
    </div>
  );
}

function OrderView({ order, gaveUp }: { order: ConfirmedOrder; gaveUp: boolean }) {
  const { t } = useTranslation();
  const message = useMemo(
    () => DOMPurify.sanitize(order.confirmationMessage ?? ''),
    [order.confirmationMessage],
  );
  const description = useMemo(
    () => DOMPurify.sanitize(order.description ?? ''),
    [order.description],
  );
  return (
    <Card className="tb-card tb-confirmation">
      <OrderStatus order={order} gaveUp={gaveUp} />
      {order.accountCreated && (
        <Alert severity="info">
          {t('shop.confirmation.accountCreated', { email: order.email })}
        </Alert>
      )}
      {order.status === 'confirmed' && message.trim() && (
        <div
          className="tb-html tb-confirmation-message"
          dangerouslySetInnerHTML={{ __html: message }}
        />
      )}
      <div className="tb-confirmation-details">
        <Section title={t('shop.confirmation.contact')}>
          <p className="tb-confirmation-contact">
            <span>{fullName(order)}</span>
            <span>{order.email}</span>
            <span>{order.phone}</span>
          </p>
        </Section>
        <Section title={t('shop.confirmation.payment')}>
          <PaidCard order={order} />
        </Section>
        {order.delivery?.method === 'address' && order.delivery.address && (
          <Section title={t('shop.confirmation.deliveryAddress')}>
            <p className="tb-confirmation-contact">
              <span>{order.delivery.address.name}</span>
              <span>{order.delivery.address.street}</span>
              <span>
                {order.delivery.address.postcode} {order.delivery.address.city}
              </span>
            </p>
          </Section>
        )}
        {order.delivery?.method === 'pickup' && (
          <Section title={t('shop.checkout.delivery')}>
            <p>{t('shop.confirmation.pickup')}</p>
          </Section>
        )}
        {description.trim() && (
          <Section title={t('shop.confirmation.description')}>
            <div
              className="tb-html tb-confirmation-description"
              dangerouslySetInnerHTML={{ __html: description }}
            />
          </Section>
        )}
      </div>
      <Section title={t('shop.confirmation.lines')}>
        <DataTable
          value={order.lines}
          size="small"
          className="tb-confirmation-lines"
          responsiveLayout="stack"
          breakpoint="40rem"
          pt={{ table: { 'aria-label': t('shop.confirmation.lines') } }}
        >
          <Column
            header={t('shop.confirmation.product')}
            body={(line: ConfirmedLine) => <ProductCell line={line} />}
          />
          <Column header={t('shop.confirmation.amount')} field="amount" />
          <Column
            header={t('shop.confirmation.price')}
            align="right"
            body={(line: ConfirmedLine) => <Money ore value={line.priceWithVat} />}
          />
          <Column
            header={t('shop.confirmation.lineTotal')}
            align="right"
            body={(line: ConfirmedLine) => <Money ore value={line.totalWithVat} />}
          />
        </DataTable>
        <OrderTotals order={order} />
      </Section>
      <div className="tb-form-actions tb-confirmation-actions">
        <Link to={SHOP_PATH} className="p-button p-component p-button-outlined">
          <i className="pi pi-arrow-left" aria-hidden="true" />
          <span>{t('shop.confirmation.backToShop')}</span>
        </Link>
      </div>
    </Card>
  );
}

function ConfirmationView({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation();
  // Asked again every two seconds while the payment is pending, for a minute at most.
  const [polling, setPolling] = useState(false);
  const query = useGetConfirmedOrderQuery(
    { id, token },
    { pollingInterval: polling ? POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const order = query.data;
  const pending = order?.status === 'pending';
  const [gaveUp, setGaveUp] = useState(false);
  const waiting = pending && !gaveUp;

  useEffect(() => setPolling(waiting), [waiting]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setGaveUp(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  // The order is not this link's (403) or not there (404): back to the shop. A failed poll
  // while the order is shown is only asked again.
  const lost =
    query.isError &&
    (!order || (isApiError(query.error) && [403, 404].includes(Number(query.error.status))));
  useLeaveWhenLoadFails(
    { isError: lost, error: query.error },
    t('shop.confirmation.loadFailed'),
    SHOP_PATH,
  );

  return (
    <section className="tb-page tb-shop-confirmation" aria-labelledby="confirmation-title">
      <h1 id="confirmation-title">{t('shop.confirmation.title')}</h1>
      {order && !lost ? (
        <OrderView order={order} gaveUp={gaveUp} />
      ) : (
        <Preloader label={t('common.loading')} />
      )}
    </section>
  );
}

/**
 * 'Ordrebekræftelse' (spec 3 §2 "Web shop", §3 "Confirmed order"): /shop/confirmation/{id}
 * ?token= of a completed checkout. Confirmed, the thanks with the order's number and the club's
 * confirmation message; pending, 'Vi venter på betalingen…' while the server reads the payment
 * (asked again every 2 s for a minute); cancelled, that the money went back. Then the contact,
 * the card, the description, the lines with their seats and the totals. Without a token, or when
 * the order does not open, back to /shop.
 */
export function ConfirmationPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!id || !token) return <Navigate to={SHOP_PATH} replace />;
  return <ConfirmationView key={`${id}:${token}`} id={id} token={token} />;
}
