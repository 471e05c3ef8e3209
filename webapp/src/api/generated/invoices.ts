// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money, OrderLine } from './orders';

export type InvoiceKind = "invoice" | "creditNote";

export type InvoiceSource = { "type": "order", orderId: string, key: string, } | { "type": "contract", contractId: string, planKey: string, } | { "type": "subscription", subscriptionId: string, period: string, };

export type InvoiceCustomer = { companyId: string | null, contactId: string | null, name: string, attention: string | null, address: string | null, zipCode: string | null, city: string | null, cvr: string | null, ean: string | null, email: string | null, };

export type InvoiceDto = { id: string, version: number, kind: InvoiceKind, number: number | null, isDraft: boolean, externalNumber: string | null, source: InvoiceSource | null, creditOf: string | null, creditedBy: string | null, customer: InvoiceCustomer, description: string | null, lines: Array<OrderLine>, invoiceDate: string | null, dueDate: string | null, bookedAt: string | null, sentAt: string | null, paidOn: string | null, receiptSent: boolean, subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, };

export type InvoiceListRow = { Id: string, Number: number | null, 
/**
 * 'Bogføringsnummer'.
 */
ExternalNumber: string | null, 
/**
 * 'invoice' or 'creditNote'.
 */
Type: string, IsDraft: boolean, IsSent: boolean, IsPaid: boolean, Company: string | null, 
/**
 * The customer as the invoice names it (the company, or the contact person).
 */
Contact: string, InvoiceDate: string | null, DueDate: string | null, PaymentDate: string | null, 
/**
 * Øre; negative for a credit note.
 */
Total: number, 
/**
 * Where it came from: 'orders' or 'contracts' (or 'subscriptions').
 */
Collection: string | null, OrderId: string | null, ContractId: string | null, };

/** Every event type of the invoice, as the history API names them. */
export const INVOICE_EVENT_TYPES = [
  'Created',
  'DateChanged',
  'Booked',
  'ExternalNumberSet',
  'Sent',
  'MarkedSent',
  'Paid',
  'ReceiptSent',
  'Credited',
  'Deleted',
] as const;
export type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];
