import type { ExtraInfo } from '../../shared/extraInfo';

/** Company status (spec 1 §4): 0 Lead, 1 Kunde, 2 Under forhandling, 99 Opsagt. */
export const COMPANY_STATUSES = [0, 1, 2, 99] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export interface CompanyContact {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
}

export interface TicketLimit {
  productId: string;
  maxAmount: number;
}

/** By event type id. */
export type TicketLimits = Record<string, TicketLimit[]>;

export interface Company {
  id: string;
  /** The version it was read with: its editor sends it back with the save (stale: 409). */
  version: number;
  name: string;
  cvr: string | null;
  ean: string | null;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  status: CompanyStatus;
  followUpDate: string | null;
  vatExcluded: boolean;
  useEAN: boolean;
  logoWeb: string | null;
  logoPrint: string | null;
  extraInfo: ExtraInfo | null;
  ticketLimits: TicketLimits | null;
  ownerId: string | null;
  contacts: CompanyContact[];
}

export interface CompanyOrder {
  id: string;
  orderNumber: string | number;
  status: string;
  createDate: string;
  subtotal: number;
  additionalFee: number;
  total?: number;
}

/** A contract as the company page lists it (GET companies/{id}: data.contracts, newest first). */
export interface CompanyContract {
  id: string;
  contractNumber: string | number;
  category: string | { title?: string | null } | null;
  status: string;
  startDate: string | null;
  endDate: string | null;
  noEndDate: boolean;
  renewDate: string | null;
  subtotal: number;
  additionalFee: number;
  /** With VAT; the list shows subtotal plus additional fee (spec 1 §3). */
  total?: number;
}

export interface CompanyDetails {
  company: Company;
  orders: CompanyOrder[];
  contracts: CompanyContract[];
}

/** A row of POST /api/companies. */
export interface CompanyRow {
  Id: string;
  Name: string;
  CVR: string | null;
  Address: string | null;
  ZipCode: string | null;
  City: string | null;
  Email: string | null;
  Phone: string | null;
  FollowUpDate: string | null;
  Utilization: number;
  LogoWeb: string | null;
  Status: CompanyStatus;
}

export interface CompanyFilter {
  status: CompanyStatus | null;
  search: string;
}

/** A proposal of the CVR lookup. */
export interface CvrCompany {
  name: string;
  cvr: string;
  address: string | null;
  zipCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface EventTypesAndProducts {
  eventTypes: { id: string; title: string }[];
  products: { id: string; title: string }[];
}

export interface TicketUtilization {
  id: string;
  product: string;
  used: number;
  total: number;
  utilization: number;
}

/** The payload of POST /api/companies/update (`data`). */
export interface CompanyPayload extends Omit<Company, 'id' | 'version' | 'contacts'> {
  id: string | null;
  /** The version the editor read; null for a new company. */
  version: number | null;
  contactIds: string[];
}

export interface StaffUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  picture: string | null;
}

export interface NewContactPerson {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  mobile: string;
}
