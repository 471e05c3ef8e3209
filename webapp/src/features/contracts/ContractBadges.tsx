import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../shared/ui/StatusBadge';
import {
  agreementStatusLabel,
  agreementStatusSeverity,
  contractStatusLabel,
  contractStatusSeverity,
} from './contractStatus';
import type { AgreementStatus, ContractStatus } from './types';

/** The contract's status as a badge; a cancelled contract's is struck through (spec 3 §4). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      label={contractStatusLabel(t, status)}
      severity={contractStatusSeverity(status)}
      struck={status === 'cancelled'}
    />
  );
}

/** Where the negotiation stands ('Forhandling'). */
export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      severity={agreementStatusSeverity(status)}
      className="tb-badge"
      value={agreementStatusLabel(t, status)}
    />
  );
}

/**
 * The 'Faktura' column (spec 3 §2): how many invoices the contract has (booked, not credited)
 * and, when it has any, how many of them are paid — green when all are.
 */
export function InvoiceStatusBadge({ invoices, paid }: { invoices: number; paid: number }) {
  const { t } = useTranslation();
  if (invoices === 0) return <>{invoices}</>;
  return (
    <span className="tb-invoice-status">
      {invoices}{' '}
      <Tag
        severity={paid >= invoices ? 'success' : 'warning'}
        className="tb-badge"
        value={t('contracts.list.paid', { paid, invoices })}
      />
    </span>
  );
}
