//! The Invite (spec 2 §2 Invitations tab, §3 Invite, §4 Invitation, §5 invite products;
//! ARCHITECTURE §4; issue 18), in the Order's shape: `model`, `commands`, `events`, `error`,
//! `aggregate` and given/when/then `tests`. One invite asks one contact to an event with free
//! tickets (its products and amounts); it carries the unguessable token of its link, records each
//! mail or SMS sent (the invitation, a reminder or an update) and each booking made through it,
//! and may be deleted. A deleted invite refuses everything.

mod aggregate;
mod commands;
mod error;
mod events;
pub mod model;
#[cfg(test)]
mod tests;

pub use aggregate::{product_errors, Invite};
pub use commands::InviteCommand;
pub use error::InviteError;
pub use events::InviteEvent;
pub use model::{InviteContent, InviteProduct, SendKind, MAX_INVITE_AMOUNT, MIN_TOKEN_LENGTH};
