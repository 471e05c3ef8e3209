import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { ProfileOrder, ProfileOrderStatus } from '../../api/generated/profile';
import { Alert } from '../../shared/ui/Alert';
import { DateTime } from '../../shared/ui/DateTime';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import { useGetProfileOrdersQuery, useResendOrderConfirmationMutation } from './customerProfileApi';

/** When an event starts, as the profile shows it: '8. feb. 2026 kl. 18:00'. */
export const EVENT_PATTERN = 'D. MMM YYYY [kl.] HH:mm';

const SEVERITY: Record<ProfileOrderStatus, 'success' | 'warning' | 'danger'> = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
};

export function OrderStatusTag({ status }: { status: ProfileOrderStatus }) {
  const { t } = useTranslation();
  return <Tag value={t(`customerProfile.orders.statuses.${status}`)} severity={SEVERITY[status]} />;
}

/** A booking names its event and when; a shop order its products. */
function Content({ order }: { order: ProfileOrder }) {
  return (
    <div className="tb-profile-order-content">
      {order.event && (
        <div>
          <strong>{order.event.title}</strong>{' '}
          <small>
            <DateTime value={order.event.start} pattern={EVENT_PATTERN} />
          </small>
        </div>
      )}
      <ul className="tb-profile-lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            {line.amount} × {line.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Ordrer': the buyer's own bookings and shop orders at this club, newest first, each with its
 * number, date, event or products, total and status; a confirmed one's confirmation mail can be
 * sent again.
 */
export function OrdersSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const orders = useGetProfileOrdersQuery();
  const [resend] = useResendOrderConfirmationMutation();
  const [busy, setBusy] = useState<string>();

  async function resendConfirmation(order: ProfileOrder) {
    setBusy(order.id);
    try {
      await resend(order.id).unwrap();
      toast.success(t('customerProfile.orders.resent', { number: order.number }));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    } finally {
      setBusy(undefined);
    }
  }

  if (orders.isLoading) return <Preloader label={t('common.loading')} />;
  if (orders.isError) {
    return (
      <Alert severity="error">
        {apiErrorMessage(orders.error) ?? t('customerProfile.orders.loadFailed')}
      </Alert>
    );
  }
  return (
    <Card className="tb-card">
      <DataTable
        value={orders.data?.orders ?? []}
        dataKey="id"
        className="tb-profile-orders"
        emptyMessage={t('customerProfile.orders.empty')}
        pt={{ table: { 'aria-label': t('customerProfile.sections.orders') } }}
      >
        <Column header={t('customerProfile.orders.number')} field="number" />
        <Column
          header={t('customerProfile.orders.date')}
          body={(row: ProfileOrder) => <DateTime value={row.createdAt} />}
        />
        <Column
          header={t('customerProfile.orders.content')}
          body={(row: ProfileOrder) => <Content order={row} />}
        />
        <Column
          header={t('customerProfile.orders.total')}
          body={(row: ProfileOrder) => <Money value={row.total} ore />}
        />
        <Column
          header={t('customerProfile.orders.status')}
          body={(row: ProfileOrder) => <OrderStatusTag status={row.status} />}
        />
        <Column
          header={t('customerProfile.orders.actions')}
          body={(row: ProfileOrder) =>
            row.canResend ? (
              <Button
                type="button"
                outlined
                size="small"
                icon="pi pi-envelope"
                className="tb-profile-resend"
                label={t('customerProfile.orders.resend')}
                aria-label={t('customerProfile.orders.resendLabel', { number: row.number })}
                loading={busy === row.id}
                disabled={busy !== undefined}
                onClick={() => void resendConfirmation(row)}
              />
            ) : null
          }
        />
      </DataTable>
    </Card>
  );
}
