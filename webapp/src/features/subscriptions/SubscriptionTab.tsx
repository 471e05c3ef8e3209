import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { OwnerField, SeasonField } from '../../shared/editor/ChoiceFields';
import { CheckboxField, DateField, TextAreaField, TextField } from '../../shared/ui/FormFields';
import { Section } from '../../shared/ui/Section';
import { SubscriptionLinesCard } from './SubscriptionLinesCard';
import { ChargeProblemMessage, SubscriptionPaymentCard } from './SubscriptionPaymentCard';
import { SubscriptionRelationsCard } from './SubscriptionRelationsCard';
import type { SubscriptionFormValues } from './subscriptionSchema';
import { isEditable } from './subscriptionStatus';
import { SubscriptionTotalsCard } from './SubscriptionTotalsCard';
import type { Subscription } from './types';

/**
 * Sæson, Ansvarlig, the dates, 'Gentag hver (måneder)', 'Binding (måneder)', 'Forny automatisk',
 * the description and the internal note: all change only in a draft.
 */
function SubscriptionFieldsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<SubscriptionFormValues>();
  const locked = !editable;
  return (
    <Section title={t('subscriptions.sections.subscription')}>
      <div className="tb-form-grid">
        <SeasonField
          label={t('subscriptions.fields.season')}
          placeholder={t('subscriptions.fields.noSeason')}
          disabled={locked}
        />
        <OwnerField
          label={t('subscriptions.fields.owner')}
          placeholder={t('subscriptions.fields.noOwner')}
          disabled={locked}
        />
        <DateField name="startDate" label={t('subscriptions.fields.startDate')} disabled={locked} />
        {!values.noEndDate && (
          <DateField name="endDate" label={t('subscriptions.fields.endDate')} disabled={locked} />
        )}
        <TextField
          name="repeats"
          label={t('subscriptions.fields.repeats')}
          inputMode="numeric"
          disabled={locked}
        />
        <TextField
          name="commitment"
          label={t('subscriptions.fields.commitment')}
          inputMode="numeric"
          disabled={locked}
        />
      </div>
      <CheckboxField
        name="noEndDate"
        label={t('subscriptions.fields.noEndDate')}
        disabled={locked}
      />
      <CheckboxField
        name="autoRenew"
        label={t('subscriptions.fields.autoRenew')}
        disabled={locked}
      />
      <TextAreaField
        name="description"
        label={t('subscriptions.fields.description')}
        disabled={locked}
      />
      <TextAreaField name="internal" label={t('subscriptions.fields.internal')} disabled={locked} />
    </Section>
  );
}

/**
 * The Abonnement tab: a failed charge's warning, the contact person and company, the fields, the
 * totals of a period, the payment (once saved) and the lines.
 */
export function SubscriptionTab({ subscription }: { subscription: Subscription }) {
  const editable = isEditable(subscription.status);
  return (
    <div className="tb-stack">
      {subscription.chargeProblem && <ChargeProblemMessage problem={subscription.chargeProblem} />}
      <div className="tb-order-layout">
        <div className="tb-stack">
          <SubscriptionRelationsCard editable={editable} />
          <SubscriptionFieldsCard editable={editable} />
        </div>
        <div className="tb-stack">
          <SubscriptionTotalsCard subscription={subscription} editable={editable} />
          {subscription.id && <SubscriptionPaymentCard subscription={subscription} />}
        </div>
      </div>
      <SubscriptionLinesCard editable={editable} />
    </div>
  );
}
