import { Dialog } from 'primereact/dialog';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_EVENT_TYPES, type InvoiceDto } from '../../api/generated/invoices';
import { formatDay } from '../format';
import { HistoryTab } from '../history/HistoryTab';
import { Money } from '../ui/Money';

const MONEY_FIELDS = [
  'price',
  'discount',
  'total',
  'subtotal',
  'vat',
  'additionalFee',
  'orderDiscount',
];

/** The invoice as it was after an event: what finance reads of it. */
function InvoiceAsOf({ state }: { state: Partial<InvoiceDto> }) {
  const { t } = useTranslation();
  const kind = state.kind === 'creditNote' ? t('invoices.creditNote') : t('invoices.invoice');
  return (
    <dl className="tb-facts">
      <dt>{t('invoices.columns.number')}</dt>
      <dd>{state.isDraft ? t('invoices.draft') : `${kind} ${state.number ?? ''}`}</dd>
      <dt>{t('invoices.columns.customer')}</dt>
      <dd>{state.customer?.name ?? ''}</dd>
      <dt>{t('invoices.columns.invoiceDate')}</dt>
      <dd>{formatDay(state.invoiceDate ?? null)}</dd>
      <dt>{t('invoices.columns.externalNumber')}</dt>
      <dd>{state.externalNumber ?? ''}</dd>
      <dt>{t('invoices.columns.status')}</dt>
      <dd>
        {[
          state.sentAt ? t('invoices.sent') : t('invoices.notSent'),
          state.paidOn ? t('invoices.paid') : t('invoices.notPaid'),
        ].join(', ')}
      </dd>
      <dt>{t('invoices.columns.amount')}</dt>
      <dd>
        <Money value={state.total ?? 0} ore currencyCode />
      </dd>
    </dl>
  );
}

/**
 * An invoice's Historik (issue 13 'For finance and the auditor'): who made, booked, sent, marked
 * paid and credited it, with old → new and the invoice as of each event.
 */
export function InvoiceHistoryDialog({
  invoice,
  onHide,
}: {
  invoice: { id: string; name: string } | null;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const labels = useMemo(
    () =>
      Object.fromEntries(
        INVOICE_EVENT_TYPES.map((type) => [type, t(`invoices.history.events.${type}`)]),
      ),
    [t],
  );
  return (
    <Dialog
      header={t('invoices.history.title', { name: invoice?.name ?? '' })}
      visible={invoice !== null}
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '70vw' }}
      breakpoints={{ '960px': '90vw' }}
    >
      {invoice && (
        <HistoryTab
          aggregateType="invoice"
          id={invoice.id}
          labels={labels}
          formats={{ money: MONEY_FIELDS }}
          asOfHeading={(sequence) => t('invoices.history.asOfHeading', { sequence })}
          renderAsOf={(state) => <InvoiceAsOf state={(state ?? {}) as Partial<InvoiceDto>} />}
        />
      )}
    </Dialog>
  );
}
