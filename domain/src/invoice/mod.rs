//! The Invoice (spec 3 §3 Invoice, §4 Invoice, §5 invoice date; issue 13), in the Order's shape:
//! `model`, `commands`, `events`, `aggregate` (with its rules) and given/when `tests`.
//!
//! Draft ('Kladde') → booked ('Godkend', which gives the number), then sent (e-mailed or marked
//! by hand), paid, a receipt once paid. A booked invoice never changes; a credit note (itself an
//! invoice, of kind credit note, naming the original) undoes it. Invoices and credit notes share
//! the club's one number series, given at booking only, consecutive and never reused.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
pub mod printing;
#[cfg(test)]
mod tests;

pub use aggregate::{Invoice, DATE_REQUIRED};
pub use commands::InvoiceCommand;
pub use error::InvoiceError;
pub use events::InvoiceEvent;
pub use model::{InvoiceContent, InvoiceCustomer, InvoiceKind, InvoiceSource};
pub use printing::{invoice_rows, InvoiceRow, Printing};
