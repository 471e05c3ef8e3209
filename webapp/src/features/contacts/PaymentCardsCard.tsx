import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { useToast } from '../../shared/ui/Toast';
import { useDeletePaymentCardMutation } from './contactsApi';
import type { PaymentCard } from './types';

function cardName(card: PaymentCard): string {
  const lastDigits = card.cardNumber.replace(/\D/g, '').slice(-4) || card.cardNumber;
  return `${card.cardType} •••• ${lastDigits}`;
}

function expiry(card: PaymentCard): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** The contact's saved payment cards: name, expiry and delete (after confirmation). */
export function PaymentCardsCard({
  contactId,
  cards,
}: {
  contactId: string;
  cards: PaymentCard[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [deleteCard] = useDeletePaymentCardMutation();
  return (
    <Card className="tb-card">
      <h2 className="tb-card-title">{t('contacts.cards.title')}</h2>
      <DataTable
        value={cards}
        dataKey="cardNumber"
        emptyMessage={t('table.empty')}
        pt={{ table: { 'aria-label': t('contacts.cards.title') } }}
      >
        <Column header={t('contacts.cards.name')} body={cardName} />
        <Column header={t('contacts.cards.expiry')} body={expiry} />
        <Column
          header={t('contacts.cards.actions')}
          body={(card: PaymentCard) => (
            <ConfirmButton
              text
              size="small"
              severity="danger"
              icon="pi pi-trash"
              label={t('contacts.cards.delete')}
              aria-label={t('contacts.cards.deleteLabel', { name: cardName(card) })}
              message={t('contacts.cards.confirmDelete')}
              onConfirm={async () => {
                try {
                  await deleteCard({ contactId, card }).unwrap();
                  toast.success(t('contacts.cards.deleted'));
                } catch (error) {
                  toast.error(apiErrorMessage(error) ?? t('contacts.cards.failed'));
                }
              }}
            />
          )}
        />
      </DataTable>
    </Card>
  );
}
