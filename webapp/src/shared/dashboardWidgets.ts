import type { TFunction } from 'i18next';

/**
 * The back-office home's widgets by alias (spec 1 §2 "Dashboard widgets (selectable by alias)"),
 * in the home's order, with the module each reads and its title's text. The server keeps the
 * same list (`api/src/dashboard/widgets.rs`); the club chooses among them in its settings and a
 * staff member on the home itself.
 */
export const DASHBOARD_WIDGETS = [
  { alias: 'DashRenegotiations', module: 'orders', title: 'dashboard.renegotiations.title' },
  { alias: 'DashInvoices', module: 'orders', title: 'dashboard.nextInvoices.title' },
  { alias: 'DashLeadsFollowup', module: 'companies', title: 'dashboard.leads.title' },
  { alias: 'DashInvoicedAmount', module: 'orders', title: 'dashboard.charts.invoicedAmount' },
  { alias: 'DashProductsAmount', module: 'orders', title: 'dashboard.charts.productsAmount' },
  { alias: 'DashInvoicedStatus', module: 'orders', title: 'dashboard.invoicedStatus.title' },
  {
    alias: 'DashContractSalesAmount',
    module: 'orders',
    title: 'dashboard.charts.contractSalesAmount',
  },
  {
    alias: 'DashContractProductsAmount',
    module: 'orders',
    title: 'dashboard.charts.contractProductsAmount',
  },
  { alias: 'DashEvents', module: 'events', title: 'dashboard.events.title' },
] as const;

export type WidgetAlias = (typeof DASHBOARD_WIDGETS)[number]['alias'];

/** The spec's eight: what the home shows when nobody chose. */
export const DEFAULT_WIDGETS: WidgetAlias[] = DASHBOARD_WIDGETS.slice(0, 8).map((w) => w.alias);

export function isWidgetAlias(alias: string): alias is WidgetAlias {
  return DASHBOARD_WIDGETS.some((widget) => widget.alias === alias);
}

/** The widget's module ('orders', 'companies', 'events'). */
export function widgetModule(alias: WidgetAlias): string {
  return DASHBOARD_WIDGETS.find((widget) => widget.alias === alias)?.module ?? alias;
}

/** The widget's title, as its card shows it. */
export function widgetTitle(alias: WidgetAlias, t: TFunction): string {
  const widget = DASHBOARD_WIDGETS.find((candidate) => candidate.alias === alias);
  return widget ? t(widget.title) : alias;
}
