// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { DeskPayment, Money } from './orders';
import type { SeatCategory } from './booking';

export type PosKind = "ticket" | "seat-ticket" | "product";

export type PosProduct = { productId: string, kind: PosKind, title: string, 
/**
 * Per unit, VAT included.
 */
price: Money, 
/**
 * How many are left now (places or stock); null: no limit. A hint: the sale decides.
 */
available: number | null, 
/**
 * Free tickets the chosen company's agreements still grant of it.
 */
allowance: number, 
/**
 * A seat ticket's categories on the event's chart (none: not a seat ticket).
 */
seatCategories: Array<SeatCategory>, };

export type PosProducts = { products: Array<PosProduct>, 
/**
 * The club has switched VAT off: VAT is 0.
 */
vatDisabled: boolean, 
/**
 * The event has a seat chart.
 */
seating: boolean, };

export type PosLine = { productId: string | null, 
/**
 * Minimum 0; a line of 0 sells nothing.
 */
amount: number, 
/**
 * A seat ticket's seat ('A-12').
 */
seat: string | null, 
/**
 * The hold session that holds the seat.
 */
holdToken: string | null, };

export type PosCustomer = { companyId: string | null, firstname: string, lastname: string, 
/**
 * The tickets are mailed here when given.
 */
email: string, phone: string, };

export type PosCart = { eventId: string | null, products: Array<PosLine>, 
/**
 * Not taken at the desk: the discount is always 0 (spec 2 §9); a code sent is refused on
 * `discountCode`, so nobody is charged as if it had been taken.
 */
discountCode: string | null, subtotal: Money, discount: Money, vat: Money, total: Money, 
/**
 * When the hold session runs out, if the desk stops extending it.
 */
expires: string | null, 
/**
 * The sale's hold session (its seats).
 */
holdToken: string | null, customer: PosCustomer, 
/**
 * Required when there is something to pay; an invoice needs a company.
 */
paymentMethod: DeskPayment | null, 
/**
 * The sale's key: the same key confirms once (a double click, a retried request).
 */
saleKey: string | null, };

export type PosPricedLine = { productId: string, title: string, seat: string | null, amount: number, 
/**
 * Paid by the company's agreements.
 */
free: number, price: Money, total: Money, };

export type PosPrice = { lines: Array<PosPricedLine>, subtotal: Money, discount: Money, vat: Money, total: Money, };

export type PosOrder = { id: string, orderNumber: number, createDate: string, lines: Array<PosPricedLine>, subtotal: Money, vat: Money, total: Money, paymentMethod: DeskPayment, 
/**
 * 'Kontant', 'Betalingskort', 'Faktura', 'Fribilletter'.
 */
paymentLabel: string, company: string | null, };

export type PosTicket = { 
/**
 * The ticket's code: its QR code and its public link.
 */
ticketId: string, number: number, name: string, product: string, section: string | null, row: string | null, seatNumber: string | null, 
/**
 * The ticket as a PDF.
 */
pdf: string, };

export type PrintKind = "receipt" | "ticket";

export type PosPrint = { kind: PrintKind, 
/**
 * 'Kvittering 10234', 'Billet 17'.
 */
title: string, data: string, };

export type PosResult = { order: PosOrder, tickets: Array<PosTicket>, prints: Array<PosPrint>, };

export type Released = { released: bigint, };
