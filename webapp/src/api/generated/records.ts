// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type AgreementStatus = "unsent" | "scheduled" | "sent" | "negotiation" | "signed" | "renegotiation";

export type CardPayment = { provider: string, reference: string, amount: Money, card: PaidCard | null, 
/**
 * Reserved only: to be captured with 'Hæv betaling'.
 */
authorizedOnly: boolean, };

export type ContractLine = { unit: Unit, id: string, productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, 
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

export type ContractRecord = { clientId: string | null, number: bigint, createdAt: string | null, status: ContractStatus, agreementStatus: AgreementStatus, vat: VatSettings, deleted: boolean, 
/**
 * The contract this one renews ('Forny'), and the one that renews it.
 */
renewalOf: string | null, renewedBy: string | null, 
/**
 * Sent for signing and not signed since.
 */
awaitingSignature: boolean, signing: Signing | null, signedCopy: [string, string] | null, categoryId: string | null, seasonId: string | null, description: string | null, internal: string | null, 
/**
 * Rich text (cleaned on the way in).
 */
additional: string | null, contractDescription: string | null, supplementalDescription: string | null, startDate: string | null, endDate: string | null, noEndDate: boolean, renewDate: string | null, 
/**
 * 'Ansvarlig'.
 */
ownerId: string | null, companyId: string | null, contactId: string | null, lines: Array<ContractLine>, 
/**
 * Set by editing the total: the difference comes off at contract level.
 */
orderDiscount: Money, invoicing: InvoicingPlan, fieldValues: { [key in string]?: string }, };

export type ContractStatus = "draft" | "renewal" | "approved" | "cancelled";

export type CustomPeriod = { date: string | null, amount: Money, };

export type Customer = { firstname: string, lastname: string, email: string, phone: string, };

export type Delivery = { method: DeliveryMethod, address: DeliveryAddress | null, };

export type DeliveryAddress = { name: string, street: string, postcode: string, city: string, };

export type DeliveryMethod = "address" | "pickup";

export type DeskPayment = "cash" | "card" | "invoice" | "free";

export type ExtraInfoValue = { title: string, value: string | null, values: Array<string> | null, };

export type FailedCharge = { period: string, attempt: number, reason: string, finalAttempt: boolean, };

export type GroupPrinting = { id: string, title: string, sku: string | null, sorting: number, };

export type InviteProduct = { productId: string, amount: number, };

export type InviteRecord = { clientId: string | null, products: Array<InviteProduct>, createdAt: string | null, 
/**
 * The invitation went out (invitationSent: yes), first when.
 */
sentAt: string | null, 
/**
 * The last reminder and update sent.
 */
reminderSentAt: string | null, updateSentAt: string | null, 
/**
 * Tickets booked through the invite, over all its bookings.
 */
booked: number, deletedAt: string | null, eventId: string, contactId: string, 
/**
 * The company it was made for (its group on the Invitationer tab), if any.
 */
companyId: string | null, 
/**
 * The contact list it was made from (its group by list), if any.
 */
listId: string | null, token: string, };

export type InvoiceCustomer = { companyId: string | null, contactId: string | null, name: string, attention: string | null, address: string | null, zipCode: string | null, city: string | null, cvr: string | null, ean: string | null, email: string | null, };

export type InvoiceKind = "invoice" | "creditNote";

export type InvoiceRecord = { clientId: string | null, createdAt: string | null, kind: InvoiceKind, source: InvoiceSource | null, 
/**
 * A credit note: the invoice it credits.
 */
creditOf: string | null, 
/**
 * An invoice: the credit note that credits it.
 */
creditedBy: string | null, vat: VatSettings, invoiceDate: string | null, 
/**
 * Given at booking; a draft has none.
 */
number: bigint | null, bookedAt: string | null, 
/**
 * 'Bogføringsnummer' (e-conomic's booked number).
 */
externalNumber: string | null, sentAt: string | null, paidOn: string | null, receiptSent: boolean, deleted: boolean, customer: InvoiceCustomer, 
/**
 * The club's `orders.invoiceDescription`, or the source's own text.
 */
description: string | null, lines: Array<OrderLine>, 
/**
 * Off the lines at invoice level (shared over them in proportion, as on orders).
 */
orderDiscount: Money, 
/**
 * Rate invoicing: a fee of this many basis points of the subtotal.
 */
rateFee: bigint | null, 
/**
 * Days from the invoice date to the due date.
 */
paymentTermsDays: number, 
/**
 * How the lines print (invoice groups, invoice titles, left-out lines), copied from the
 * catalogue when the invoice is made.
 */
printing: Printing, };

export type InvoiceSource = { "type": "order", orderId: string, key: string, } | { "type": "contract", contractId: string, planKey: string, } | { "type": "subscription", subscriptionId: string, period: string, };

export type Invoicing = { type: InvoicingType | null, prePaymentDate: string | null, invoiceDate: string | null, 
/**
 * Basis points of a percent (250 = 2,50 %).
 */
rateFee: number | null, splitPayments: boolean, };

export type InvoicingPlan = { 
/**
 * None: no invoicing method ('Ingen').
 */
type: PlanKind | null, prePaymentDate: string | null, invoiceDate: string | null, 
/**
 * Recurring: a set amount per invoice; None uses the suggested amount.
 */
amount: Money | null, 
/**
 * Recurring and custom periods: months between invoices.
 */
intervals: number | null, startDate: string | null, 
/**
 * Basis points of a percent (250 = 2,50 %), for rates.
 */
rateFee: number | null, customPeriods: Array<CustomPeriod>, splitPayments: boolean, };

export type InvoicingType = "single" | "rates";

export type LineOption = { productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, type: string | null, 
/**
 * Per unit of the line.
 */
price: Money, prePayment: boolean, };

export type LinePrinting = { lineId: string, 
/**
 * The product's invoice title; the line's own title when none.
 */
title: string | null, groupId: string | null, shown: boolean, };

export type Money = number;

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

export type OrderRecord = { clientId: string | null, number: bigint, createdAt: string | null, status: OrderStatus, paymentStatus: PaymentStatus, vat: VatSettings, isPos: boolean, deleted: boolean, 
/**
 * The card payment the provider reported, once there is one.
 */
cardPayment: CardPayment | null, 
/**
 * How a point-of-sale order was paid at the desk.
 */
deskPayment: DeskPayment | null, 
/**
 * Where a web-shop order's products go (chosen at checkout).
 */
delivery: Delivery | null, customer: Customer, description: string | null, internal: string | null, additional: string | null, categoryId: string | null, fieldValues: { [key in string]?: string }, extraInfo: Array<ExtraInfoValue>, lines: Array<OrderLine>, orderDiscount: Money, companyId: string | null, contactId: string | null, contractId: string | null, invoicing: Invoicing, };

export type OrderStatus = "cart" | "draft" | "processing" | "approved" | "cancelled";

export type PaidCard = { brand: string, last4: string, expMonth: number, expYear: number, };

export type PaymentStatus = "pending" | "authorized" | "paid" | "refunded" | "cancelled";

export type PlanKind = "single" | "rates" | "recurring" | "customPeriod";

export type Printing = { lines: Array<LinePrinting>, groups: Array<GroupPrinting>, };

export type SavedCard = { provider: string, customer: string, paymentMethod: string, brand: string, last4: string, expMonth: number, expYear: number, };

export type Signing = { signerName: string, signerEmail: string, signedAt: string, ip: string, userAgent: string, documentSha256: string, };

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

export type SubscriptionRecord = { clientId: string | null, number: bigint, createdAt: string | null, status: SubscriptionStatus, vat: VatSettings, deleted: boolean, content: SubscriptionContent, card: SavedCard | null, 
/**
 * Period key → the provider's reference of its charge.
 */
charged: { [key in string]?: string }, 
/**
 * The last failed charge, until that period is charged.
 */
failed: FailedCharge | null, cancelledByCustomer: boolean, 
/**
 * The first day of the current commitment period once the subscription has renewed by
 * itself (before that, its start date is).
 */
renewedFrom: string | null, 
/**
 * The end date the customer was told the subscription renews after (its renewal notice).
 */
renewalNoticedFor: string | null, };

export type SubscriptionStatus = "draft" | "approved" | "cancelled";

export type TicketOption = { title: string, 
/**
 * Per ticket.
 */
price: Money, };

export type TicketRecord = { clientId: string | null, status: TicketStatus, issuedAt: string | null, 
/**
 * The first scan at the door, and who scanned it.
 */
scannedAt: string | null, scannedBy: string | null, 
/**
 * The seat is back on sale (the ticket keeps where it sat).
 */
seatReleased: boolean, voidedAt: string | null, voidReason: string | null, eventId: string, orderId: string, orderLineId: string, productId: string, productTitle: string, 
/**
 * The unguessable public id the QR code prints and the download link names; the caller
 * makes it (128 random bits), the ticket only keeps it.
 */
code: string, 
/**
 * The human number staff type at the door.
 */
number: number, 
/**
 * The holder's name.
 */
name: string | null, 
/**
 * The product asks for the holder's name: a ticket of it always has one.
 */
nameRequired: boolean, companyId: string | null, companyName: string | null, 
/**
 * Where a seat ticket sits; none for a ticket without a seat.
 */
section: string | null, row: string | null, seatNumber: string | null, options: Array<TicketOption>, extraInfo: Array<ExtraInfoValue>, };

export type TicketStatus = "issued" | "voided";

export type Unit = "stk" | "person" | "meter";

export type VatSettings = { pricesWithVat: boolean, 
/**
 * Basis points: 2500 = 25 %.
 */
vatRate: number, disableVat: boolean, };

/** Every event type of the invite, as the history API names them. */
export const INVITE_EVENT_TYPES = [
  'Created',
  'ProductsSet',
  'Sent',
  'Booked',
  'Deleted',
] as const;

/** Every event type of the ticket, as the history API names them. */
export const TICKET_EVENT_TYPES = [
  'Issued',
  'Scanned',
  'SeatReleased',
  'Renamed',
  'Voided',
] as const;
