//! The Subscription (spec 3 §3 Subscription, §4 Subscription status, §5 Subscription, §9;
//! issue 14), in the Order's shape: `model`, `commands`, `events`, `error`, `aggregate` and
//! given/when/then `tests`. Lines and totals are the order's. A subscription charges its saved
//! card once per period of `repeats` months from its start date; each charge is recorded here
//! under its period's key, so a period is charged at most once. One with auto-renew and an end
//! date continues into a new commitment period after that date (`Renew`), its customer told
//! `RENEWAL_NOTICE_DAYS` before (`RecordRenewalNotice`); one without stops charging there.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
#[cfg(test)]
mod tests;

pub use aggregate::{FailedCharge, Subscription};
pub use commands::SubscriptionCommand;
pub use error::SubscriptionError;
pub use events::SubscriptionEvent;
pub use model::{Period, SavedCard, SubscriptionContent, SubscriptionStatus, RENEWAL_NOTICE_DAYS};
