/**
 * STAND-IN for `src/api/generated/contracts.ts`. These are the server's contract types (issue 12)
 * written by hand under the names ts-rs gives the Rust types (`ContractDto`, `ContractLineDto`,
 * `InvoicingPlan`, `ContractListRow` …), because the generated file does not exist yet. When
 * `TRIBUNE_BLESS=1 cargo test -p tribune-api generated` writes it, delete this file and point the
 * one import in `types.ts` at '../../api/generated/contracts'; nothing else changes.
 *
 * Money is integer øre, days 'YYYY-MM-DD', `createDate` and `signedAt` RFC 3339.
 */

import type { CompanyRef, ContactRef, LineDto, OrderLine } from '../../api/generated/orders';

export type { CompanyRef, ContactRef };

export type ContractStatus = 'draft' | 'renewal' | 'approved' | 'cancelled';

export type AgreementStatus =
  'unsent' | 'scheduled' | 'sent' | 'negotiation' | 'signed' | 'renegotiation';

/** A contract line's unit (the product's contractSetup.unit). */
export type Unit = 'stk' | 'person' | 'meter';

/** An order line with the unit it is counted in. */
export type ContractLine = OrderLine & { unit: Unit };

/** A line as the server sends it: with its total. */
export type ContractLineDto = LineDto & { unit: Unit };

export type PlanKind = 'single' | 'rates' | 'recurring' | 'customPeriod';

export type CustomPeriod = { date: string | null; amount: number };

export type InvoicingPlan = {
  /** null: no invoicing method ('Ingen'). */
  type: PlanKind | null;
  prePaymentDate: string | null;
  invoiceDate: string | null;
  /** Recurring: a set amount per invoice; null uses the suggested amount. */
  amount: number | null;
  /** Recurring and custom periods: months between invoices. */
  intervals: number | null;
  startDate: string | null;
  /** Basis points of a percent (250 = 2,50 %), for rates. */
  rateFee: number | null;
  customPeriods: Array<CustomPeriod>;
  splitPayments: boolean;
};

/** Another contract this one is linked to ('Forny': its predecessor or successor). */
export type ContractLink = { id: string; contractNumber: number };

export type Signing = {
  signerName: string;
  signerEmail: string;
  signedAt: string;
  ip: string;
  userAgent: string;
  documentSha256: string;
};

export type ContractDto = {
  id: string | null;
  version: number;
  contractNumber: number | null;
  status: ContractStatus;
  agreementStatus: AgreementStatus;
  createDate: string | null;
  categoryId: string | null;
  seasonId: string | null;
  description: string | null;
  internal: string | null;
  additional: string | null;
  contractDescription: string | null;
  supplementalDescription: string | null;
  startDate: string | null;
  endDate: string | null;
  noEndDate: boolean;
  renewDate: string | null;
  ownerId: string | null;
  companyId: string | null;
  company: CompanyRef | null;
  contactId: string | null;
  contact: ContactRef | null;
  contractLines: Array<ContractLineDto>;
  orderDiscount: number;
  subtotal: number;
  discount: number;
  additionalFee: number;
  vat: number;
  total: number;
  prePaymentTotal: number;
  regularTotal: number;
  invoicing: InvoicingPlan;
  fieldValues: Record<string, string>;
  pricesWithVat: boolean;
  vatRate: number;
  disableVat: boolean;
  renewalOf: ContractLink | null;
  renewedBy: ContractLink | null;
  /** Sent for signing and not signed since. */
  awaitingSignature: boolean;
  signing: Signing | null;
  /** The signed copy among the contract's files. */
  signedFileId: string | null;
};

/** One row of the contracts list (POST /contracts). */
export type ContractListRow = {
  Id: string;
  Status: ContractStatus;
  AgreementStatus: AgreementStatus;
  ContractNumber: number;
  /** How many invoices the contract has. */
  Invoices: number;
  Company: string | null;
  Contact: string | null;
  /** Øre. */
  Subtotal: number;
  /** Øre. */
  Total: number;
  Files: number;
};

/** How a product is offered as a simple contract line (the product's contractSetup). */
export type ContractSetup = {
  type: 'checkbox' | 'number' | 'text' | 'number-text';
  /** For number and number-text: what the number is; null reads as 'amount'. */
  amountType: 'amount' | 'price' | 'amount-price' | null;
  unit: Unit | null;
  /** A checkbox product ticked on a new contract. */
  preSelected: boolean;
};

export type ContractProductVariant = {
  id: string;
  title: string;
  sku: string | null;
  price: number | null;
  active: boolean;
};

/** A product offered on contracts (GET /contracts/products). */
export type ContractProduct = {
  id: string;
  title: string;
  sku: string | null;
  type: 'product' | 'ticket' | 'seat-ticket';
  price: number;
  prePayment: boolean;
  vatExempt: boolean;
  variants: Array<ContractProductVariant>;
  contractSetup: ContractSetup;
};

/** The products of one product category offered on contracts; `isHidden`: hideOnContract. */
export type ProductGroup = {
  category: { id: string; title: string };
  isHidden: boolean;
  products: Array<ContractProduct>;
};

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
