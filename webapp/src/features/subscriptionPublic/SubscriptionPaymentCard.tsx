import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { PublicSubscription, SubscriptionCard } from '../../api/generated/subscriptions';
import { formatOre } from '../../shared/format';
import { PaymentError } from '../../shared/payments/PaymentError';
import { linkReturnUrl, StripeCardForm } from '../../shared/payments/StripeCardForm';
import { WindowForm } from '../../shared/payments/WindowForm';
import { Alert } from '../../shared/ui/Alert';
import { contactSchema } from './contactSchema';
import {
  type SubscriptionLink,
  useConfirmPublicSubscriptionActivationMutation,
  useStartPublicSubscriptionActivationMutation,
} from './subscriptionPublicApi';

export interface SubscriptionPaymentCardProps {
  link: SubscriptionLink;
  page: PublicSubscription;
  /** The card was saved in this visit. */
  succeeded: boolean;
  /** The return address says the payment went through (`?success=1`). */
  successFlag: boolean;
  /** The return address says the payment failed (`?error=1`). */
  failedFlag: boolean;
  /** The bank sent the customer back, and the server is reading the card. */
  confirmingReturn: boolean;
  /** Why the card the bank sent the customer back with was not saved. */
  returnError?: string;
  /** The contact form holds unsaved changes. */
  contactDirty: boolean;
  onActivated: () => void;
}

/** 'visa' → 'Visa', as a card's brand reads on a receipt. */
function brandName(card: SubscriptionCard): string {
  return card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
}

function CardLine({ card }: { card: SubscriptionCard }) {
  const { t } = useTranslation();
  return (
    <p className="tb-subscription-public-card">
      {t('subscriptionPublic.payment.card', { brand: brandName(card), last4: card.last4 })}
    </p>
  );
}

function Succeeded({ card }: { card: SubscriptionCard | null }) {
  const { t } = useTranslation();
  return (
    <Message
      severity="success"
      role="status"
      className="tb-alert"
      content={
        <div>
          <strong>{t('subscriptionPublic.payment.succeeded')}</strong>
          {card && <CardLine card={card} />}
        </div>
      }
    />
  );
}

function Confirming() {
  const { t } = useTranslation();
  return (
    <div className="tb-payment-busy" role="status" aria-live="polite">
      <ProgressSpinner aria-hidden="true" strokeWidth="4" />
      <span>{t('subscriptionPublic.payment.confirming')}</span>
    </div>
  );
}

interface TermsCheckboxProps {
  /** The label's text, with `<terms>` around the terms' name (`<link>` is void to Trans). */
  i18nKey: string;
  href: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A terms box whose label links to the terms, in a new tab so the form stays as filled. */
function TermsCheckbox({ i18nKey, href, checked, onChange }: TermsCheckboxProps) {
  const id = useId();
  return (
    <div className="tb-field tb-field-inline">
      <Checkbox
        inputId={id}
        checked={checked}
        onChange={(event) => onChange(Boolean(event.checked))}
      />
      <label htmlFor={id}>
        <Trans
          i18nKey={i18nKey}
          components={{
            // Trans fills the anchor with the terms' name.
            terms: <a href={href} target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </label>
    </div>
  );
}

interface ActivationProps {
  link: SubscriptionLink;
  page: PublicSubscription;
  contactDirty: boolean;
  onActivated: () => void;
}

/**
 * Both terms accepted (spec 3 §5), then the card: saved through a Stripe SetupIntent, which the
 * server reads, keeps on the subscription and approves a draft with; or, when the club takes
 * payments in the hosted window, the period due paid there (its callback approves a draft).
 */
function Activation({ link, page, contactDirty, onActivated }: ActivationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [tradeTerms, setTradeTerms] = useState(false);
  const [subscriptionTerms, setSubscriptionTerms] = useState(false);
  const [startActivation] = useStartPublicSubscriptionActivationMutation();
  const [confirmActivation] = useConfirmPublicSubscriptionActivationMutation();
  const schema = useMemo(() => contactSchema(t), [t]);
  // A draft is activated with the contact it has saved: that one must be complete first (the
  // card's customer at Stripe is made from it).
  const contactMissing = page.status === 'draft' && !schema.isValidSync(page.customer);

  const start = useCallback(() => startActivation(link).unwrap(), [link, startActivation]);
  const confirm = useCallback(
    async (setupIntent: string) => {
      await confirmActivation({ ...link, setupIntent }).unwrap();
      onActivated();
    },
    [link, confirmActivation, onActivated],
  );

  return (
    <div className="tb-subscription-public-activation">
      {page.chargeProblem && (
        <Message
          severity="warn"
          className="tb-alert"
          content={
            <div>
              <strong>
                {t('subscriptionPublic.payment.chargeProblem', {
                  reason: page.chargeProblem.reason,
                })}
              </strong>
              {page.chargeProblem.finalAttempt && (
                <p>{t('subscriptionPublic.payment.finalAttempt')}</p>
              )}
            </div>
          }
        />
      )}
      <TermsCheckbox
        i18nKey="subscriptionPublic.payment.acceptTerms"
        href="/terms"
        checked={tradeTerms}
        onChange={setTradeTerms}
      />
      <TermsCheckbox
        i18nKey="subscriptionPublic.payment.acceptSubscriptionTerms"
        href="/subscription-terms"
        checked={subscriptionTerms}
        onChange={setSubscriptionTerms}
      />
      {contactMissing ? (
        <Alert severity="info">{t('subscriptionPublic.payment.contactFirst')}</Alert>
      ) : page.payWith === 'window' ? (
        <>
          {contactDirty && (
            <Alert severity="info">{t('subscriptionPublic.payment.saveContactFirst')}</Alert>
          )}
          <WindowForm
            start={start}
            intro={t('subscriptionPublic.payment.windowIntro', {
              amount: formatOre(page.amountDue ?? page.total),
            })}
            submitLabel={t(
              page.status === 'draft'
                ? 'subscriptionPublic.payment.activate'
                : 'subscriptionPublic.payment.payPeriod',
            )}
            blocked={!tradeTerms || !subscriptionTerms || contactDirty}
            lastError={null}
          />
        </>
      ) : (
        <>
          {contactDirty && (
            <Alert severity="info">{t('subscriptionPublic.payment.saveContactFirst')}</Alert>
          )}
          <StripeCardForm
            intent="setup"
            start={start}
            confirm={confirm}
            returnUrl={linkReturnUrl(pathname, link.token)}
            submitLabel={t(
              page.status === 'draft' || !page.card
                ? 'subscriptionPublic.payment.activate'
                : 'subscriptionPublic.payment.saveNewCard',
            )}
            submitIcon="pi pi-credit-card"
            blocked={!tradeTerms || !subscriptionTerms || contactDirty}
            lastError={null}
          />
        </>
      )}
    </div>
  );
}

/**
 * 'Betaling': the card the subscription is paid with, and the form that activates a draft or
 * saves a new card when there is none or a charge failed (spec 3 §4 Public subscription).
 */
export function SubscriptionPaymentCard({
  link,
  page,
  succeeded,
  successFlag,
  failedFlag,
  confirmingReturn,
  returnError,
  contactDirty,
  onActivated,
}: SubscriptionPaymentCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const inWindow = page.payWith === 'window';
  // The window keeps no card: there, the customer pays each period that is due.
  const wantsCard = inWindow
    ? page.amountDue !== null
    : page.status === 'draft' || !page.card || page.chargeProblem !== null;
  const showForm =
    page.canPay && wantsCard && !succeeded && !confirmingReturn && !(inWindow && successFlag);
  const noProvider = !page.canPay && wantsCard && !inWindow;
  const paidByLink = inWindow && page.status === 'approved' && !wantsCard;
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId} className="tb-subscription-public-payment">
        <h2 id={titleId} className="tb-card-title">
          {t('subscriptionPublic.payment.title')}
        </h2>
        {succeeded || successFlag ? (
          <Succeeded card={page.card} />
        ) : (
          page.card && <CardLine card={page.card} />
        )}
        {failedFlag && !succeeded && (
          <Alert severity="error">{t('subscriptionPublic.payment.failed')}</Alert>
        )}
        {returnError && <PaymentError message={returnError} />}
        {confirmingReturn && <Confirming />}
        {showForm && (
          <Activation
            link={link}
            page={page}
            contactDirty={contactDirty}
            onActivated={onActivated}
          />
        )}
        {noProvider && <Alert severity="info">{t('subscriptionPublic.payment.noProvider')}</Alert>}
        {paidByLink && <p>{t('subscriptionPublic.payment.windowNext')}</p>}
      </section>
    </Card>
  );
}
