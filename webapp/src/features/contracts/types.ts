/**
 * Contracts (issue 12, spec 3 §3 Contract). The server's types are generated from the Rust types
 * (`src/api/generated/contracts.ts`); the offered products are written by hand
 * (`offeredProducts.ts`). This file names them for the feature and adds what only the screens use.
 */

import type * as api from '../../api/generated/contracts';
import type * as orders from '../../api/generated/orders';
import type * as offered from './offeredProducts';

export { CONTRACT_EVENT_TYPES } from '../../api/generated/contracts';

export const CONTRACT_STATUSES = [
  'draft',
  'renewal',
  'approved',
  'cancelled',
] as const satisfies readonly api.ContractStatus[];
export type ContractStatus = api.ContractStatus;

export const AGREEMENT_STATUSES = [
  'unsent',
  'scheduled',
  'sent',
  'negotiation',
  'signed',
  'renegotiation',
] as const satisfies readonly api.AgreementStatus[];
export type AgreementStatus = api.AgreementStatus;

export const UNITS = ['stk', 'person', 'meter'] as const satisfies readonly api.Unit[];
export type Unit = api.Unit;

export const PLAN_KINDS = [
  'single',
  'rates',
  'recurring',
  'customPeriod',
] as const satisfies readonly api.PlanKind[];
/** null = no invoicing method ('Ingen'). */
export type PlanKind = api.PlanKind;

export type InvoicingPlan = api.InvoicingPlan;
export type CustomPeriod = api.CustomPeriod;

/** A line as the server sends it (with its total), and as the form holds it. */
export type ContractLine = api.ContractLineDto;

export type ContractCompany = orders.CompanyRef;
export type ContractContact = orders.ContactRef;
export type ContractLink = api.ContractLink;
export type Signing = api.Signing;

/** The contract as its page reads it (`GET /contracts/{id}`, `GET /contracts/new`). */
export type Contract = api.ContractDto;

/** A row of the contracts list. */
export type ContractRow = api.ContractListRow;

export type ContractSetup = offered.ContractSetup;
export type ContractProduct = offered.ContractProduct;
export type ContractProductVariant = offered.ContractProductVariant;
/** GET /contracts/products: the products offered on contracts, one group per product category. */
export type ProductGroup = offered.ProductGroup;

export interface ContractFilter {
  search: string;
  status?: ContractStatus;
  /** Only this company's contracts (the company page's 'Vis alle'). */
  companyId?: string;
  agreementStatus?: AgreementStatus;
  ownerId?: string;
}

/** The body of the status changes (approve, edit, cancel, renew, reactivate). */
export interface ContractVersion {
  id: string;
  version: number;
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

/** A custom field definition of an order category (GET /orders/fields?categoryId=). */
export interface ContractField {
  id: string;
  title: string;
  type: FieldType;
  values: string[];
  defaultValue: string | null;
  sorting: number | null;
}
