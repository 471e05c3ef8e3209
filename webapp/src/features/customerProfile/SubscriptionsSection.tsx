import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/baseApi';
import type { ProfileSubscription } from '../../api/generated/subscriptions';
import { formatDay } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { ConfirmButton } from '../../shared/ui/ConfirmButton';
import { Money } from '../../shared/ui/Money';
import { Preloader } from '../../shared/ui/Preloader';
import { useToast } from '../../shared/ui/Toast';
import {
  useCancelProfileSubscriptionMutation,
  useGetProfileSubscriptionsQuery,
} from './customerProfileApi';

/** A day of the API as '31-07-2026'; a missing one (no next payment, no end) as a dash. */
export function dayOrDash(day: string | null): string {
  return formatDay(day) || '–';
}

function StatusTag({ subscription }: { subscription: ProfileSubscription }) {
  const { t } = useTranslation();
  // Spec 3 §4: an active ('approved') subscription is Aktiv, anything else Annulleret.
  return subscription.status === 'approved' ? (
    <Tag value={t('customerProfile.subscriptions.active')} severity="success" />
  ) : (
    <Tag value={t('customerProfile.subscriptions.cancelled')} severity="danger" />
  );
}

function Lines({ subscription }: { subscription: ProfileSubscription }) {
  return (
    <ul className="tb-profile-lines">
      {subscription.orderLines.map((line, index) => (
        <li key={index}>
          {line.amount} × {line.title}
          {line.variant ? ` (${line.variant})` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Abonnementer': the customer's subscriptions. Cancelling is offered once the commitment has run
 * out (`canCancel`); until then the commitment date says when. The server has the last word: a
 * refusal is shown as it words it.
 */
export function SubscriptionsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const subscriptions = useGetProfileSubscriptionsQuery();
  const [cancel] = useCancelProfileSubscriptionMutation();
  const [busy, setBusy] = useState<string>();

  async function cancelSubscription(id: string) {
    setBusy(id);
    try {
      await cancel(id).unwrap();
      toast.success(t('customerProfile.subscriptions.cancelledToast'));
    } catch (error) {
      toast.error(apiErrorMessage(error) ?? t('common.errors.generic'));
    } finally {
      setBusy(undefined);
    }
  }

  if (subscriptions.isLoading) return <Preloader label={t('common.loading')} />;
  if (subscriptions.isError) {
    return (
      <Alert severity="error">
        {apiErrorMessage(subscriptions.error) ?? t('customerProfile.subscriptions.loadFailed')}
      </Alert>
    );
  }
  return (
    <Card className="tb-card">
      <DataTable
        value={subscriptions.data ?? []}
        dataKey="id"
        emptyMessage={t('customerProfile.subscriptions.empty')}
        pt={{ table: { 'aria-label': t('customerProfile.sections.subscriptions') } }}
        responsiveLayout="stack"
        breakpoint="40rem"
      >
        <Column header={t('customerProfile.subscriptions.number')} field="subscriptionNumber" />
        <Column
          header={t('customerProfile.subscriptions.start')}
          body={(row: ProfileSubscription) => dayOrDash(row.startDate)}
        />
        <Column
          header={t('customerProfile.subscriptions.end')}
          body={(row: ProfileSubscription) => dayOrDash(row.endDate)}
        />
        <Column
          header={t('customerProfile.subscriptions.nextPayment')}
          body={(row: ProfileSubscription) => dayOrDash(row.nextPayment)}
        />
        <Column
          header={t('customerProfile.subscriptions.commitment')}
          body={(row: ProfileSubscription) => dayOrDash(row.commitmentDate)}
        />
        <Column
          header={t('customerProfile.subscriptions.lines')}
          body={(row: ProfileSubscription) => <Lines subscription={row} />}
        />
        <Column
          header={t('customerProfile.subscriptions.total')}
          body={(row: ProfileSubscription) => <Money value={row.total} ore />}
        />
        {/* The status with what the customer may do about it: cancel, or from when. */}
        <Column
          header={t('customerProfile.subscriptions.status')}
          body={(row: ProfileSubscription) => (
            <div className="tb-profile-status">
              <StatusTag subscription={row} />
              {row.canCancel ? (
                <ConfirmButton
                  outlined
                  size="small"
                  severity="danger"
                  icon="pi pi-times"
                  label={t('customerProfile.subscriptions.cancel')}
                  loading={busy === row.id}
                  disabled={busy !== undefined}
                  message={t('customerProfile.subscriptions.cancelConfirm')}
                  onConfirm={() => cancelSubscription(row.id)}
                />
              ) : row.status === 'approved' && row.commitmentDate ? (
                <small className="tb-field-help">
                  {t('customerProfile.subscriptions.cancelFrom', {
                    date: formatDay(row.commitmentDate),
                  })}
                </small>
              ) : null}
            </div>
          )}
        />
      </DataTable>
    </Card>
  );
}
