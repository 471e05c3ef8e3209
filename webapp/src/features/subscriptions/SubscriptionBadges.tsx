import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../shared/ui/StatusBadge';
import { subscriptionStatusLabel, subscriptionStatusSeverity } from './subscriptionStatus';

/** The subscription's status as a badge; a cancelled one's is struck through (as an order's). */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      label={subscriptionStatusLabel(t, status)}
      severity={subscriptionStatusSeverity(status)}
      struck={status === 'cancelled'}
    />
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
