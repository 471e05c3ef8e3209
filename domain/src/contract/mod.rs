//! The Contract (spec 3 §3 Contract, §4 Contract status and agreement status, §5 contract
//! invoicing, §9 recurring amounts and custom periods), built in the Order's shape (issue 12).
//! So far: the invoicing plan, so that a job can later ask which invoices are due, and the two
//! statuses with the transitions each allows.

pub mod plan;
pub mod status;

pub use plan::{CustomPeriod, DueInvoice, InvoicingPlan, PlanKind, PlanTotals};
pub use status::{AgreementStatus, ContractStatus, Transition};
