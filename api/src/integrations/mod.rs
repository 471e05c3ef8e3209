//! External services behind traits (ARCHITECTURE §9): a production client and a local stand-in,
//! chosen by configuration.

pub mod accounting;
pub mod cvr;
pub mod payments;
pub mod qz;
pub mod sms;
pub mod team_sport;
