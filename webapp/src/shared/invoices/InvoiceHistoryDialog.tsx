import type { TFunction } from 'i18next';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { INVOICE_EVENT_TYPES, type InvoiceDto } from '../../api/generated/invoices';
import { formatDay } from '../format';
import {
  AggregateHistoryTab,
  TOTALS_MONEY_FIELDS,
  type HistoryFields,
} from '../history/AggregateHistoryTab';
import { Money } from '../ui/Money';

const INVOICE_FIELDS: HistoryFields = {
  money: TOTALS_MONEY_FIELDS,
  percent: ['rateFee', 'vatRate'],
  labelKeys: {},
  values: (t: TFunction) => ({
    kind: { invoice: t('invoices.invoice'), creditNote: t('invoices.creditNote') },
    'source.type': {
      order: t('invoices.sources.order'),
      contract: t('invoices.sources.contract'),
      subscription: t('invoices.sources.subscription'),
    },
  }),
};

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
export function InvoiceHistory({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  return (
    <AggregateHistoryTab<InvoiceDto>
      aggregateType="invoice"
      id={invoiceId}
      eventTypes={INVOICE_EVENT_TYPES}
      eventsKey="invoices.history.events"
      fields={INVOICE_FIELDS}
      asOfHeading={(sequence) => t('invoices.history.asOfHeading', { sequence })}
      renderAsOf={(state) => <InvoiceAsOf state={state} />}
    />
  );
}

/** The invoice's history in a dialog (the invoices tab of an order or a contract). */
export function InvoiceHistoryDialog({
  invoice,
  onHide,
}: {
  invoice: { id: string; name: string } | null;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('invoices.history.title', { name: invoice?.name ?? '' })}
      visible={invoice !== null}
      onHide={onHide}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '80vw' }}
      breakpoints={{ '960px': '95vw' }}
    >
      {invoice && <InvoiceHistory invoiceId={invoice.id} />}
    </Dialog>
  );
}
