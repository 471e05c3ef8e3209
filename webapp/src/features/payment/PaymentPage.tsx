import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { OrderPaymentPage, PaymentPageLine } from '../../api/generated/payments';
import { formatOre } from '../../shared/format';
import { brandName } from '../../shared/payments/CardBrandIcon';
import { linkReturnUrl, StripeCardForm } from '../../shared/payments/StripeCardForm';
import { usePaymentReturn } from '../../shared/payments/usePaymentReturn';
import { WindowForm } from '../../shared/payments/WindowForm';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import {
  type PaymentLink,
  useConfirmOrderPaymentMutation,
  useGetOrderPaymentQuery,
  useStartOrderPaymentMutation,
} from './paymentApi';
import './payment.css';

/** Back from the payment window: `?window=accept`. */
function windowAccepted(params: URLSearchParams) {
  return params.get('window') === 'accept';
}

/** What the payment part of the page shows. */
type PaymentView =
  'paid' | 'processing' | 'unconfirmed' | 'stripe' | 'window' | 'noProvider' | 'nothingToPay';

function paymentView(page: OrderPaymentPage, processing: boolean, unconfirmed: boolean) {
  if (page.paymentStatus === 'paid' || page.paymentStatus === 'authorized') return 'paid';
  if (processing) return 'processing';
  if (unconfirmed) return 'unconfirmed';
  if (page.payable && page.provider) return page.provider;
  if (page.provider === null && page.paymentStatus === 'pending' && page.total > 0) {
    return 'noProvider';
  }
  return 'nothingToPay';
}

/** The card that paid, as the page tells it (the generated type lives with the order's). */
type PaidCard = NonNullable<OrderPaymentPage['card']>;

function Summary({ page }: { page: OrderPaymentPage }) {
  const { t } = useTranslation();
  const titleId = useId();
  const row = (label: string, value: number, className?: string) => (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>
        <Money value={value} ore />
      </td>
    </tr>
  );
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('payment.order')}
        </h2>
        <p className="tb-payment-customer">
          <span>{page.customerName}</span>
          <span>{page.email}</span>
        </p>
        <DataTable
          value={page.lines}
          size="small"
          className="tb-payment-lines"
          pt={{ table: { 'aria-label': t('payment.lines.title') } }}
        >
          <Column
            header={t('payment.lines.product')}
            body={(line: PaymentPageLine) => (
              <>
                <span>{line.title}</span>
                {line.variant && <small className="tb-payment-variant">{line.variant}</small>}
              </>
            )}
          />
          <Column
            header={t('payment.lines.amount')}
            body={(line: PaymentPageLine) => line.amount}
          />
          <Column
            header={t('payment.lines.total')}
            align="right"
            body={(line: PaymentPageLine) => <Money value={line.total} ore />}
          />
        </DataTable>
        <table className="tb-totals" aria-label={t('payment.totals.title')}>
          <tbody>
            {row(t('payment.totals.subtotal'), page.subtotal)}
            {row(
              t(page.pricesWithVat ? 'payment.totals.vatIncluded' : 'payment.totals.vat'),
              page.vat,
            )}
            {row(t('payment.totals.total'), page.total, 'tb-totals-total')}
          </tbody>
        </table>
      </section>
    </Card>
  );
}

function Paid({ card }: { card: PaidCard | null }) {
  const { t } = useTranslation();
  return (
    <Message
      severity="success"
      role="status"
      className="tb-alert"
      content={
        <div>
          <strong>{t('payment.paid')}</strong>
          {card && (
            <p>{t('payment.paidWith', { brand: brandName(card.brand), last4: card.last4 })}</p>
          )}
        </div>
      }
    />
  );
}

interface OrderCardFormProps {
  link: PaymentLink;
  total: number;
  /** Why the last try failed, when it did. */
  lastError: string | null;
}

/** 'Betal {total}' by card: the order's payment started, confirmed with Stripe, then settled. */
function OrderCardForm({ link, total, lastError }: OrderCardFormProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [startPayment] = useStartOrderPaymentMutation();
  const [confirmPayment] = useConfirmOrderPaymentMutation();
  const start = useCallback(() => startPayment(link).unwrap(), [link, startPayment]);
  const confirm = useCallback(
    (reference: string) => confirmPayment({ ...link, reference }).unwrap(),
    [link, confirmPayment],
  );
  return (
    <StripeCardForm
      intent="payment"
      start={start}
      confirm={confirm}
      returnUrl={linkReturnUrl(pathname, link.token)}
      submitLabel={t('payment.pay', { total: formatOre(total) })}
      lastError={lastError}
    />
  );
}

/** 'Gå til betaling': the order paid in the club's payment window. */
function OrderWindowForm({ link, total, lastError }: OrderCardFormProps) {
  const { t } = useTranslation();
  const [startPayment] = useStartOrderPaymentMutation();
  const start = useCallback(() => startPayment(link).unwrap(), [link, startPayment]);
  return (
    <WindowForm
      start={start}
      intro={t('payment.windowIntro', { total: formatOre(total) })}
      submitLabel={t('payment.goToPayment')}
      lastError={lastError}
    />
  );
}

function Processing() {
  const { t } = useTranslation();
  return (
    <div className="tb-payment-busy" role="status" aria-live="polite">
      <ProgressSpinner aria-hidden="true" strokeWidth="4" />
      <span>{t('payment.processing')}</span>
    </div>
  );
}

/**
 * The public payment page of an order (issue 14): /shop/payment/{id}?token=…, the link 'Send
 * betalingslink' mails. The order's lines and totals, then, as the order stands: the card form
 * (Stripe) or the way to the club's payment window, the receipt once paid, or why there is
 * nothing to pay. Only the server says a payment went through.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useMemo(() => ({ id, token }), [id, token]);
  const page = useGetOrderPaymentQuery(link);
  const [confirmPayment] = useConfirmOrderPaymentMutation();
  const confirm = useCallback(
    (reference?: string) => confirmPayment(reference ? { ...link, reference } : link).unwrap(),
    [link, confirmPayment],
  );
  const back = usePaymentReturn({
    windowAccepted,
    loaded: page.isSuccess,
    confirm,
    pending: page.data?.paymentStatus === 'pending' && !page.data.lastError,
    refetch: page.refetch,
    failedText: t('payment.confirmFailed'),
  });
  const paymentTitleId = useId();

  if (page.isError) {
    return (
      <section className="tb-page tb-payment">
        <Alert severity="error">{apiErrorMessage(page.error) ?? t('payment.loadFailed')}</Alert>
      </section>
    );
  }
  if (!page.data) {
    return (
      <section className="tb-page tb-payment">
        <Preloader label={t('common.loading')} />
      </section>
    );
  }

  const order = page.data;
  const view: PaymentView = paymentView(order, back.processing, back.unconfirmed);
  const lastError = back.error ?? order.lastError;
  return (
    <section className="tb-page tb-payment">
      <div className="tb-page-header">
        <div>
          <h1>{t('payment.title', { number: order.orderNumber })}</h1>
          <p className="tb-payment-club">{order.clubName}</p>
        </div>
      </div>
      <Summary page={order} />
      <Card className="tb-card">
        <section aria-labelledby={paymentTitleId}>
          <h2 id={paymentTitleId} className="tb-card-title">
            {t('payment.payment')}
          </h2>
          {view === 'paid' && <Paid card={order.card} />}
          {view === 'processing' && <Processing />}
          {view === 'unconfirmed' && <Alert severity="info">{t('payment.unconfirmed')}</Alert>}
          {(view === 'stripe' || view === 'window') && params.get('window') === 'cancel' && (
            <Alert severity="info">{t('payment.cancelled')}</Alert>
          )}
          {view === 'stripe' && (
            <OrderCardForm link={link} total={order.total} lastError={lastError} />
          )}
          {view === 'window' && (
            <OrderWindowForm link={link} total={order.total} lastError={lastError} />
          )}
          {view === 'noProvider' && <Alert severity="info">{t('payment.noProvider')}</Alert>}
          {view === 'nothingToPay' && <Alert severity="info">{t('payment.nothingToPay')}</Alert>}
        </section>
      </Card>
    </section>
  );
}
