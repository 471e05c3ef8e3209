import type { TFunction } from 'i18next';
import type { BadgeSeverity } from '../../shared/ui/StatusBadge';
import {
  AGREEMENT_STATUSES,
  CONTRACT_STATUSES,
  type AgreementStatus,
  type Contract,
  type ContractStatus,
} from './types';

const STATUS_SEVERITY: Record<ContractStatus, BadgeSeverity> = {
  draft: 'secondary',
  renewal: 'warning',
  approved: 'success',
  cancelled: 'danger',
};

const AGREEMENT_SEVERITY: Record<AgreementStatus, BadgeSeverity> = {
  unsent: 'secondary',
  scheduled: 'info',
  sent: 'info',
  negotiation: 'warning',
  signed: 'success',
  renegotiation: 'warning',
};

/** Kladde, Gentegning, Godkendt, Annulleret (spec 3 §4). */
export function contractStatusLabel(t: TFunction, status: ContractStatus): string {
  return t(`contracts.status.${status}`, { defaultValue: status });
}

export function contractStatusSeverity(status: ContractStatus): BadgeSeverity {
  return STATUS_SEVERITY[status] ?? 'secondary';
}

/** The list's status filter: Kladde, Gentegning, Godkendt, Annulleret. */
export function contractStatusOptions(t: TFunction) {
  return CONTRACT_STATUSES.map((status) => ({
    label: contractStatusLabel(t, status),
    value: status,
  }));
}

/** Ikke afsendt, Møde planlagt, Afsendt, Forhandling, Underskrevet, Genforhandling. */
export function agreementStatusLabel(t: TFunction, status: AgreementStatus): string {
  return t(`contracts.agreementStatus.${status}`, { defaultValue: status });
}

export function agreementStatusSeverity(status: AgreementStatus): BadgeSeverity {
  return AGREEMENT_SEVERITY[status] ?? 'secondary';
}

export function agreementStatusOptions(t: TFunction) {
  return AGREEMENT_STATUSES.map((status) => ({
    label: agreementStatusLabel(t, status),
    value: status,
  }));
}

/**
 * Category, description, season, end date, no end date, renewal date, clearing the company or the
 * contact, the total and the lines change only in draft or renewal (spec 3 §4).
 */
export function isEditable(status: ContractStatus): boolean {
  return status === 'draft' || status === 'renewal';
}

/** A cancelled contract is not saved at all ('Gem' is hidden); the others save their free fields. */
export function isSavable(status: ContractStatus): boolean {
  return status !== 'cancelled';
}

export type ContractAction =
  | 'approve'
  | 'reopen'
  | 'cancel'
  | 'reactivate'
  | 'renew'
  | 'send'
  | 'sendForSigning'
  | 'pdf'
  | 'deleteDraft'
  | 'delete';

/**
 * The actions of a saved contract (spec 3 §4), in menu order: draft or renewal is approved; an
 * approved one is reopened ('Rediger'), cancelled or renewed ('Forny', once); a cancelled one is
 * reactivated; a saved draft is deleted ('Slet kladde') and so is a cancelled one ('Slet'). It is
 * sent and sent for signing unless cancelled (and for signing not once signed); the PDF always.
 * 'Opret faktura' waits for the invoices issue.
 */
export function contractActions(
  contract: Pick<Contract, 'status' | 'agreementStatus' | 'signing' | 'renewedBy'>,
): ContractAction[] {
  const { status } = contract;
  const actions: ContractAction[] = [];
  if (isEditable(status)) actions.push('approve');
  if (status === 'approved') {
    actions.push('reopen', 'cancel');
    if (!contract.renewedBy) actions.push('renew');
  }
  if (status === 'cancelled') actions.push('reactivate');
  if (status !== 'cancelled') {
    actions.push('send');
    const signed = contract.agreementStatus === 'signed' || contract.signing !== null;
    if (!signed) actions.push('sendForSigning');
  }
  actions.push('pdf');
  if (status === 'draft') actions.push('deleteDraft');
  if (status === 'cancelled') actions.push('delete');
  return actions;
}
