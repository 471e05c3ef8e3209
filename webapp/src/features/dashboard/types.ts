// These types mirror the server's dashboard rows; they give way to the generated ones
// (src/api/generated) once the server's Rust types export them.

/** A row of POST /api/dashboard/renegotiations: a contract up for renewal. */
export interface RenegotiationRow {
  id: string;
  contractNumber: number;
  /** The company's name, else the contact's. */
  name: string | null;
  /** A calendar day, 'YYYY-MM-DD'. */
  renewDate: string;
}

/** A row of POST /api/dashboard/leads-followup: a lead whose follow-up day has come. */
export interface LeadFollowupRow {
  id: string;
  name: string;
  owner: string | null;
  /** A calendar day, 'YYYY-MM-DD'. */
  followUpDate: string;
}

/** A row of POST /api/dashboard/invoices: a contract's next planned invoice (amount in øre
 * without VAT); and a chart's answer (POST /api/dashboard/invoiced-amount?year=, …): one amount
 * per label — months ('YYYY-MM') or product titles; the pie's are 'Faktureret' and 'Resterende'. */
export type {
  PlannedInvoiceRow as NextInvoiceRow,
  Chart as AmountSeries,
} from '../../api/generated/dashboard';
