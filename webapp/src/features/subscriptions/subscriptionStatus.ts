import type { TFunction } from 'i18next';
import type { BadgeSeverity } from '../../shared/ui/StatusBadge';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './types';

const STATUS_SEVERITY: Record<SubscriptionStatus, BadgeSeverity> = {
  draft: 'secondary',
  approved: 'success',
  cancelled: 'danger',
};

/** A list row names its status as text: one of the three, or unknown. */
export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** Kladde, Aktiv, Annulleret (spec 3 §4: approved is shown as Aktiv). */
export function subscriptionStatusLabel(t: TFunction, status: string): string {
  return t(`subscriptions.status.${status}`, { defaultValue: status });
}

export function subscriptionStatusSeverity(status: string): BadgeSeverity {
  return isSubscriptionStatus(status) ? STATUS_SEVERITY[status] : 'secondary';
}

export function subscriptionStatusOptions(t: TFunction) {
  return SUBSCRIPTION_STATUSES.map((status) => ({
    label: subscriptionStatusLabel(t, status),
    value: status,
  }));
}

/** Every field and the lines change only in draft; the server refuses the rest (spec 3 §4). */
export function isEditable(status: SubscriptionStatus): boolean {
  return status === 'draft';
}

export type SubscriptionAction =
  'approve' | 'reopen' | 'cancel' | 'sendPaymentLink' | 'deleteDraft' | 'delete';

/**
 * The actions of a saved subscription (spec 3 §4), in menu order: a draft is approved ('Godkend')
 * or deleted ('Slet kladde'); an active one is made editable again ('Rediger abonnement') or
 * cancelled ('Annuller abonnement'); a cancelled one is deleted ('Slet abonnement'). 'Send
 * betalingslink' is always offered (the server refuses it for a cancelled one).
 */
export function subscriptionActions(status: SubscriptionStatus): SubscriptionAction[] {
  const actions: SubscriptionAction[] = [];
  if (status === 'draft') actions.push('approve');
  if (status === 'approved') actions.push('reopen', 'cancel');
  actions.push('sendPaymentLink');
  if (status === 'draft') actions.push('deleteDraft');
  if (status === 'cancelled') actions.push('delete');
  return actions;
}
