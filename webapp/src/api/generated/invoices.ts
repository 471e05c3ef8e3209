// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money, OrderLine } from './orders';
import type { RecordName } from './history';

export type InvoiceKind = "invoice" | "creditNote";

export type InvoiceSource = { "type": "order", orderId: string, key: string, } | { "type": "contract", contractId: string, planKey: string, } | { "type": "subscription", subscriptionId: string, period: string, };

export type InvoiceCustomer = { companyId: string | null, contactId: string | null, name: string, attention: string | null, address: string | null, zipCode: string | null, city: string | null, cvr: string | null, ean: string | null, email: string | null, };

export type RowKind = "line" | "group" | "other";

export type InvoiceRow = { kind: RowKind, title: string, sku: string | null, 
/**
 * A single line's quantity; 1 for a summed row.
 */
amount: number, 
/**
 * A single line's unit price and unit discount; a summed row's total and no discount.
 */
unitPrice: Money, discount: Money, total: Money, 
/**
 * Every line of the row is VAT exempt.
 */
vatExempt: boolean, 
/**
 * The lines the row is made of, in the invoice's order.
 */
lines: Array<string>, 
/**
 * A group's shown lines, "2 × Voksen".
 */
parts: Array<string>, };

export type InvoiceDto = { id: string, version: number, kind: InvoiceKind, number: number | null, isDraft: boolean, externalNumber: string | null, source: InvoiceSource | null, creditOf: string | null, creditedBy: string | null, customer: InvoiceCustomer, description: string | null, lines: Array<OrderLine>, 
/**
 * What the invoice prints: its lines grouped by invoice group, under their invoice
 * titles, without the lines not shown on the invoice (spec 3 §3).
 */
rows: Array<InvoiceRow>, invoiceDate: string | null, dueDate: string | null, bookedAt: string | null, sentAt: string | null, paidOn: string | null, receiptSent: boolean, subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, };

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

export type Tally = { count: number, amount: number, };

export type FinanceMonth = { 
/**
 * The month's first day.
 */
month: string, invoiced: Tally, credited: Tally, paid: Tally, };

export type AgeBucket = { fromDays: number, toDays: number | null, tally: Tally, };

export type InvoiceFigures = { 
/**
 * The last twelve months, oldest first, this month last.
 */
months: Array<FinanceMonth>, overdue: Array<AgeBucket>, 
/**
 * Booked invoices and credit notes that e-conomic has not booked yet.
 */
unbooked: Tally, 
/**
 * Drafts waiting for approval.
 */
drafts: Tally, };

export type FinanceOverview = { 
/**
 * The Danish day the figures are of.
 */
today: string, invoices: InvoiceFigures, 
/**
 * The club books its invoices in e-conomic (else 'Ikke bogført' means nothing).
 */
economic: boolean, };

export type EconomicBooking = { customerNumber: number | null, draftNumber: number | null, bookedNumber: number | null, updatedAt: string, };

export type PaymentLine = { number: number, 
/**
 * 'stripe' or 'window'.
 */
provider: string, 
/**
 * Øre.
 */
amount: number, 
/**
 * 'started', 'requires_action', 'authorized', 'paid', 'failed', 'cancelled' or 'refunded'.
 */
status: string, reference: string | null, period: string | null, createdAt: string, updatedAt: string, };

export type InvoiceRelated = { 
/**
 * The card payments of the order or subscription period it bills, newest first.
 */
payments: Array<PaymentLine>, 
/**
 * The club books in e-conomic.
 */
economic: boolean, booking: EconomicBooking | null, 
/**
 * Its credit notes, or for a credit note the invoice it credits.
 */
creditRelations: Array<InvoiceListRow>, 
/**
 * The names of the records it mentions (its source, the customer's company and contact).
 */
names: { [key in string]?: RecordName }, };

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
