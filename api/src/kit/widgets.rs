//! The back-office home's widgets by alias (spec 1 §2 "Dashboard widgets (selectable by alias)"):
//! the vocabulary the dashboard (which shows them) and the club settings (which choose them)
//! share, as `access` is the roles' and the routes'. The webapp keeps the same list
//! (`webapp/src/shared/dashboardWidgets.ts`).

/// Every widget by its alias, in the home's order, with the module it reads.
pub const WIDGETS: [(&str, &str); 9] = [
    ("DashRenegotiations", "orders"),
    ("DashInvoices", "orders"),
    ("DashLeadsFollowup", "companies"),
    ("DashInvoicedAmount", "orders"),
    ("DashProductsAmount", "orders"),
    ("DashInvoicedStatus", "orders"),
    ("DashContractSalesAmount", "orders"),
    ("DashContractProductsAmount", "orders"),
    ("DashEvents", "events"),
];

/// The aliases, for the club settings' check.
pub const ALIASES: [&str; 9] = {
    let mut aliases = [""; 9];
    let mut i = 0;
    while i < WIDGETS.len() {
        aliases[i] = WIDGETS[i].0;
        i += 1;
    }
    aliases
};

/// Without a choice: the spec's grid of eight (the events widget is chosen, not given).
pub const DEFAULT_COUNT: usize = 8;

/// The events widget's limit when the club sets none, and the most it may show.
pub const EVENTS_LIMIT: i64 = 5;
pub const EVENTS_LIMIT_MAX: i64 = 50;
