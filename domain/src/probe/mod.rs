//! The probe: a deliberately small aggregate (a named tally per club) that exercises the event
//! store, the inline and async projections, replay, audit and the history API until the first
//! business aggregate (Order) lands. It is kept afterwards as the store's own regression subject.

mod aggregate;
mod commands;
mod error;
mod events;
#[cfg(test)]
mod tests;

pub use aggregate::Probe;
pub use commands::ProbeCommand;
pub use error::ProbeError;
pub use events::ProbeEvent;
