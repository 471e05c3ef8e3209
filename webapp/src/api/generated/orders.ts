// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]?: JsonValue } | null;

export type Money = number;

export type OrderStatus = "cart" | "draft" | "processing" | "approved" | "cancelled";

export type PaymentStatus = "pending" | "authorized" | "paid" | "refunded" | "cancelled";

export type DeskPayment = "cash" | "card" | "invoice" | "free";

export type PaidCard = { brand: string, last4: string, expMonth: number, expYear: number, };

export type CardPayment = { provider: string, reference: string, amount: Money, card: PaidCard | null, 
/**
 * Reserved only: to be captured with 'Hæv betaling'.
 */
authorizedOnly: boolean, };

export type InvoicingType = "single" | "rates";

export type Invoicing = { type: InvoicingType | null, prePaymentDate: string | null, invoiceDate: string | null, 
/**
 * Basis points of a percent (250 = 2,50 %).
 */
rateFee: number | null, splitPayments: boolean, };

export type ExtraInfoValue = { title: string, value: string | null, values: Array<string> | null, };

export type LineOption = { productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, type: string | null, 
/**
 * Per unit of the line.
 */
price: Money, prePayment: boolean, };

export type OrderLine = { id: string, productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, 
/**
 * The product type: product, ticket, seat-ticket (or category).
 */
type: string | null, 
/**
 * Per unit.
 */
price: Money, 
/**
 * Off per unit.
 */
discount: Money, amount: number, options: Array<LineOption>, prePayment: boolean, vatExempt: boolean, seat: string | null, seatEvent: string | null, seatEventId: string | null, seatCategoryId: string | null, extraInfo: Array<ExtraInfoValue>, description: string | null, };

export type VatSettings = { pricesWithVat: boolean, 
/**
 * Basis points: 2500 = 25 %.
 */
vatRate: number, disableVat: boolean, };

export type Totals = { 
/**
 * Without VAT, after every discount.
 */
subtotal: Money, 
/**
 * All discounts: line discounts × amounts plus the order discount.
 */
discount: Money, 
/**
 * Fees (the rates fee), without VAT.
 */
additionalFee: Money, vat: Money, total: Money, prePaymentTotal: Money, regularTotal: Money, };

export type DeliveryMethod = "address" | "pickup";

export type DeliveryAddress = { name: string, street: string, postcode: string, city: string, };

export type Delivery = { method: DeliveryMethod, address: DeliveryAddress | null, };

export type LineDto = { total: Money, id: string, productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, 
/**
 * The product type: product, ticket, seat-ticket (or category).
 */
type: string | null, 
/**
 * Per unit.
 */
price: Money, 
/**
 * Off per unit.
 */
discount: Money, amount: number, options: Array<LineOption>, prePayment: boolean, vatExempt: boolean, seat: string | null, seatEvent: string | null, seatEventId: string | null, seatCategoryId: string | null, extraInfo: Array<ExtraInfoValue>, description: string | null, };

export type CompanyRef = { id: string, name: string, address: string | null, zipCode: string | null, city: string | null, };

export type ContactRef = { id: string, firstname: string, lastname: string, email: string | null, phone: string | null, mobile: string | null, };

export type OrderDto = { id: string | null, version: number, orderNumber: number | null, status: OrderStatus, paymentStatus: PaymentStatus, 
/**
 * The card payment a provider reported (provider, reference, amount, card).
 */
cardPayment: CardPayment | null, 
/**
 * A point-of-sale order: how it was paid at the desk.
 */
deskPayment: DeskPayment | null, createDate: string | null, firstname: string, lastname: string, email: string, phone: string, description: string | null, internal: string | null, additional: string | null, categoryId: string | null, 
/**
 * Custom field id → value.
 */
fieldValues: Record<string, string>, extraInfo: Array<ExtraInfoValue>, orderLines: Array<LineDto>, orderDiscount: Money, subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, prePaymentTotal: Money, regularTotal: Money, companyId: string | null, company: CompanyRef | null, contactId: string | null, contact: ContactRef | null, contractId: string | null, contract: JsonValue | null, invoicing: Invoicing, isPos: boolean, pricesWithVat: boolean, vatRate: number, disableVat: boolean, 
/**
 * A web-shop order's delivery: the address the buyer gave, or pick-up at the club.
 */
delivery: Delivery | null, };

export type OrderListRow = { Id: string, OrderNumber: number, Number: number, 
/**
 * An `OrderStatus` as the aggregate names it.
 */
Status: OrderStatus, PaymentStatus: PaymentStatus, IsPOS: boolean, Contact: string | null, Firstname: string, Lastname: string, Company: string | null, Event: string | null, OrderLines: number, 
/**
 * Øre.
 */
Total: number, CreateDate: string, };

export type OrderTicket = { id: string, code: string, number: number, name: string | null, company: string | null, product: string, section: string | null, row: string | null, seatNumber: string | null, options: Array<string>, extraInfo: Array<ExtraInfoValue>, 
/**
 * 'issued' or 'voided'.
 */
status: string, scanned: boolean, };

/** Every event type of the order, as the history API names them. */
export const ORDER_EVENT_TYPES = [
  'Created',
  'CustomerChanged',
  'NotesChanged',
  'CompanyChanged',
  'ContactChanged',
  'ContractLinked',
  'CategoryChanged',
  'FieldValuesChanged',
  'ExtraInfoChanged',
  'InvoicingChanged',
  'LineAdded',
  'LineChanged',
  'LineRemoved',
  'LinesReordered',
  'OrderDiscountChanged',
  'ProcessingStarted',
  'Approved',
  'Reopened',
  'Cancelled',
  'Deleted',
  'PaymentStatusChanged',
  'PaymentCaptured',
  'CardPaymentRecorded',
  'PaymentRefunded',
  'PaymentVoided',
  'DeliveryChosen',
  'PaymentLinkSent',
  'ConfirmationSent',
  'DeskPaymentRecorded',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
