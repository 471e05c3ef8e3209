import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import { Alert } from '../../shared/ui/Alert';
import { useGetOrderTicketsQuery } from './ordersApi';
import type { OrderTicket } from '../../api/generated/orders';

function optionsText(ticket: OrderTicket): string {
  return ticket.options.join(', ');
}

function extraInfoText(ticket: OrderTicket): string {
  return ticket.extraInfo
    .map((entry) => `${entry.title}: ${entry.value ?? (entry.values ?? []).join(', ')}`)
    .join('; ');
}

/** Billetter: the order's tickets with a download link each (tickets arrive with events). */
export function OrderTicketsTab({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { data = [], isFetching, isError, error } = useGetOrderTicketsQuery(orderId);
  return (
    <section className="tb-stack">
      {isError && (
        <Alert severity="error">{apiErrorMessage(error) ?? t('orders.tickets.failed')}</Alert>
      )}
      <DataTable
        value={data}
        dataKey="id"
        loading={isFetching}
        emptyMessage={t('orders.tickets.empty')}
        pt={{ table: { 'aria-label': t('orders.tabs.tickets') } }}
      >
        <Column field="number" header={t('orders.tickets.number')} />
        <Column field="name" header={t('orders.tickets.name')} />
        <Column field="company" header={t('orders.tickets.company')} />
        <Column field="product" header={t('orders.tickets.product')} />
        <Column field="section" header={t('orders.tickets.section')} />
        <Column field="row" header={t('orders.tickets.row')} />
        <Column field="seatNumber" header={t('orders.tickets.seat')} />
        <Column header={t('orders.tickets.options')} body={optionsText} />
        <Column header={t('orders.tickets.extraInfo')} body={extraInfoText} />
        <Column
          header={t('orders.tickets.download')}
          body={(ticket: OrderTicket) => (
            <a
              href={`/public/events/ticket/${encodeURIComponent(ticket.code)}`}
              target="_blank"
              rel="noreferrer"
              aria-label={t('orders.tickets.downloadLabel', { number: ticket.number })}
            >
              <i className="pi pi-download" aria-hidden="true" /> {t('orders.tickets.download')}
            </a>
          )}
        />
      </DataTable>
    </section>
  );
}
