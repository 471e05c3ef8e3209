import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../shared/ui/StatusBadge';
import {
  orderStatusLabel,
  orderStatusSeverity,
  paymentStatusLabel,
  paymentStatusSeverity,
} from './orderStatus';
import type { OrderStatus, PaymentStatus } from './types';

/** The order's status as a badge; a cancelled order's is struck through (spec 3 §4). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      label={orderStatusLabel(t, status)}
      severity={orderStatusSeverity(status)}
      struck={status === 'cancelled'}
    />
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      severity={paymentStatusSeverity(status)}
      className="tb-badge"
      value={paymentStatusLabel(t, status)}
    />
  );
}
