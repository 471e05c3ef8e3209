// The board's server types are generated from the Rust types (src/api/generated/contracts.ts).
import type {
  AgreementStatus,
  ContractStatus,
  PipelineCard,
  PipelineColumn,
} from '../../api/generated/contracts';

export type { AgreementStatus, ContractStatus, PipelineCard, PipelineColumn };

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
export type { UserListItem as PipelineUser } from '../../api/generated/session';
