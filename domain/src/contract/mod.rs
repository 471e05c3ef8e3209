//! The Contract (spec 3 §3 Contract, §4 Contract status and agreement status, §5 contract
//! invoicing, §9 recurring amounts and custom periods), built in the Order's shape (issue 12).
//! First slice: the invoicing plan, so that a job can later ask which invoices are due.

pub mod plan;

pub use plan::{CustomPeriod, DueInvoice, InvoicingPlan, PlanKind, PlanTotals};
