/**
 * Orders (contract "Orders API", issue 5): money is integer øre, invoicing days 'YYYY-MM-DD',
 * `createDate` an RFC 3339 timestamp.
 */

export const ORDER_STATUSES = ['cart', 'draft', 'processing', 'approved', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVOICING_TYPES = ['single', 'rates'] as const;
/** null = no invoicing method ('Ingen'). */
export type InvoicingType = (typeof INVOICING_TYPES)[number];

export interface OrderLineOption {
  productId: string;
  variantId: string | null;
  title: string;
  variant: string | null;
  sku: string | null;
  type: string | null;
  /** Øre per unit of the line. */
  price: number;
  prePayment: boolean;
}

export interface ExtraInfoValue {
  title: string;
  value?: string | null;
  values?: string[] | null;
}

export interface OrderLine {
  /** A uuid; the client makes one for a new line. */
  id: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variant: string | null;
  sku: string | null;
  /** The product type: 'product' | 'ticket' | 'seat-ticket' (or 'category'). */
  type: string | null;
  price: number;
  discount: number;
  amount: number;
  options: OrderLineOption[];
  prePayment: boolean;
  vatExempt: boolean;
  /** 'X-Y' for seat-ticket lines. */
  seat: string | null;
  seatEvent: string | null;
  seatEventId: string | null;
  seatCategoryId: string | null;
  extraInfo: ExtraInfoValue[];
  description: string | null;
  /** Read-only, computed by the server: (price − discount + Σ option prices) × amount. */
  total: number;
}

export interface Invoicing {
  type: InvoicingType | null;
  prePaymentDate: string | null;
  invoiceDate: string | null;
  /** Basis points of a percent: 250 = 2,50 %. */
  rateFee: number | null;
  splitPayments: boolean;
}

export interface OrderCompany {
  id: string;
  name: string;
  address: string | null;
  zipCode: string | null;
  city: string | null;
}

export interface OrderContact {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
}

export interface OrderContractRef {
  id: string;
  contractNumber: number | null;
}

/** The club's VAT settings as the order carries them (for showing totals). */
export interface VatSettings {
  pricesWithVat: boolean;
  /** Basis points: 2500 = 25 %. */
  vatRate: number;
  disableVat: boolean;
}

export interface OrderTotals {
  subtotal: number;
  discount: number;
  additionalFee: number;
  vat: number;
  total: number;
  prePaymentTotal: number;
  regularTotal: number;
}

export interface Order extends OrderTotals, VatSettings {
  /** null when creating. */
  id: string | null;
  /** The aggregate's sequence: sent back with every write (0 for a new order). */
  version: number;
  orderNumber: number | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createDate: string | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  description: string | null;
  internal: string | null;
  additional: string | null;
  categoryId: string | null;
  /** Custom field id → value (text). */
  fieldValues: Record<string, string>;
  extraInfo: ExtraInfoValue[];
  orderLines: OrderLine[];
  orderDiscount: number;
  companyId: string | null;
  company: OrderCompany | null;
  contactId: string | null;
  contact: OrderContact | null;
  contractId: string | null;
  contract: OrderContractRef | null;
  invoicing: Invoicing;
  isPos: boolean;
}

/** A row of the orders list (the spec's names). */
export interface OrderRow {
  Id: string;
  OrderNumber: number | null;
  Number: number | null;
  Status: OrderStatus;
  PaymentStatus: PaymentStatus;
  IsPOS: boolean;
  Contact: string | null;
  Firstname: string;
  Lastname: string;
  Company: string | null;
  Event: string | null;
  OrderLines: number;
  Total: number;
  CreateDate: string;
}

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

export interface OrderTicket {
  id: string;
  number: string | number | null;
  name: string | null;
  company: string | null;
  product: string | null;
  section: string | null;
  row: string | null;
  seatNumber: string | null;
  options: (string | { title: string })[] | null;
  extraInfo: ExtraInfoValue[] | null;
}

/** A row of an order's invoice table (the invoices list's names). */
export interface OrderInvoice {
  Id: string;
  Number: number | null;
  Type: 'invoice' | 'creditnote' | string;
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

export interface Choice {
  id: string;
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

export interface ProductVariant {
  id?: string;
  title: string;
  sku: string | null;
  price: number | null;
  active?: boolean;
}

export interface ProductOptionSetup {
  productId: string | null;
  variantId: string | null;
  priceOverride: boolean;
  price: number | null;
  preSelected?: boolean;
}

/** GET products/{id}: the parts of the full product an order line takes. */
export interface OrderProduct {
  id: string;
  title: string;
  sku: string | null;
  type: string | null;
  price: number | null;
  prePayment: boolean;
  vatExempt: boolean;
  variants: ProductVariant[];
  options: ProductOptionSetup[];
}
