import type { TFunction } from 'i18next';
import type { AgreementStatus, SalesColumn } from './types';

/** A column's heading: 'Kladde', 'Inden for 6 mnd.' … */
export function columnLabel(t: TFunction, column: string): string {
  return t(`pipeline.columns.${column}`);
}

/**
 * The negotiation status a card gets when it is moved to a Salg column. 'Godkendt' has none: a
 * contract is approved from its editor, where the form is validated first.
 */
export const AGREEMENT_STATUS_OF_COLUMN: Record<SalesColumn, AgreementStatus | null> = {
  draft: 'unsent',
  scheduled: 'scheduled',
  negotiation: 'negotiation',
  sent: 'sent',
  approved: null,
};
