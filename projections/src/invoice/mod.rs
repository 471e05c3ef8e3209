//! The Invoice's read side: `invoice_rows` (one row per live invoice or credit note, for the
//! invoices list, the Fakturaer tabs and the plan's "already made"), written by `project` and read
//! only through `queries`.

pub mod project;
pub mod queries;
