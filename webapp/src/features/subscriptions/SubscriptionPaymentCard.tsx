import { Message } from 'primereact/message';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateToDay, formatDay } from '../../shared/format';
import { Section } from '../../shared/ui/Section';
import type { ChargeProblem, Subscription, SubscriptionCard } from './types';

/** 'visa' → 'Visa', as a card's brand reads. */
function brandName(brand: string): string {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand;
}

/** 'Visa •••• 4242'. */
export function cardText(card: SubscriptionCard): string {
  return `${brandName(card.brand)} •••• ${card.last4}`;
}

/** A period's key is its first day ('2026-11-01'): shown as a day, or as it is. */
function periodText(period: string): string {
  return formatDay(period) || period;
}

/**
 * The last charge failed: which period, why and which attempt; after the last retry the customer
 * must give a new card (from 'Send betalingslink').
 */
export function ChargeProblemMessage({ problem }: { problem: ChargeProblem }) {
  const { t } = useTranslation();
  return (
    <Message
      severity="warn"
      className="tb-alert"
      role="status"
      content={
        <div>
          <p>
            {t('subscriptions.payment.chargeFailed', {
              period: periodText(problem.period),
              reason: problem.reason,
              attempt: problem.attempt,
            })}
          </p>
          {problem.finalAttempt && <p>{t('subscriptions.payment.finalAttempt')}</p>}
        </div>
      }
    />
  );
}

/**
 * What happens at the end date (spec 3 §3 `autoRenew`): it renews by itself to the next end date
 * the server names, or it stops. Nothing without an end date, or once cancelled.
 */
function renewalText(t: TFunction, subscription: Subscription): string | null {
  const { endDate, noEndDate, renewsTo, status } = subscription;
  if (noEndDate || !endDate || status === 'cancelled') return null;
  const end = formatDay(endDate);
  if (renewsTo) {
    return t('subscriptions.payment.renewsAfter', { end, next: formatDay(renewsTo) });
  }
  const ended = endDate < dateToDay(new Date());
  return t(ended ? 'subscriptions.payment.endedOn' : 'subscriptions.payment.endsOn', { end });
}

/**
 * 'Betaling' of a saved subscription: the card it is charged on (or none yet), the next payment,
 * when the binding period ends, whether it renews at its end date, and how many periods are paid.
 */
export function SubscriptionPaymentCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const day = (value: string | null) => formatDay(value) || '–';
  const renewal = renewalText(t, subscription);
  return (
    <Section title={t('subscriptions.payment.title')}>
      <dl className="tb-facts">
        <dt>{t('subscriptions.payment.card')}</dt>
        <dd>
          {subscription.card ? cardText(subscription.card) : t('subscriptions.payment.noCard')}
        </dd>
        <dt>{t('subscriptions.payment.nextPayment')}</dt>
        <dd>{day(subscription.nextPayment)}</dd>
        <dt>{t('subscriptions.payment.commitmentDate')}</dt>
        <dd>{day(subscription.commitmentDate)}</dd>
        {renewal && (
          <>
            <dt>{t('subscriptions.payment.renewal')}</dt>
            <dd>
              {renewal}
              {subscription.renewsTo && subscription.renewalNoticed && (
                <>
                  <br />
                  {t('subscriptions.payment.renewalNoticed')}
                </>
              )}
            </dd>
          </>
        )}
        <dt>{t('subscriptions.payment.periodsPaid')}</dt>
        <dd>{subscription.periodsPaid}</dd>
      </dl>
    </Section>
  );
}
