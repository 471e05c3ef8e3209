import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiErrorMessage, isApiError } from '../../api/baseApi';
import type { SavedPaymentCard } from '../../api/generated/subscriptions';
import { StripeCardForm } from '../../shared/payments/StripeCardForm';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { CardBrandIcon } from '../../shared/payments/CardBrandIcon';
import {
  useAcceptProfileCardMutation,
  useCreateProfileCardMutation,
  useDeleteProfileCardMutation,
  useGetProfileCardsQuery,
  useSetDefaultProfileCardMutation,
} from './customerProfileApi';

/** 'MM/ÅÅ': 12/30. */
export function expiry(card: Pick<SavedPaymentCard, 'expMonth' | 'expYear'>): string {
  const two = (value: number) => String(value % 100).padStart(2, '0');
  return `${two(card.expMonth)}/${two(card.expYear)}`;
}

/** Where Stripe sends the browser back after a bank's page; the server then goes to #cards. */
const cardReturnUrl = () => `${window.location.origin}/api/profile/accept-subscription`;

/**
 * 'Betalingskort': the customer's saved cards at the club's provider, the default marked, a card
 * added (a SetupIntent confirmed with Stripe), made the default or deleted. A club that stores no
 * cards answers why (422), shown instead of the table.
 */
export function CardsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const [params] = useSearchParams();
  const cards = useGetProfileCardsQuery();
  const [createCard] = useCreateProfileCardMutation();
  const [acceptCard] = useAcceptProfileCardMutation();
  const [setDefault] = useSetDefaultProfileCardMutation();
  const [deleteCard] = useDeleteProfileCardMutation();
  const [adding, setAdding] = useState(false);
  const [busyCard, setBusyCard] = useState<string>();

  const startCard = useCallback(() => createCard().unwrap(), [createCard]);
  const confirmCard = useCallback(
    async (setupIntent: string) => {
      await acceptCard(setupIntent).unwrap();
      setAdding(false);
      toast.success(t('customerProfile.cards.added'));
    },
    [acceptCard, t, toast],
  );

  async function act(cardId: string, run: () => Promise<unknown>, done: string) {
    setBusyCard(cardId);
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    } finally {
      setBusyCard(undefined);
    }
  }

  // The return from a bank's page: the server accepted the card, or not (?card=saved|failed).
  const returned = params.get('card');
  const returnMessage =
    returned === 'saved' ? (
      <Alert severity="success">{t('customerProfile.cards.returnSaved')}</Alert>
    ) : returned === 'failed' ? (
      <Alert severity="error">{t('customerProfile.cards.returnFailed')}</Alert>
    ) : null;

  if (cards.isLoading) return <Preloader label={t('common.loading')} />;
  if (cards.isError) {
    // 422: the club keeps no cards (no card provider); its words say so.
    const refused = isApiError(cards.error) && cards.error.status === 422;
    const message = apiErrorMessage(cards.error);
    return refused && message ? (
      <Alert severity="info">{message}</Alert>
    ) : (
      <Alert severity="error">{message ?? t('customerProfile.cards.loadFailed')}</Alert>
    );
  }

  const rows = cards.data ?? [];
  return (
    <div className="tb-stack">
      {returnMessage}
      <Card className="tb-card">
        <DataTable
          value={rows}
          dataKey="cardId"
          emptyMessage={t('customerProfile.cards.empty')}
          pt={{ table: { 'aria-label': t('customerProfile.sections.cards') } }}
          responsiveLayout="stack"
          breakpoint="40rem"
        >
          <Column
            header={t('customerProfile.cards.brand')}
            body={(card: SavedPaymentCard) => <CardBrandIcon cardType={card.cardType} />}
          />
          <Column header={t('customerProfile.cards.number')} field="cardNumber" />
          <Column
            header={t('customerProfile.cards.expires')}
            body={(card: SavedPaymentCard) => expiry(card)}
          />
          <Column
            body={(card: SavedPaymentCard) =>
              card.isDefault ? (
                <Tag value={t('customerProfile.cards.default')} severity="success" />
              ) : null
            }
          />
          <Column
            header={t('customerProfile.cards.actions')}
            body={(card: SavedPaymentCard) => (
              <div className="tb-row-actions">
                {!card.isDefault && (
                  <Button
                    type="button"
                    outlined
                    size="small"
                    icon="pi pi-star"
                    label={t('customerProfile.cards.makeDefault')}
                    disabled={busyCard !== undefined}
                    loading={busyCard === card.cardId}
                    onClick={() =>
                      void act(
                        card.cardId,
                        () => setDefault(card.cardId).unwrap(),
                        t('customerProfile.cards.defaultChanged'),
                      )
                    }
                  />
                )}
                <ConfirmButton
                  outlined
                  size="small"
                  severity="danger"
                  icon="pi pi-trash"
                  label={t('customerProfile.cards.delete')}
                  disabled={busyCard !== undefined}
                  message={t('customerProfile.cards.deleteConfirm')}
                  onConfirm={() =>
                    act(
                      card.cardId,
                      () => deleteCard(card.cardId).unwrap(),
                      t('customerProfile.cards.deleted'),
                    )
                  }
                />
              </div>
            )}
          />
        </DataTable>
      </Card>
      {adding ? (
        <Card className="tb-card">
          <h2 className="tb-card-title">{t('customerProfile.cards.add')}</h2>
          <StripeCardForm
            start={startCard}
            intent="setup"
            confirm={confirmCard}
            returnUrl={cardReturnUrl()}
            submitLabel={t('customerProfile.cards.save')}
            submitIcon="pi pi-save"
            lastError={null}
            savesCardOnly
          />
          <div className="tb-form-actions">
            <Button
              type="button"
              text
              label={t('customerProfile.cards.cancel')}
              onClick={() => setAdding(false)}
            />
          </div>
        </Card>
      ) : (
        <div className="tb-form-actions">
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('customerProfile.cards.add')}
            onClick={() => setAdding(true)}
          />
        </div>
      )}
    </div>
  );
}
