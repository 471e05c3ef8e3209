import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { ProfileTicket } from '../../api/generated/profile';
import { Alert } from '../../shared/ui/Alert';
import { DateTime } from '../../shared/ui/DateTime';
import { Preloader } from '../../shared/ui/Preloader';
import { useGetProfileOrdersQuery } from './customerProfileApi';
import { EVENT_PATTERN } from './OrdersSection';

const SEVERITY: Record<string, 'success' | 'info' | 'danger'> = {
  issued: 'success',
  scanned: 'info',
  voided: 'danger',
};

function StatusTag({ ticket }: { ticket: ProfileTicket }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(`customerProfile.tickets.statuses.${ticket.status}`, {
        defaultValue: ticket.status,
      })}
      severity={SEVERITY[ticket.status] ?? 'info'}
    />
  );
}

/** 'Sektion A, Række 3, Plads 12'; '' for a ticket without a seat. */
function useSeatText() {
  const { t } = useTranslation();
  return (ticket: ProfileTicket) =>
    [
      ticket.section && t('customerProfile.tickets.section', { value: ticket.section }),
      ticket.row && t('customerProfile.tickets.row', { value: ticket.row }),
      ticket.seatNumber && t('customerProfile.tickets.seatNumber', { value: ticket.seatNumber }),
    ]
      .filter(Boolean)
      .join(', ');
}

/**
 * 'Billetter': every ticket of the buyer's orders, the coming events first: the event and when,
 * the ticket, its seat when seated, its status, and its PDF to download again.
 */
export function TicketsSection() {
  const { t } = useTranslation();
  const orders = useGetProfileOrdersQuery();
  const seatText = useSeatText();

  if (orders.isLoading) return <Preloader label={t('common.loading')} />;
  if (orders.isError) {
    return (
      <Alert severity="error">
        {apiErrorMessage(orders.error) ?? t('customerProfile.tickets.loadFailed')}
      </Alert>
    );
  }
  const tickets = orders.data?.tickets ?? [];
  const seated = tickets.some((ticket) => seatText(ticket) !== '');
  return (
    <Card className="tb-card">
      <DataTable
        value={tickets}
        dataKey="ticketId"
        className="tb-profile-tickets"
        emptyMessage={t('customerProfile.tickets.empty')}
        pt={{ table: { 'aria-label': t('customerProfile.sections.tickets') } }}
      >
        <Column
          header={t('customerProfile.tickets.event')}
          body={(row: ProfileTicket) => row.event?.title ?? ''}
        />
        <Column
          header={t('customerProfile.tickets.date')}
          body={(row: ProfileTicket) => (
            <DateTime value={row.event?.start} pattern={EVENT_PATTERN} />
          )}
        />
        <Column
          header={t('customerProfile.tickets.ticket')}
          body={(row: ProfileTicket) => (
            <div>
              <div>{row.product}</div>
              <small>
                {t('customerProfile.tickets.numbers', {
                  number: row.number,
                  order: row.orderNumber,
                })}
              </small>
            </div>
          )}
        />
        {seated && (
          <Column
            header={t('customerProfile.tickets.seat')}
            body={(row: ProfileTicket) => seatText(row)}
          />
        )}
        <Column
          header={t('customerProfile.tickets.status')}
          body={(row: ProfileTicket) => <StatusTag ticket={row} />}
        />
        <Column
          header={t('customerProfile.tickets.actions')}
          body={(row: ProfileTicket) =>
            row.download ? (
              <a
                href={row.download}
                download
                className="p-button p-component p-button-sm p-button-outlined tb-profile-download"
                aria-label={t('customerProfile.tickets.downloadLabel', { number: row.number })}
              >
                <i className="pi pi-download" aria-hidden="true" />{' '}
                {t('customerProfile.tickets.download')}
              </a>
            ) : null
          }
        />
      </DataTable>
    </Card>
  );
}
