import { Card } from 'primereact/card';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSubscription } from '../../api/generated/subscriptions';
import { formatDay } from '../../shared/format';

/**
 * What the customer commits to (spec 3 §9): the binding months and how often it is paid, e.g.
 * 'Abonnementet har en binding på 6 måneder og betales hver 3. måned.', and its dates.
 */
export function SubscriptionTermsCard({ page }: { page: PublicSubscription }) {
  const { t } = useTranslation();
  const titleId = useId();
  const facts: [string, string | null][] = [
    [t('subscriptionPublic.terms.startDate'), page.startDate],
    [t('subscriptionPublic.terms.endDate'), page.endDate],
    [
      t('subscriptionPublic.terms.nextPayment'),
      page.status === 'cancelled' ? null : page.nextPayment,
    ],
  ];
  const shown = facts.filter(([, day]) => formatDay(day) !== '');
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('subscriptionPublic.terms.title')}
        </h2>
        <p className="tb-subscription-public-terms">
          {t('subscriptionPublic.terms.text', {
            commitment: t('subscriptionPublic.terms.commitment', { count: page.commitment }),
            payment: t('subscriptionPublic.terms.payment', { count: page.repeats }),
          })}
        </p>
        {shown.length > 0 && (
          <dl className="tb-subscription-public-facts">
            {shown.map(([label, day]) => (
              <div key={label} className="tb-subscription-public-fact">
                <dt>{label}</dt>
                <dd>{formatDay(day)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </Card>
  );
}
