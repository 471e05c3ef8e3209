import { Formik, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { Customer, PublicSubscription } from '../../api/generated/subscriptions';
import { fullName } from '../../shared/format';
import { Form } from '../../shared/ui/Form';
import { applyServerErrors } from '../../shared/ui/formErrors';
import { TextField } from '../../shared/ui/FormFields';
import { useToast } from '../../shared/ui/Toast';
import { contactSchema, trimmedCustomer } from './contactSchema';
import type { SubscriptionLink } from './subscriptionPublicApi';
import { useUpdatePublicSubscriptionContactMutation } from './subscriptionPublicApi';

interface SubscriptionContactCardProps {
  link: SubscriptionLink;
  page: PublicSubscription;
  /** The form holds changes that are not saved yet (the card must wait for them). */
  onDirtyChange: (dirty: boolean) => void;
}

/** Tells the page whether the form holds unsaved changes. */
function ReportDirty({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { dirty } = useFormikContext<Customer>();
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  return null;
}

function ContactForm({ link, page, onDirtyChange }: SubscriptionContactCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [updateContact] = useUpdatePublicSubscriptionContactMutation();
  const schema = useMemo(() => contactSchema(t), [t]);
  return (
    <Formik<Customer>
      // The saved answer replaces the page, and with it the form's values: no longer dirty.
      enableReinitialize
      initialValues={page.customer}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await updateContact({ ...link, customer: trimmedCustomer(values) }).unwrap();
          toast.success(t('subscriptionPublic.contact.saved'));
        } catch (error) {
          if (!applyServerErrors(helpers.setErrors, error)) {
            toast.error(apiErrorMessage(error) ?? t('subscriptionPublic.contact.saveFailed'));
          }
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="tb-form" label={t('subscriptionPublic.contact.title')}>
          <div className="tb-subscription-public-fields">
            <TextField
              name="firstname"
              label={t('subscriptionPublic.contact.firstname')}
              autoComplete="given-name"
            />
            <TextField
              name="lastname"
              label={t('subscriptionPublic.contact.lastname')}
              autoComplete="family-name"
            />
            <TextField
              name="email"
              type="email"
              label={t('subscriptionPublic.contact.email')}
              autoComplete="email"
            />
            <TextField
              name="phone"
              type="tel"
              label={t('subscriptionPublic.contact.phone')}
              autoComplete="tel"
            />
          </div>
          <div className="tb-form-actions">
            <Button
              type="submit"
              icon="pi pi-check"
              label={t('subscriptionPublic.contact.save')}
              loading={isSubmitting}
            />
          </div>
          <ReportDirty onDirtyChange={onDirtyChange} />
        </Form>
      )}
    </Formik>
  );
}

function ContactDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('subscriptionPublic.contact.name'), fullName(customer)],
    [t('subscriptionPublic.contact.email'), customer.email],
    [t('subscriptionPublic.contact.phone'), customer.phone],
  ];
  return (
    <dl className="tb-subscription-public-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="tb-subscription-public-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whom the subscription is for: a form while a draft (spec 3 §2), read-only after that. */
export function SubscriptionContactCard(props: SubscriptionContactCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('subscriptionPublic.contact.title')}
        </h2>
        {props.page.status === 'draft' ? (
          <ContactForm {...props} />
        ) : (
          <ContactDetails customer={props.page.customer} />
        )}
      </section>
    </Card>
  );
}
