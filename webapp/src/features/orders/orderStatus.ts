import type { TFunction } from 'i18next';
import type { BadgeSeverity } from '../../shared/ui/StatusBadge';
import {
  INVOICING_TYPES,
  PAYMENT_STATUSES,
  type Order,
  type OrderStatus,
  type PaymentStatus,
} from './types';

const STATUS_SEVERITY: Record<OrderStatus, BadgeSeverity> = {
  cart: 'info',
  draft: 'secondary',
  processing: 'warning',
  approved: 'success',
  cancelled: 'danger',
};

const PAYMENT_SEVERITY: Record<PaymentStatus, BadgeSeverity> = {
  pending: 'warning',
  authorized: 'info',
  paid: 'success',
  refunded: 'secondary',
  cancelled: 'danger',
};

/** Kurv, Kladde, Behandler, Godkendt, Annulleret (spec 3 §4). */
export function orderStatusLabel(t: TFunction, status: OrderStatus): string {
  return t(`orders.status.${status}`, { defaultValue: status });
}

export function orderStatusSeverity(status: OrderStatus): BadgeSeverity {
  return STATUS_SEVERITY[status] ?? 'secondary';
}

/** Afventer, Autoriseret, Betalt, Refunderet, Annulleret. */
export function paymentStatusLabel(t: TFunction, status: PaymentStatus): string {
  return t(`orders.paymentStatus.${status}`, { defaultValue: status });
}

export function paymentStatusSeverity(status: PaymentStatus): BadgeSeverity {
  return PAYMENT_SEVERITY[status] ?? 'secondary';
}

export function paymentStatusOptions(t: TFunction) {
  return PAYMENT_STATUSES.map((status) => ({
    label: paymentStatusLabel(t, status),
    value: status,
  }));
}

/** The invoicing select's value for "no method" ('Ingen'). */
export const NO_INVOICING = 'none';

export function invoicingOptions(t: TFunction) {
  return [
    { label: t('orders.invoicing.types.none'), value: NO_INVOICING },
    ...INVOICING_TYPES.map((type) => ({ label: t(`orders.invoicing.types.${type}`), value: type })),
  ];
}

/** Customer fields, company, contact, contract, invoicing, prices and lines change only in draft. */
export function isEditable(status: OrderStatus): boolean {
  return status === 'draft';
}

export type OrderAction =
  | 'approve'
  | 'reopen'
  | 'cancel'
  | 'delete'
  | 'capturePayment'
  | 'sendPaymentLink'
  | 'sendConfirmation';

/**
 * The actions of a saved order (spec 3 §4), in menu order: a draft can be approved; processing or
 * approved can be reopened; anything but draft or cancelled can be cancelled; draft or cancelled
 * can be deleted; a payment is captured only when authorized. 'Opret faktura' waits for invoices.
 */
export function orderActions(order: Pick<Order, 'status' | 'paymentStatus'>): OrderAction[] {
  const { status, paymentStatus } = order;
  const actions: OrderAction[] = [];
  if (status === 'draft') actions.push('approve');
  if (status === 'processing' || status === 'approved') actions.push('reopen');
  if (status !== 'draft' && status !== 'cancelled') actions.push('cancel');
  if (paymentStatus === 'authorized') actions.push('capturePayment');
  actions.push('sendPaymentLink', 'sendConfirmation');
  if (status === 'draft' || status === 'cancelled') actions.push('delete');
  return actions;
}
