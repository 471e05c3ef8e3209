//! The Order: staff orders, web-shop orders, bookings and point-of-sale sales (spec 3 §3 Order,
//! §4 Order status and payment status, §5 order rules, §9 totals). The first business aggregate;
//! contracts, subscriptions, invoices, invites and tickets copy its shape:
//! `model` (the values), `rules` (the field rules), `commands`,
//! `events`, `aggregate` (the state machine) and given/when/then `tests`. Its lines, totals and
//! line rules are the selling kernel's (`crate::selling`).

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
pub mod rules;
#[cfg(test)]
mod tests;

pub use aggregate::Order;
pub use commands::{OrderCommand, OrderContent};
pub use error::OrderError;
pub use events::OrderEvent;
pub use model::*;
// The order's lines, money and field errors are the selling kernel's; named here too, as the
// order's own vocabulary, for the API and the projections.
pub use crate::selling::{
    order_totals, Customer, ExtraInfoValue, FieldError, Invoicing, InvoicingType, LineAmounts,
    LineOption, OrderLine, Totals, VatSettings,
};
