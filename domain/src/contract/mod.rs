//! The Contract (spec 3 §3 Contract, §4 Contract status and agreement status, §5 contract
//! invoicing and e-sign, §9), in the Order's shape: `model`, `rules`, `commands`, `events`,
//! `aggregate` and given/when/then `tests`; `plan` (the invoicing plan) and `status` (the two
//! statuses and the transitions each allows) are its own. Lines and totals are the order's.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
pub mod plan;
pub mod rules;
pub mod status;
#[cfg(test)]
mod tests;

pub use aggregate::Contract;
pub use commands::ContractCommand;
pub use error::ContractError;
pub use events::ContractEvent;
pub use model::{ContractContent, ContractLine, Signing, Unit};
pub use plan::{CustomPeriod, DueInvoice, InvoicingPlan, PlanKind, PlanTotals};
pub use status::{AgreementStatus, ContractStatus, Transition};
