// These types mirror the server's answers for the pipeline board (contracts area); they give way to
// the generated ones (src/api/generated) once the server's Rust types export them.

export type ContractStatus = 'draft' | 'renewal' | 'approved' | 'cancelled';

export type AgreementStatus =
  'unsent' | 'scheduled' | 'sent' | 'negotiation' | 'signed' | 'renegotiation';

/** A contract on the board. Money is integer øre. */
export interface PipelineCard {
  id: string;
  contractNumber: number;
  status: ContractStatus;
  agreementStatus: AgreementStatus;
  company: string | null;
  category: string | null;
  ownerId: string | null;
  renewDate: string | null;
  amount: number;
  total: number;
  subtotal: number;
  /** How many invoices the contract has, and how many of them are paid. */
  invoices: number;
  invoicesPaid: number;
}

/** One column of the board: its cards, their count and their sums with and without VAT. */
export interface PipelineColumn {
  contracts: PipelineCard[];
  count: number;
  total: number;
  totalSubtotal: number;
}

export const SALES_COLUMNS = ['draft', 'scheduled', 'negotiation', 'sent', 'approved'] as const;
export type SalesColumn = (typeof SALES_COLUMNS)[number];

export const RENEGOTIATION_COLUMNS = [
  'sixMonths',
  'threeMonths',
  'oneMonth',
  'overdue',
  'overdueMore',
] as const;
export type RenegotiationColumn = (typeof RENEGOTIATION_COLUMNS)[number];

export type PipelineBoard<Column extends string> = Partial<Record<Column, PipelineColumn>>;

export type PipelineKind = 'sales' | 'renegotiation';

/** POST /api/contracts/agreement-status. */
export interface AgreementStatusChange {
  id: string;
  /** null: the change is made on whatever version the contract has (the board holds none). */
  version: number | null;
  agreementStatus: AgreementStatus;
}

/** A staff member to filter the board by (GET /api/app/users). */
export interface PipelineUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  picture: string | null;
}
