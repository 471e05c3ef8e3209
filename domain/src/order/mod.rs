//! The Order: staff orders, web-shop orders, bookings and point-of-sale sales (spec 3 §3 Order,
//! §4 Order status and payment status, §5 order rules, §9 totals). The first business aggregate;
//! contracts, subscriptions, invoices, invites and tickets copy its shape:
//! `model` (the values), `totals` (the money rules), `rules` (the field rules), `commands`,
//! `events`, `aggregate` (the state machine) and given/when/then `tests`.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod totals;

pub use aggregate::Order;
pub use commands::{OrderCommand, OrderContent};
pub use error::{FieldError, OrderError};
pub use events::OrderEvent;
pub use model::*;
pub use totals::{order_totals, LineAmounts, Totals, VatSettings};
