import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { subscriptionStatusLabel, subscriptionStatusSeverity } from './subscriptionStatus';

/** The subscription's status as a badge; a cancelled one's is struck through (as an order's). */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const label = subscriptionStatusLabel(t, status);
  return (
    <Tag
      severity={subscriptionStatusSeverity(status)}
      className={status === 'cancelled' ? 'tb-badge tb-struck' : 'tb-badge'}
    >
      {status === 'cancelled' ? <s>{label}</s> : label}
    </Tag>
  );
}

/** 'Betaling fejlet': a charge failed and waits for a retry or a new card. */
export function PaymentFailedBadge() {
  const { t } = useTranslation();
  return (
    <Tag
      severity="warning"
      icon="pi pi-exclamation-triangle"
      className="tb-badge"
      value={t('subscriptions.paymentFailed')}
    />
  );
}
