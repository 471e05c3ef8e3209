// The dashboard's rows are generated from the Rust types (src/api/generated).

/** A row of POST /api/dashboard/renegotiations: a contract up for renewal. */
export type { RenegotiationRow } from '../../api/generated/contracts';

/** A row of POST /api/dashboard/leads-followup: a company whose follow-up day has come. */
export type { LeadRow as LeadFollowupRow } from '../../api/generated/dashboard';

/** A row of POST /api/dashboard/invoices: a contract's next planned invoice (amount in øre
 * without VAT); and a chart's answer (POST /api/dashboard/invoiced-amount?year=, …): one amount
 * per label — months ('YYYY-MM') or product titles; the pie's are 'Faktureret' and 'Resterende'. */
export type {
  PlannedInvoiceRow as NextInvoiceRow,
  Chart as AmountSeries,
} from '../../api/generated/dashboard';

/** GET /api/dashboard/widgets and the caller's choice (POST). */
export type {
  DashboardWidgets,
  WidgetChoice,
  ChosenBy,
  EventsWidget as EventsWidgetSettings,
} from '../../api/generated/dashboard';
