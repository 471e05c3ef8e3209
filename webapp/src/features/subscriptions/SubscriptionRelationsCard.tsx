import { getIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../shared/format';
import { CompanyPicker } from '../../shared/pickers/CompanyPicker';
import { ContactPicker } from '../../shared/pickers/ContactPicker';
import type { CompanyPick, ContactPick } from '../../shared/pickers/types';
import { Section } from '../../shared/ui/Section';
import { NO_CUSTOMER, type SubscriptionFormValues } from './subscriptionSchema';

/** The message of `name` once the field was touched or the form submitted. */
function useFieldError(name: 'company' | 'contact'): string | undefined {
  const { errors, touched, submitCount } = useFormikContext<SubscriptionFormValues>();
  const error: unknown = getIn(errors, name);
  const shown = Boolean(getIn(touched, name)) || submitCount > 0;
  return shown && typeof error === 'string' ? error : undefined;
}

/** A chosen contact or company: a link to it, and 'Fjern' while the subscription is a draft. */
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

/** Whom the payment link goes to, as the subscription keeps it (filled from the contact person). */
function CustomerFacts() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SubscriptionFormValues>();
  const { customer } = values;
  const name = fullName(customer);
  if (!name && !customer.email && !customer.phone) return null;
  return (
    <>
      <h3>{t('subscriptions.customer.title')}</h3>
      <dl className="tb-facts">
        <dt>{t('subscriptions.customer.name')}</dt>
        <dd>{name || '–'}</dd>
        <dt>{t('subscriptions.customer.email')}</dt>
        <dd>{customer.email || '–'}</dd>
        <dt>{t('subscriptions.customer.phone')}</dt>
        <dd>{customer.phone || '–'}</dd>
      </dl>
    </>
  );
}

/**
 * Kontaktperson (required) and Virksomhed (optional; its contact persons are then proposed). Both
 * change only in a draft. Another contact person empties the customer, so the server fills it
 * from the new one at the save.
 */
export function SubscriptionRelationsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext<SubscriptionFormValues>();
  const contactError = useFieldError('contact');
  const companyError = useFieldError('company');
  const { company, contact } = values;

  const chooseContact = (next: ContactPick | null) =>
    void setValues((current) => ({
      ...current,
      contact: next,
      customer: next?.id === current.contact?.id ? current.customer : NO_CUSTOMER,
    }));
  const chooseCompany = (next: CompanyPick | null) =>
    void setValues((current) => ({
      ...current,
      company: next
        ? { id: next.id, name: next.name, address: null, zipCode: null, city: next.city ?? null }
        : null,
    }));

  return (
    <Section title={t('subscriptions.sections.relations')}>
      {contact ? (
        <Chosen
          label={t('subscriptions.relations.contact')}
          text={[fullName(contact), contact.email].filter(Boolean).join(', ')}
          to={`/contacts/${contact.id}`}
          error={contactError}
          removeLabel={t('subscriptions.relations.removeContact', { name: fullName(contact) })}
          onRemove={editable ? () => chooseContact(null) : undefined}
        />
      ) : editable ? (
        <ContactPicker
          label={t('subscriptions.relations.contact')}
          value={null}
          onChange={chooseContact}
          companyId={company?.id ?? null}
          placeholder={t('subscriptions.relations.contactPlaceholder')}
          error={contactError}
        />
      ) : null}
      {company ? (
        <Chosen
          label={t('subscriptions.relations.company')}
          text={company.name}
          to={`/companies/${company.id}`}
          error={companyError}
          removeLabel={t('subscriptions.relations.removeCompany', { name: company.name })}
          onRemove={editable ? () => chooseCompany(null) : undefined}
        />
      ) : editable ? (
        <CompanyPicker
          label={t('subscriptions.relations.company')}
          value={null}
          onChange={chooseCompany}
          placeholder={t('subscriptions.relations.companyPlaceholder')}
          error={companyError}
        />
      ) : null}
      <CustomerFacts />
    </Section>
  );
}
