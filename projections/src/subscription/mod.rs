//! The Subscription's read side: `subscription_rows` (one row per live subscription, for the
//! subscriptions list, the customer's profile and the recurring charges' search for what is
//! due), written by `project` and read only through `queries`.

pub mod project;
pub mod queries;
