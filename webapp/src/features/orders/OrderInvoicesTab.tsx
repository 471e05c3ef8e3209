import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { formatDay } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { Money } from '../../shared/ui/Money';
import { useGetOrderInvoicesQuery } from './ordersApi';
import type { OrderInvoice } from './types';

/** Fakturaer: the order's invoices (they arrive with the invoices feature). */
export function OrderInvoicesTab({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { data = [], isFetching, isError, error } = useGetOrderInvoicesQuery(orderId);
  const typeLabel = (invoice: OrderInvoice) =>
    invoice.Type === 'creditNote' ? t('orders.invoices.creditNote') : t('orders.invoices.invoice');
  return (
    <section className="tb-stack">
      {isError && (
        <Alert severity="error">{apiErrorMessage(error) ?? t('orders.invoices.failed')}</Alert>
      )}
      <DataTable
        value={data}
        dataKey="Id"
        loading={isFetching}
        emptyMessage={t('orders.invoices.empty')}
        pt={{ table: { 'aria-label': t('orders.tabs.invoices') } }}
      >
        <Column
          header={t('orders.invoices.number')}
          body={(invoice: OrderInvoice) =>
            invoice.IsDraft ? (
              <Tag severity="secondary" value={t('orders.invoices.draft')} />
            ) : (
              `${typeLabel(invoice)} ${invoice.Number ?? ''}`.trim()
            )
          }
        />
        <Column header={t('orders.invoices.type')} body={typeLabel} />
        <Column
          header={t('orders.invoices.invoiceDate')}
          body={(invoice: OrderInvoice) => formatDay(invoice.InvoiceDate)}
        />
        <Column
          header={t('orders.invoices.paymentDate')}
          body={(invoice: OrderInvoice) => formatDay(invoice.PaymentDate)}
        />
        <Column
          header={t('orders.invoices.total')}
          body={(invoice: OrderInvoice) => <Money value={invoice.Total} ore currencyCode />}
        />
        <Column
          header={t('orders.invoices.status')}
          body={(invoice: OrderInvoice) =>
            [
              invoice.IsSent ? t('orders.invoices.sent') : t('orders.invoices.notSent'),
              invoice.IsPaid ? t('orders.invoices.paid') : t('orders.invoices.notPaid'),
            ].join(', ')
          }
        />
      </DataTable>
    </section>
  );
}
