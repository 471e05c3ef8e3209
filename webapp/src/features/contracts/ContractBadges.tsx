import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
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
  const label = contractStatusLabel(t, status);
  return (
    <Tag
      severity={contractStatusSeverity(status)}
      className={status === 'cancelled' ? 'tb-badge tb-struck' : 'tb-badge'}
    >
      {status === 'cancelled' ? <s>{label}</s> : label}
    </Tag>
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
