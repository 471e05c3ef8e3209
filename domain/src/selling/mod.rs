//! The selling kernel (issue 38 §6): what every aggregate that sells shares — the lines and their
//! options, the customer, invoicing, VAT settings, the totals and the field rules. An aggregate
//! imports these from here and never from another aggregate (a test in `tests/boundaries.rs`
//! says so), so the order is one aggregate among others, not everybody's kernel.

mod error;
pub mod lines;
pub mod rules;
pub mod totals;

pub use error::FieldError;
pub use lines::{Customer, ExtraInfoValue, Invoicing, InvoicingType, LineOption, OrderLine};
pub use totals::{order_totals, LineAmounts, SaleChannel, Totals, VatSettings};
