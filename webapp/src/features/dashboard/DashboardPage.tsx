import { Button } from 'primereact/button';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSession } from '../../api/appApi';
import { canAccess } from '../../shared/access';
import {
  DEFAULT_WIDGETS,
  isWidgetAlias,
  widgetModule,
  type WidgetAlias,
} from '../../shared/dashboardWidgets';
import { AmountGraphWidget } from './AmountGraphWidget';
import { CustomizeDialog } from './CustomizeDialog';
import { EventsWidget } from './EventsWidget';
import { InvoicedStatusWidget } from './InvoicedStatusWidget';
import { LeadsFollowupWidget } from './LeadsFollowupWidget';
import { NextInvoicesWidget } from './NextInvoicesWidget';
import { RenegotiationsWidget } from './RenegotiationsWidget';
import { useGetDashboardWidgetsQuery } from './dashboardApi';
import type { EventsWidgetSettings } from './types';
import './dashboard.css';

const DEFAULT_EVENTS: EventsWidgetSettings = { promoted: false, limit: 5 };

/**
 * The back-office home (spec 1 §2): the club's name and a grid of the widgets chosen by alias —
 * the staff member's own choice, else the club's (its settings), else the spec's eight — each
 * shown only to staff who may read its module. 'Tilpas forside' chooses one's own.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { client, user, modules } = useAppSession();
  const { data: widgets, isLoading, isError } = useGetDashboardWidgetsQuery();
  const [customizing, setCustomizing] = useState(false);
  // Until the choice is read nothing is drawn; if it cannot be read, the eight.
  const chosen: WidgetAlias[] = widgets
    ? widgets.shown.filter(isWidgetAlias)
    : isError
      ? DEFAULT_WIDGETS
      : [];
  const shown = chosen.filter((alias) => canAccess(user, modules, 'read', widgetModule(alias)));
  const events = widgets?.events ?? DEFAULT_EVENTS;
  const render = (alias: WidgetAlias): ReactNode => {
    switch (alias) {
      case 'DashRenegotiations':
        return <RenegotiationsWidget />;
      case 'DashInvoices':
        return <NextInvoicesWidget />;
      case 'DashLeadsFollowup':
        return <LeadsFollowupWidget />;
      case 'DashInvoicedAmount':
        return (
          <AmountGraphWidget
            graph="invoiced-amount"
            title={t('dashboard.charts.invoicedAmount')}
            monthly
          />
        );
      case 'DashProductsAmount':
        return (
          <AmountGraphWidget
            graph="products-amount"
            title={t('dashboard.charts.productsAmount')}
            monthly={false}
          />
        );
      case 'DashInvoicedStatus':
        return <InvoicedStatusWidget />;
      case 'DashContractSalesAmount':
        return (
          <AmountGraphWidget
            graph="contract-sales-amount"
            title={t('dashboard.charts.contractSalesAmount')}
            monthly
          />
        );
      case 'DashContractProductsAmount':
        return (
          <AmountGraphWidget
            graph="contract-products-amount"
            title={t('dashboard.charts.contractProductsAmount')}
            monthly={false}
          />
        );
      case 'DashEvents':
        return <EventsWidget settings={events} />;
    }
  };
  return (
    <section className="tb-page">
      <div className="tb-page-header">
        <h1>{client?.name}</h1>
        {widgets && widgets.available.length > 0 && (
          <div className="tb-page-actions">
            <Button
              type="button"
              icon="pi pi-th-large"
              label={t('dashboard.customize.open')}
              severity="secondary"
              outlined
              onClick={() => setCustomizing(true)}
            />
          </div>
        )}
      </div>
      {!isLoading && shown.length === 0 && <p>{t('dashboard.customize.nothing')}</p>}
      <div className="tb-dashboard-grid">
        {shown.map((alias) => (
          <Fragment key={alias}>{render(alias)}</Fragment>
        ))}
      </div>
      {customizing && widgets && (
        <CustomizeDialog widgets={widgets} onClose={() => setCustomizing(false)} />
      )}
    </section>
  );
}
