import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListSort } from '../../api/listTypes';
import { fullName } from '../../shared/format';
import { DateTime } from '../../shared/ui/DateTime';
import { ListPage } from '../../shared/ui/ListPage';
import { Money } from '../../shared/ui/Money';
import { OrderStatusBadge, PaymentStatusBadge } from './OrderBadges';
import {
  EXPORT_FILE_NAME,
  ORDERS_ENDPOINT,
  ORDERS_EXPORT_ENDPOINT,
  useDeleteOrderMutation,
} from './ordersApi';
import type { OrderFilter, OrderRow } from './types';

const DEFAULT_SORT: ListSort = { field: 'Number', dir: 'desc' };

function numberOf(row: OrderRow): number | null {
  return row.Number ?? row.OrderNumber;
}

/**
 * /orders (spec 3 §2): search, 'Eksport' (Ordrer.xlsx), the orders newest number first, 10 a page:
 * Status, Nummer, Betaling, Kontaktperson ('Billetsalg' for point-of-sale orders), Virksomhed,
 * Arrangement, Pris, Dato; 'Se ordre', and 'Slet' for cancelled orders.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const [deleteOrder] = useDeleteOrderMutation();
  // The company page's 'Vis alle' links here with ?companyId=.
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const filter: Omit<OrderFilter, 'search'> = companyId ? { companyId } : {};

  return (
    <ListPage<OrderRow>
      title={t('orders.list.title')}
      endpoint={ORDERS_ENDPOINT}
      tag="Order"
      defaultSort={DEFAULT_SORT}
      filter={filter}
      basePath="/orders"
      createLabel={t('orders.list.create')}
      exportFile={{
        label: t('orders.list.export'),
        endpoint: ORDERS_EXPORT_ENDPOINT,
        fileName: EXPORT_FILE_NAME,
        failedMessage: t('orders.errors.exportFailed'),
      }}
      editLabel={t('orders.list.show')}
      actionLabels={{
        edit: (row) => t('orders.list.showLabel', { number: numberOf(row) ?? '' }),
        delete: (row) => t('orders.list.deleteLabel', { number: numberOf(row) ?? '' }),
      }}
      actionsStyle={{ whiteSpace: 'nowrap' }}
      onDelete={(id) => deleteOrder(id).unwrap()}
      canDelete={(row) => row.Status === 'cancelled'}
      deleteMessage={t('orders.confirmDelete')}
      deletedMessage={t('orders.messages.deleted')}
      deleteFailedMessage={t('orders.errors.unknown')}
      columns={[
        {
          field: 'Status',
          header: t('orders.columns.status'),
          sortable: true,
          body: (row) => <OrderStatusBadge status={row.Status} />,
        },
        {
          field: 'Number',
          header: t('orders.columns.number'),
          sortable: true,
          body: (row) => numberOf(row),
        },
        {
          field: 'PaymentStatus',
          header: t('orders.columns.payment'),
          sortable: true,
          body: (row) => <PaymentStatusBadge status={row.PaymentStatus} />,
        },
        {
          field: 'Contact',
          header: t('orders.columns.contact'),
          sortable: true,
          body: (row) =>
            row.IsPOS
              ? t('orders.list.pointOfSale')
              : row.Contact || fullName({ firstname: row.Firstname, lastname: row.Lastname }),
        },
        { field: 'Company', header: t('orders.columns.company'), sortable: true },
        { field: 'Event', header: t('orders.columns.event') },
        {
          field: 'Total',
          header: t('orders.columns.price'),
          sortable: true,
          body: (row) => <Money value={row.Total} ore currencyCode />,
        },
        {
          field: 'CreateDate',
          header: t('orders.columns.date'),
          sortable: true,
          body: (row) => <DateTime value={row.CreateDate} />,
        },
      ]}
    />
  );
}
