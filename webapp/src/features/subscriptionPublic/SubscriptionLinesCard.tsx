import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicLine, PublicSubscription } from '../../api/generated/subscriptions';
import { Money } from '../../shared/ui/Money';

/** What the subscription holds, and what each payment comes to. */
export function SubscriptionLinesCard({ page }: { page: PublicSubscription }) {
  const { t } = useTranslation();
  const titleId = useId();
  const row = (label: string, value: number, className?: string) => (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>
        <Money value={value} ore />
      </td>
    </tr>
  );
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="tb-card-title">
          {t('subscriptionPublic.lines.title')}
        </h2>
        <DataTable
          value={page.lines}
          size="small"
          pt={{ table: { 'aria-label': t('subscriptionPublic.lines.table') } }}
        >
          <Column
            header={t('subscriptionPublic.lines.product')}
            body={(line: PublicLine) => (
              <>
                <span>{line.title}</span>
                {line.variant && (
                  <small className="tb-subscription-public-variant">{line.variant}</small>
                )}
              </>
            )}
          />
          <Column
            header={t('subscriptionPublic.lines.amount')}
            body={(line: PublicLine) => line.amount}
          />
          <Column
            header={t('subscriptionPublic.lines.price')}
            align="right"
            body={(line: PublicLine) => <Money value={line.price} ore />}
          />
          <Column
            header={t('subscriptionPublic.lines.total')}
            align="right"
            body={(line: PublicLine) => <Money value={line.total} ore />}
          />
        </DataTable>
        <table className="tb-totals" aria-label={t('subscriptionPublic.totals.title')}>
          <tbody>
            {row(t('subscriptionPublic.totals.subtotal'), page.subtotal)}
            {row(
              t(
                page.pricesWithVat
                  ? 'subscriptionPublic.totals.vatIncluded'
                  : 'subscriptionPublic.totals.vat',
              ),
              page.vat,
            )}
            {row(t('subscriptionPublic.totals.total'), page.total, 'tb-totals-total')}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
