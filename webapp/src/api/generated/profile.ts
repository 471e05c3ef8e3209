// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money } from './orders';

export type ProfileOrderKind = "booking" | "shop";

export type ProfileOrderStatus = "pending" | "confirmed" | "cancelled";

export type ProfileEvent = { id: string, title: string, start: string, };

export type ProfileOrderLine = { title: string, amount: number, };

export type ProfileTicket = { 
/**
 * The public code the QR prints; also how the PDF is found.
 */
ticketId: string, number: number, orderId: string, orderNumber: number, event: ProfileEvent | null, product: string, name: string | null, section: string | null, row: string | null, seatNumber: string | null, 
/**
 * 'issued', 'scanned' (used at the door) or 'voided'.
 */
status: string, 
/**
 * The ticket's PDF (none for a voided ticket).
 */
download: string | null, };

export type ProfileOrder = { id: string, number: number, createdAt: string, kind: ProfileOrderKind, status: ProfileOrderStatus, total: Money, 
/**
 * The booked event (a shop order has none).
 */
event: ProfileEvent | null, lines: Array<ProfileOrderLine>, 
/**
 * Its tickets in number order.
 */
tickets: Array<ProfileTicket>, 
/**
 * Its confirmation can be sent again (a confirmed order).
 */
canResend: boolean, };

export type ProfileOrders = { orders: Array<ProfileOrder>, tickets: Array<ProfileTicket>, };
