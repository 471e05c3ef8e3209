// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { Money } from './orders';

export type ProfileOrderKind = "booking" | "shop";

export type ProfileOrderStatus = "pending" | "confirmed" | "cancelled";

export type ProfileEvent = { id: string, title: string, start: string, };

export type ProfileOrderLine = { title: string, amount: number, };

export type ProfileTicket = { ticketId: string, number: number, orderId: string, orderNumber: number, event: ProfileEvent | null, product: string, name: string | null, section: string | null, row: string | null, seatNumber: string | null, status: string, download: string | null, };

export type ProfileOrder = { id: string, number: number, createdAt: string, kind: ProfileOrderKind, status: ProfileOrderStatus, total: Money, event: ProfileEvent | null, lines: Array<ProfileOrderLine>, tickets: Array<ProfileTicket>, canResend: boolean, };

export type ProfileOrders = { orders: Array<ProfileOrder>, tickets: Array<ProfileTicket>, };
