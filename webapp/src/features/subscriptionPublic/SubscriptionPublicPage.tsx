import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { PublicSubscription, SubscriptionStatus } from '../../api/generated/subscriptions';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { SubscriptionContactCard } from './SubscriptionContactCard';
import { SubscriptionLinesCard } from './SubscriptionLinesCard';
import { SubscriptionPaymentCard } from './SubscriptionPaymentCard';
import {
  type SubscriptionLink,
  useConfirmPublicSubscriptionActivationMutation,
  useGetPublicSubscriptionQuery,
} from './subscriptionPublicApi';
import { SubscriptionTermsCard } from './SubscriptionTermsCard';
import './subscriptionPublic.css';

/** What Stripe adds to the return address after a bank's page. */
const STRIPE_RETURN_PARAMS = ['setup_intent', 'setup_intent_client_secret', 'redirect_status'];

/**
 * The customer's return from a bank's page (Stripe's `?setup_intent=seti_…`): the server is asked
 * to read the card, once, after the page came; then the address is the link's again, so a reload
 * does not ask twice.
 */
function useActivationReturn(link: SubscriptionLink, loaded: boolean) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [setupIntent] = useState(() => params.get('setup_intent'));
  const [confirmActivation] = useConfirmPublicSubscriptionActivationMutation();
  const [outcome, setOutcome] = useState<{ succeeded: boolean; error?: string }>();
  const asked = useRef(false);

  useEffect(() => {
    if (!setupIntent || !loaded || asked.current) return;
    asked.current = true;
    confirmActivation({ ...link, setupIntent })
      .unwrap()
      .then(() => setOutcome({ succeeded: true }))
      .catch((failure: unknown) =>
        setOutcome({
          succeeded: false,
          error: apiErrorMessage(failure) ?? t('subscriptionPublic.payment.confirmFailed'),
        }),
      )
      .finally(() =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            STRIPE_RETURN_PARAMS.forEach((name) => next.delete(name));
            return next;
          },
          { replace: true },
        ),
      );
  }, [setupIntent, loaded, link, confirmActivation, setParams, t]);

  return {
    confirming: Boolean(setupIntent) && !outcome,
    succeeded: outcome?.succeeded ?? false,
    error: outcome?.error,
  };
}

/** 'Aktiv' when approved, otherwise 'Ikke aktiv' (spec 3 §4 Public subscription). */
function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  const active = status === 'approved';
  return (
    <Tag
      className="tb-badge"
      severity={active ? 'success' : status === 'cancelled' ? 'danger' : 'warning'}
      value={t(active ? 'subscriptionPublic.status.active' : 'subscriptionPublic.status.inactive')}
    />
  );
}

/** A query flag of the return address: `?success=1`, `?error=1`. */
function flagged(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && value !== '0' && value !== 'false';
}

/** How long the page waits for the window's callback after `?success=1`, asking every second. */
const CALLBACK_WAIT_MS = 30_000;

/**
 * Back from the payment window with `?success=1`: the window's callback, which books the payment,
 * may come a little later, so the page is asked again every second until the period is booked
 * (no longer a draft, nothing due) or half a minute has passed.
 */
function useAwaitedCallback(successFlag: boolean) {
  const [awaiting, setAwaiting] = useState(successFlag);
  useEffect(() => {
    if (!awaiting) return;
    const stop = window.setTimeout(() => setAwaiting(false), CALLBACK_WAIT_MS);
    return () => window.clearTimeout(stop);
  }, [awaiting]);
  const settle = useCallback((page: PublicSubscription) => {
    if (page.payWith !== 'window' || (page.status !== 'draft' && page.amountDue === null)) {
      setAwaiting(false);
    }
  }, []);
  return { pollingInterval: awaiting ? 1000 : 0, settle };
}

/**
 * The public subscription page (spec 3 §2, §4, §5): /subscriptions/{id}?token=…, the link 'Send
 * betalingslink' mails. The terms, the contact (a form while a draft), the lines and totals, and
 * the card form that activates the subscription or saves a new card. A link that does not open
 * the subscription sends the visitor to the public home (spec 3 §8).
 */
export function SubscriptionPublicPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useMemo(() => ({ id, token }), [id, token]);
  const successFlag = flagged(params, 'success');
  const callback = useAwaitedCallback(successFlag);
  const page = useGetPublicSubscriptionQuery(link, {
    skip: !token,
    pollingInterval: callback.pollingInterval,
  });
  const { settle } = callback;
  useEffect(() => {
    if (page.data) settle(page.data);
  }, [page.data, settle]);
  const back = useActivationReturn(link, page.isSuccess);
  const [activated, setActivated] = useState(false);
  const [contactDirty, setContactDirty] = useState(false);
  const onActivated = useCallback(() => setActivated(true), []);

  if (!token || page.isError) return <Navigate to="/" replace />;
  if (!page.data) {
    return (
      <section className="tb-page tb-subscription-public">
        <Preloader label={t('common.loading')} />
      </section>
    );
  }

  const subscription = page.data;
  const cancelled = subscription.status === 'cancelled';
  return (
    <section className="tb-page tb-subscription-public">
      <div className="tb-page-header">
        <div>
          <div className="tb-subscription-public-title">
            <h1>{t('subscriptionPublic.title', { number: subscription.subscriptionNumber })}</h1>
            <StatusBadge status={subscription.status} />
          </div>
          <p className="tb-subscription-public-club">{subscription.clubName}</p>
        </div>
      </div>
      {cancelled && <Alert severity="error">{t('subscriptionPublic.cancelled')}</Alert>}
      <SubscriptionTermsCard page={subscription} />
      <SubscriptionContactCard link={link} page={subscription} onDirtyChange={setContactDirty} />
      <SubscriptionLinesCard link={link} page={subscription} />
      {!cancelled && (
        <SubscriptionPaymentCard
          link={link}
          page={subscription}
          succeeded={activated || back.succeeded}
          successFlag={successFlag}
          failedFlag={flagged(params, 'error')}
          confirmingReturn={back.confirming}
          returnError={back.error}
          contactDirty={contactDirty}
          onActivated={onActivated}
        />
      )}
    </section>
  );
}
