import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import type { ListSort } from '../../api/listTypes';
import { fullName } from '../../shared/format';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { DataTable, type TableColumn } from '../../shared/ui/DataTable';
import { DateTime } from '../../shared/ui/DateTime';
import { Money } from '../../shared/ui/Money';
import { SearchInput } from '../../shared/ui/SearchInput';
import { useToast } from '../../shared/ui/Toast';
import { OrderStatusBadge, PaymentStatusBadge } from './OrderBadges';
import { ORDERS_ENDPOINT, useDeleteOrderMutation, useExportOrdersMutation } from './ordersApi';
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
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ListSort>(DEFAULT_SORT);
  const [deleteOrder] = useDeleteOrderMutation();
  const [exportOrders, exportState] = useExportOrdersMutation();
  // The company page's 'Vis alle' links here with ?companyId=.
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const filter: OrderFilter = useMemo(
    () => (companyId ? { search, companyId } : { search }),
    [search, companyId],
  );

  const columns: TableColumn<OrderRow>[] = [
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
    {
      field: 'actions',
      header: t('table.actions'),
      style: { whiteSpace: 'nowrap' },
      body: (row) => {
        const number = numberOf(row) ?? '';
        return (
          <span className="tb-row-actions">
            <Link
              to={`/orders/${row.Id}`}
              className="p-button p-component p-button-text p-button-sm"
              aria-label={t('orders.list.showLabel', { number })}
            >
              {t('orders.list.show')}
            </Link>
            {row.Status === 'cancelled' && (
              <ConfirmButton
                text
                size="small"
                severity="danger"
                label={t('table.delete')}
                aria-label={t('orders.list.deleteLabel', { number })}
                message={t('orders.confirmDelete')}
                onConfirm={async () => {
                  try {
                    await deleteOrder(row.Id).unwrap();
                    toast.success(t('orders.messages.deleted'));
                  } catch (error) {
                    toast.error(apiErrorMessage(error) ?? t('orders.errors.unknown'));
                  }
                }}
              />
            )}
          </span>
        );
      },
    },
  ];

  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{t('orders.list.title')}</h1>
        <div className="tb-page-actions">
          <Button
            type="button"
            outlined
            icon="pi pi-file-excel"
            label={t('orders.list.export')}
            loading={exportState.isLoading}
            onClick={async () => {
              try {
                await exportOrders({ filter, sort }).unwrap();
              } catch (error) {
                toast.error(apiErrorMessage(error) ?? t('orders.errors.exportFailed'));
              }
            }}
          />
          <Link to="/orders/create" className="p-button p-component">
            <i className="pi pi-plus" aria-hidden="true" />
            <span>{t('orders.list.create')}</span>
          </Link>
        </div>
      </div>
      <div className="tb-filters">
        <SearchInput label={t('table.search')} onSearch={setSearch} />
      </div>
      <DataTable<OrderRow>
        label={t('orders.list.title')}
        endpoint={ORDERS_ENDPOINT}
        tag="Order"
        columns={columns}
        defaultSort={DEFAULT_SORT}
        filter={filter as unknown as Record<string, unknown>}
        onSortChange={setSort}
      />
    </section>
  );
}
