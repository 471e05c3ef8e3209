// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { CompanyRef, ContactRef, Money, OrderLine } from './orders';

export type SubscriptionStatus = "draft" | "approved" | "cancelled";

export type Customer = { firstname: string, lastname: string, email: string, phone: string, };

export type SubscriptionContent = { seasonId: string | null, description: string | null, internal: string | null, startDate: string | null, endDate: string | null, noEndDate: boolean, 
/**
 * Months between payments (spec 3 §9: default 1).
 */
repeats: number | null, 
/**
 * The binding period in months.
 */
commitment: number | null, autoRenew: boolean, orderLines: Array<OrderLine>, orderDiscount: Money, 
/**
 * 'Ansvarlig'.
 */
ownerId: string | null, companyId: string | null, contactId: string | null, 
/**
 * Whom the subscription is for, as the public contact form keeps it.
 */
customer: Customer, };

export type SubscriptionCard = { brand: string, last4: string, expMonth: number, expYear: number, };

export type ChargeProblem = { period: string, attempt: number, reason: string, 
/**
 * No more retries: a new card is needed.
 */
finalAttempt: boolean, };

export type SubscriptionDto = { id: string | null, version: number, subscriptionNumber: number | null, status: SubscriptionStatus, subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, company: CompanyRef | null, contact: ContactRef | null, card: SubscriptionCard | null, nextPayment: string | null, commitmentDate: string | null, 
/**
 * With auto-renew and an end date: the end date it renews to after the one it has (spec 3
 * §3 `autoRenew`); none when it stops at its end date (or has none).
 */
renewsTo: string | null, 
/**
 * The customer was told it renews after its present end date.
 */
renewalNoticed: boolean, periodsPaid: number, chargeProblem: ChargeProblem | null, pricesWithVat: boolean, vatRate: number, seasonId: string | null, description: string | null, internal: string | null, startDate: string | null, endDate: string | null, noEndDate: boolean, 
/**
 * Months between payments (spec 3 §9: default 1).
 */
repeats: number | null, 
/**
 * The binding period in months.
 */
commitment: number | null, autoRenew: boolean, orderLines: Array<OrderLine>, orderDiscount: Money, 
/**
 * 'Ansvarlig'.
 */
ownerId: string | null, companyId: string | null, contactId: string | null, 
/**
 * Whom the subscription is for, as the public contact form keeps it.
 */
customer: Customer, };

export type SubscriptionListRow = { id: string, subscriptionNumber: number, 
/**
 * 'draft', 'approved' (Aktiv) or 'cancelled'.
 */
status: string, contactName: string, companyId: string | null, startDate: string | null, endDate: string | null, nextPayment: string | null, 
/**
 * A charge failed and is waiting for a retry or a new card.
 */
paymentFailed: boolean, 
/**
 * Øre.
 */
subtotal: number, total: number, };

export type PublicLine = { id: string, title: string, variant: string | null, amount: number, price: Money, 
/**
 * With the options, times the amount.
 */
total: Money, options: Array<{ 
/**
 * With `variant_id`, which of the line's offered options it is, if one.
 */
productId: string | null, variantId: string | null, title: string, price: Money, }>, 
/**
 * The options of the line's product that are shown on checkout (`public`).
 */
offered: Array<{ productId: string, variantId: string | null, title: string, 
/**
 * Per unit of the line.
 */
price: Money, chosen: boolean, }>, };

export type PublicSubscription = { subscriptionNumber: number, clubName: string, status: SubscriptionStatus, 
/**
 * Months between payments.
 */
repeats: number, 
/**
 * The binding period in months.
 */
commitment: number, startDate: string | null, endDate: string | null, customer: Customer, lines: Array<PublicLine>, subtotal: Money, vat: Money, total: Money, pricesWithVat: boolean, card: SubscriptionCard | null, nextPayment: string | null, 
/**
 * The customer can pay: with Stripe, activate or give a new card (not cancelled); with the
 * window, pay the period that is due (`amount_due`).
 */
canPay: boolean, 
/**
 * How the club takes payments: 'stripe' (a card saved and charged each period) or
 * 'window' (each period paid in the hosted window); none when it takes no cards.
 */
payWith: string | null, 
/**
 * What the customer pays in the window now (a draft's first period, or a period that has
 * fallen due), when anything.
 */
amountDue: Money | null, 
/**
 * Why a charge failed, until it is paid.
 */
chargeProblem: ChargeProblem | null, };

export type ProfileSubscription = { id: string, subscriptionNumber: number, startDate: string | null, endDate: string | null, 
/**
 * None ('–') once past the end date.
 */
nextPayment: string | null, commitmentDate: string | null, 
/**
 * 'approved' shows as Aktiv, anything else as Annulleret.
 */
status: SubscriptionStatus, 
/**
 * The customer may cancel it now (active, and the commitment has run out).
 */
canCancel: boolean, total: Money, orderLines: Array<PublicLine>, };

export type SavedPaymentCard = { cardId: string, 
/**
 * visa, mastercard, dankort or another brand's name.
 */
cardType: string, 
/**
 * The last four digits, masked: '•••• 4242'.
 */
cardNumber: string, expMonth: number, expYear: number, isDefault: boolean, };

/** Every event type of the subscription, as the history API names them. */
export const SUBSCRIPTION_EVENT_TYPES = [
  'Created',
  'Updated',
  'ContactChanged',
  'Approved',
  'Reopened',
  'Cancelled',
  'Deleted',
  'CardSaved',
  'Charged',
  'ChargeFailed',
  'PaymentLinkSent',
  'RenewalNoticeSent',
  'Renewed',
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];
