// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money, PaidCard, PaymentStatus } from './orders';

export type PaymentPageLine = { title: string, variant: string | null, amount: number, total: Money, };

export type OrderPaymentPage = { orderNumber: number, clubName: string, customerName: string, email: string, lines: Array<PaymentPageLine>, subtotal: Money, vat: Money, total: Money, 
/**
 * The club shows prices with VAT.
 */
pricesWithVat: boolean, paymentStatus: PaymentStatus, 
/**
 * The club's provider; None: the club takes no cards.
 */
provider: 'stripe' | 'window' | null, 
/**
 * The card that paid, once paid.
 */
card: PaidCard | null, 
/**
 * The customer can pay now: something to pay, not paid, not cancelled, a provider.
 */
payable: boolean, 
/**
 * Why the last try failed, for the customer.
 */
lastError: string | null, };

export type PaymentStart =
  | { kind: 'stripe'; clientSecret: string; publishableKey: string }
  | { kind: 'window'; action: string; fields: Array<{ name: string; value: string }> };
