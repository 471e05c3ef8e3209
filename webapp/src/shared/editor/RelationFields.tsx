import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompanyRef, ContactRef } from '../../api/generated/orders';
import { fullName } from '../format';
import { CompanyPicker } from '../pickers/CompanyPicker';
import { ContactPicker } from '../pickers/ContactPicker';
import { companyRefOf } from './relations';
import { useShownError } from './useShownError';
import { RemoveButton } from '../ui/RemoveButton';

/**
 * How an editor's company or contact may change. A removable one shows as a link with 'Fjern'; a
 * changeable one that cannot be removed stays in its picker, which picks another in its place; one
 * that can do neither shows as a link.
 */
export interface RelationRules {
  /** Another one can be picked. */
  canChange: boolean;
  /** The chosen one can be removed ('Fjern'). */
  canRemove: boolean;
}

interface RelationFieldProps<T> extends RelationRules {
  value: T | null;
  onChange: (next: T | null) => void;
}

/** A chosen company or contact: a link to it, and 'Fjern' when it can be removed. */
function ChosenLink({
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
  const id = useId();
  return (
    <div className="tb-field">
      <span id={id} className="tb-field-label">
        {label}
      </span>
      <div className="tb-chosen" aria-labelledby={id} role="group">
        <Link to={to}>{text}</Link>
        {onRemove && <RemoveButton aria-label={removeLabel} onClick={onRemove} />}
      </div>
      {error && <small className="p-error">{error}</small>}
    </div>
  );
}

/** A chosen one shows as a link unless it stays in its picker (changeable but not removable). */
function showsAsLink({ canChange, canRemove }: RelationRules): boolean {
  return canRemove || !canChange;
}

/** 'Virksomhed' of the form field `company`: the chosen one's link, or the companies picker. */
export function CompanyField({ value, onChange, ...rules }: RelationFieldProps<CompanyRef>) {
  const { t } = useTranslation();
  const error = useShownError('company');
  const label = t('common.relations.company');
  if (value && showsAsLink(rules)) {
    return (
      <ChosenLink
        label={label}
        text={value.name}
        to={`/companies/${value.id}`}
        error={error}
        removeLabel={t('common.relations.removeCompany', { name: value.name })}
        onRemove={rules.canRemove ? () => onChange(null) : undefined}
      />
    );
  }
  if (!rules.canChange) return null;
  return (
    <CompanyPicker
      label={label}
      value={value ? { id: value.id, name: value.name, city: value.city } : null}
      onChange={(next) => onChange(next ? companyRefOf(next) : null)}
      placeholder={t('common.relations.companyPlaceholder')}
      error={error}
    />
  );
}

/**
 * 'Kontaktperson' of the form field `contact`: the chosen one's link (name and e-mail), or the
 * contacts picker, which proposes the chosen company's contact persons.
 */
export function ContactField({
  value,
  onChange,
  companyId,
  ...rules
}: RelationFieldProps<ContactRef> & { companyId: string | null }) {
  const { t } = useTranslation();
  const error = useShownError('contact');
  const label = t('common.relations.contact');
  if (value && showsAsLink(rules)) {
    return (
      <ChosenLink
        label={label}
        text={[fullName(value), value.email].filter(Boolean).join(', ')}
        to={`/contacts/${value.id}`}
        error={error}
        removeLabel={t('common.relations.removeContact', { name: fullName(value) })}
        onRemove={rules.canRemove ? () => onChange(null) : undefined}
      />
    );
  }
  if (!rules.canChange) return null;
  return (
    <ContactPicker
      label={label}
      value={value}
      onChange={onChange}
      companyId={companyId}
      placeholder={t('common.relations.contactPlaceholder')}
      error={error}
    />
  );
}
