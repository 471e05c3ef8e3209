/**
 * Orders (contract "Orders API", issue 5): money is integer øre, invoicing days 'YYYY-MM-DD',
 * `createDate` an RFC 3339 timestamp. What the server sends is generated from its Rust types
 * (api/generated/orders.ts); this file names them for the feature and adds what only the
 * screens use.
 */

import type * as api from '../../api/generated/orders';

export const ORDER_STATUSES = [
  'cart',
  'draft',
  'processing',
  'approved',
  'cancelled',
] as const satisfies readonly api.OrderStatus[];
export type OrderStatus = api.OrderStatus;

export const PAYMENT_STATUSES = [
  'pending',
  'authorized',
  'paid',
  'refunded',
  'cancelled',
] as const satisfies readonly api.PaymentStatus[];
export type PaymentStatus = api.PaymentStatus;

export const INVOICING_TYPES = ['single', 'rates'] as const satisfies readonly api.InvoicingType[];
/** null = no invoicing method ('Ingen'). */
export type InvoicingType = api.InvoicingType;

export type OrderLineOption = api.LineOption;

export type ExtraInfoValue = api.ExtraInfoValue;

/** A line as the server sends it: with its total, computed by the server. */
export type OrderLine = api.LineDto;

export type Invoicing = api.Invoicing;

export type OrderCompany = api.CompanyRef;

export type OrderContact = api.ContactRef;

export interface OrderContractRef {
  id: string;
  contractNumber: number | null;
}

/** The club's VAT settings as the order carries them (for showing totals). */
export type VatSettings = api.VatSettings;

export type OrderTotals = api.Totals;

/** The order as its page reads it (`GET /orders/{id}`). */
export type Order = Omit<api.OrderDto, 'contract'> & {
  /** Contracts arrive with their own issue; the server sends the linked one's reference. */
  contract: OrderContractRef | null;
};

/** A row of the orders list (the spec's names). */
export type OrderRow = api.OrderListRow;

export interface OrderFilter {
  search: string;
  /** Only this company's orders (from the company page). */
  companyId?: string;
}

/** The body of the state changes (approve, edit, cancel). */
export interface OrderVersion {
  id: string;
  version: number;
}

/** A row of an order's invoice table (the invoices list's names). */
export interface OrderInvoice {
  Id: string;
  Number: number | null;
  Type: 'invoice' | 'creditNote' | string;
  IsDraft: boolean;
  IsSent: boolean;
  IsPaid: boolean;
  InvoiceDate: string | null;
  PaymentDate: string | null;
  Total: number;
}

export interface ContractChoice {
  id: string;
  contractNumber: number | null;
  title: string;
}

export const FIELD_TYPES = [
  'Text',
  'RichText',
  'Number',
  'Dropdown',
  'Date',
  'DateTime',
  'Time',
  'Checkbox',
  'Upload',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A custom field definition of an order category. */
export interface OrderField {
  id: string;
  title: string;
  type: FieldType;
  values: string[];
  defaultValue: string | null;
  sorting: number | null;
}
