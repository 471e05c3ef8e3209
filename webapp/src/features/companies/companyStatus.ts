import type { TFunction } from 'i18next';
import { COMPANY_STATUSES, type CompanyStatus } from './types';

/** 'Lead', 'Kunde', 'Under forhandling', 'Opsagt'. */
export function companyStatusLabel(t: TFunction, status: CompanyStatus): string {
  return t(`companies.status.${status}`);
}

export function companyStatusOptions(t: TFunction) {
  return COMPANY_STATUSES.map((status) => ({
    label: companyStatusLabel(t, status),
    value: status,
  }));
}
