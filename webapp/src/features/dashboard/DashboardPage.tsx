import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { useCanAccess } from '../../shared/access';
import { AmountGraphWidget } from './AmountGraphWidget';
import { InvoicedStatusWidget } from './InvoicedStatusWidget';
import { LeadsFollowupWidget } from './LeadsFollowupWidget';
import { NextInvoicesWidget } from './NextInvoicesWidget';
import { RenegotiationsWidget } from './RenegotiationsWidget';
import './dashboard.css';

/**
 * The back-office home (spec 1 §2): the club's name and a grid of widgets, each shown only to
 * staff who may read its module: renegotiations, the next invoices, leads to follow up, and the
 * finance graphs (orders).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { client } = useAppSession();
  const orders = useCanAccess('read', 'orders');
  const leads = useCanAccess('read', 'companies');
  return (
    <section className="tb-page">
      <h1>{client?.name}</h1>
      <div className="tb-dashboard-grid">
        {orders && <RenegotiationsWidget />}
        {orders && <NextInvoicesWidget />}
        {leads && <LeadsFollowupWidget />}
        {orders && (
          <>
            <AmountGraphWidget
              graph="invoiced-amount"
              title={t('dashboard.charts.invoicedAmount')}
              monthly
            />
            <AmountGraphWidget
              graph="products-amount"
              title={t('dashboard.charts.productsAmount')}
              monthly={false}
            />
            <InvoicedStatusWidget />
            <AmountGraphWidget
              graph="contract-sales-amount"
              title={t('dashboard.charts.contractSalesAmount')}
              monthly
            />
            <AmountGraphWidget
              graph="contract-products-amount"
              title={t('dashboard.charts.contractProductsAmount')}
              monthly={false}
            />
          </>
        )}
      </div>
    </section>
  );
}
