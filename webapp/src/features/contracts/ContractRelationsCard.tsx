import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { CompanyField, ContactField, type RelationRules } from '../../shared/editor/RelationFields';
import { Section } from '../../shared/ui/Section';
import type { ContractFormValues } from './contractSchema';
import { isEditable, isSavable } from './contractStatus';
import type { ContractCompany, ContractContact, ContractStatus } from './types';

/**
 * Virksomhed and Kontaktperson (the company's contact persons). Either can be changed for another
 * while the contract is not cancelled; clearing them is for draft or renewal only (spec 3 §4).
 * Outside those an approved contract's picker shows the chosen one and picks another in its place.
 */
export function ContractRelationsCard({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext<ContractFormValues>();
  const editable = isEditable(status);
  const rules: RelationRules = { canChange: isSavable(status), canRemove: editable };
  const { company, contact } = values;

  const chooseCompany = (next: ContractCompany | null) =>
    void setValues((current) => ({
      ...current,
      company: next,
      // Another company has other contact persons: in a draft the contact is chosen again.
      contact: editable && next?.id !== current.company?.id ? null : current.contact,
    }));
  const chooseContact = (next: ContractContact | null) =>
    void setValues((current) => ({ ...current, contact: next }));

  return (
    <Section title={t('contracts.sections.relations')}>
      <CompanyField value={company} onChange={chooseCompany} {...rules} />
      <ContactField
        value={contact}
        onChange={chooseContact}
        companyId={company?.id ?? null}
        {...rules}
      />
    </Section>
  );
}
