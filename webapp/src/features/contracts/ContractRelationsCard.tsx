import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../shared/format';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { ContactPicker } from '../../shared/pickers/ContactPicker';
import type { CompanyPick, ContactPick } from '../../shared/pickers/types';
import type { ContractFormValues } from './contractSchema';
import { isEditable, isSavable } from './contractStatus';
import { Section } from '../../shared/ui/Section';
import type { ContractStatus } from './types';

/** The message of `name` once the field was touched or the form submitted. */
function useFieldError(name: 'company' | 'contact'): string | undefined {
  const { errors, touched, submitCount } = useFormikContext<ContractFormValues>();
  const error: unknown = getIn(errors, name);
  const shown = Boolean(getIn(touched, name)) || submitCount > 0;
  return shown && typeof error === 'string' ? error : undefined;
}

/** A chosen company or contact: a link to it, and 'Fjern' while the contract is editable. */
function Chosen({
  label,
  text,
  to,
  error,
  removeLabel,
  onRemove,
}: {
  label: string;
  text: string;
  to: string;
  error?: string;
  removeLabel: string;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="tb-field">
      <span id={id} className="tb-field-label">
        {label}
      </span>
      <div className="tb-chosen" aria-labelledby={id} role="group">
        <Link to={to}>{text}</Link>
        {onRemove && (
          <Button
            type="button"
            text
            size="small"
            severity="danger"
            icon="pi pi-times"
            label={t('common.remove')}
            aria-label={removeLabel}
            onClick={onRemove}
          />
        )}
      </div>
      {error && <small className="p-error">{error}</small>}
    </div>
  );
}

/**
 * Virksomhed and Kontaktperson (the company's contact persons). Either can be changed for another
 * while the contract is not cancelled; clearing them is for draft or renewal only (spec 3 §4).
 * Outside those an approved contract's picker shows the chosen one and picks another in its place.
 */
export function ContractRelationsCard({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext<ContractFormValues>();
  const editable = isEditable(status);
  const savable = isSavable(status);
  const companyError = useFieldError('company');
  const contactError = useFieldError('contact');
  const { company, contact } = values;

  const chooseCompany = (next: CompanyPick | null) =>
    void setValues((current) => ({
      ...current,
      company: next
        ? { id: next.id, name: next.name, address: null, zipCode: null, city: next.city ?? null }
        : null,
      // Another company has other contact persons: in a draft the contact is chosen again.
      contact: editable && next?.id !== current.company?.id ? null : current.contact,
    }));
  const chooseContact = (next: ContactPick | null) =>
    void setValues((current) => ({ ...current, contact: next }));

  const companyPicker = (
    <CompanyPicker
      label={t('contracts.relations.company')}
      value={company ? { id: company.id, name: company.name, city: company.city } : null}
      onChange={chooseCompany}
      placeholder={t('contracts.relations.companyPlaceholder')}
      error={companyError}
    />
  );
  const contactPicker = (
    <ContactPicker
      label={t('contracts.relations.contact')}
      value={contact}
      onChange={chooseContact}
      companyId={company?.id ?? null}
      placeholder={t('contracts.relations.contactPlaceholder')}
      error={contactError}
    />
  );

  return (
    <Section title={t('contracts.sections.relations')}>
      {company && (editable || !savable) ? (
        <Chosen
          label={t('contracts.relations.company')}
          text={company.name}
          to={`/companies/${company.id}`}
          error={companyError}
          removeLabel={t('contracts.relations.removeCompany', { name: company.name })}
          onRemove={editable ? () => chooseCompany(null) : undefined}
        />
      ) : savable ? (
        companyPicker
      ) : null}
      {contact && (editable || !savable) ? (
        <Chosen
          label={t('contracts.relations.contact')}
          text={[fullName(contact), contact.email].filter(Boolean).join(', ')}
          to={`/contacts/${contact.id}`}
          error={contactError}
          removeLabel={t('contracts.relations.removeContact', { name: fullName(contact) })}
          onRemove={editable ? () => chooseContact(null) : undefined}
        />
      ) : savable ? (
        contactPicker
      ) : null}
    </Section>
  );
}
