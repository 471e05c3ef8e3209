import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../shared/format';
import { CompanyField, ContactField, type RelationRules } from '../../shared/editor/RelationFields';
import { Section } from '../../shared/ui/Section';
import { NO_CUSTOMER, type SubscriptionFormValues } from './subscriptionSchema';
import type { SubscriptionCompany, SubscriptionContact } from './types';

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
  const rules: RelationRules = { canChange: editable, canRemove: editable };
  const { company, contact } = values;

  const chooseContact = (next: SubscriptionContact | null) =>
    void setValues((current) => ({
      ...current,
      contact: next,
      customer: next?.id === current.contact?.id ? current.customer : NO_CUSTOMER,
    }));
  const chooseCompany = (next: SubscriptionCompany | null) =>
    void setValues((current) => ({ ...current, company: next }));

  return (
    <Section title={t('subscriptions.sections.relations')}>
      <ContactField
        value={contact}
        onChange={chooseContact}
        companyId={company?.id ?? null}
        {...rules}
      />
      <CompanyField value={company} onChange={chooseCompany} {...rules} />
      <CustomerFacts />
    </Section>
  );
}
