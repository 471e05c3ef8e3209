// Generated from the Rust types by api/src/generated_types.rs; do not edit.

import type { CompanyRef, ContactRef, ExtraInfoValue, LineOption, Money } from './orders';

export type ContractStatus = "draft" | "renewal" | "approved" | "cancelled";

export type AgreementStatus = "unsent" | "scheduled" | "sent" | "negotiation" | "signed" | "renegotiation";

export type Unit = "stk" | "person" | "meter";

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

export type PlanKind = "single" | "rates" | "recurring" | "customPeriod";

export type CustomPeriod = { date: string | null, amount: Money, };

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

export type Signing = { signerName: string, signerEmail: string, signedAt: string, ip: string, userAgent: string, documentSha256: string, };

export type ContractLineDto = { total: Money, unit: Unit, id: string, productId: string | null, variantId: string | null, title: string, variant: string | null, sku: string | null, 
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

export type ContractLink = { id: string, contractNumber: number, };

export type ContractDto = { id: string | null, version: number, contractNumber: number | null, status: ContractStatus, agreementStatus: AgreementStatus, createDate: string | null, categoryId: string | null, seasonId: string | null, description: string | null, internal: string | null, additional: string | null, contractDescription: string | null, supplementalDescription: string | null, startDate: string | null, endDate: string | null, noEndDate: boolean, renewDate: string | null, ownerId: string | null, companyId: string | null, company: CompanyRef | null, contactId: string | null, contact: ContactRef | null, contractLines: Array<ContractLineDto>, orderDiscount: Money, subtotal: Money, discount: Money, additionalFee: Money, vat: Money, total: Money, prePaymentTotal: Money, regularTotal: Money, invoicing: InvoicingPlan, 
/**
 * Custom field id → value.
 */
fieldValues: Record<string, string>, pricesWithVat: boolean, vatRate: number, disableVat: boolean, renewalOf: ContractLink | null, renewedBy: ContractLink | null, 
/**
 * Sent for signing and not signed since.
 */
awaitingSignature: boolean, signing: Signing | null, 
/**
 * The signed copy among the contract's files.
 */
signedFileId: string | null, };

export type ContractListRow = { Id: string, Status: ContractStatus, AgreementStatus: AgreementStatus, ContractNumber: number, 
/**
 * How many invoices the contract has: booked, not credited (`invoice_status!`).
 */
Invoices: number, 
/**
 * How many of those are paid.
 */
InvoicesPaid: number, Company: string | null, Contact: string | null, 
/**
 * Øre.
 */
Subtotal: number, Total: number, Files: number, };

export type PipelineCard = { id: string, contractNumber: number, status: ContractStatus, agreementStatus: AgreementStatus, company: string | null, category: string | null, ownerId: string | null, renewDate: string | null, 
/**
 * The card's amount: the total when the club's prices include VAT, else the subtotal (øre).
 */
amount: number, total: number, subtotal: number, 
/**
 * Its invoices (booked, not credited) and how many are paid (`invoice_status!`).
 */
invoices: number, invoicesPaid: number, };

export type PipelineColumn = { contracts: Array<PipelineCard>, 
/**
 * How many contracts the column holds (the cards are the first `PIPELINE_CARDS`).
 */
count: number, 
/**
 * Sums over the whole column, øre.
 */
total: number, totalSubtotal: number, };

export type RenegotiationRow = { id: string, contractNumber: number, name: string | null, renewDate: string | null, };

/** Every event type of the contract, as the history API names them. */
export const CONTRACT_EVENT_TYPES = [
  'Created',
  'CategoryChanged',
  'SeasonChanged',
  'DescriptionChanged',
  'NotesChanged',
  'StartDateChanged',
  'PeriodChanged',
  'OwnerChanged',
  'CompanyChanged',
  'ContactChanged',
  'FieldValuesChanged',
  'InvoicingChanged',
  'LineAdded',
  'LineChanged',
  'LineRemoved',
  'LinesReordered',
  'OrderDiscountChanged',
  'Approved',
  'Reopened',
  'Cancelled',
  'Reactivated',
  'Renewed',
  'Deleted',
  'AgreementStatusChanged',
  'Sent',
  'SentForSigning',
  'Signed',
  'SignedCopyStored',
] as const;
export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];
