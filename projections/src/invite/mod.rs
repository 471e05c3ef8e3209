//! The Invite's read side: `invite_rows` (one row per live invite: the event's Invitationer tab,
//! the public link by token, the booking's free tickets and the reminders), written by `project`
//! and read only through `queries`.

pub mod project;
pub mod queries;
