// The server's types are generated from the Rust types (src/api/generated/crm.ts and companies.ts).
import type { CompanyListRow } from '../../api/generated/companies';
import type {
  CompanyContract,
  CompanyDto,
  CompanyInput,
  CompanyOrder,
  ContactPick,
  TicketLimit,
  TicketUtilization,
  Titled,
} from '../../api/generated/crm';

export type { CompanyContract, CompanyOrder, TicketLimit, TicketUtilization };
export type { CvrCompany } from '../../api/generated/crm';
/** A staff member as the 'Ansvarlig' picker lists them. */
export type { UserListItem as StaffUser } from '../../api/generated/session';

/** Company status (spec 1 §4): 0 Lead, 1 Kunde, 2 Under forhandling, 99 Opsagt. */
export const COMPANY_STATUSES = [0, 1, 2, 99] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** A contact of the company as its editor holds it: one read with it, or one chosen in the picker. */
export type CompanyContact = Pick<
  ContactPick,
  'id' | 'firstname' | 'lastname' | 'phone' | 'mobile'
> & {
  email: string | null;
};

/** By event type id. */
export type TicketLimits = Record<string, TicketLimit[]>;

/** A company as its editor reads it. */
export type Company = CompanyDto;

export interface CompanyDetails {
  company: Company;
  orders: CompanyOrder[];
  contracts: CompanyContract[];
}

/** A row of POST /api/companies. */
export type CompanyRow = CompanyListRow;

export interface CompanyFilter {
  status: CompanyStatus | null;
  search: string;
}

export interface EventTypesAndProducts {
  eventTypes: Titled[];
  products: Titled[];
}

/** The payload of POST /api/companies/update (`data`). */
export type CompanyPayload = CompanyInput;

export interface NewContactPerson {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  mobile: string;
}
