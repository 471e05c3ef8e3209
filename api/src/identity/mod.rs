//! Clubs, users, memberships, modules and sessions: plain tables written with sqlx (ARCHITECTURE §4).

pub mod acl;
pub mod client_ip;
pub mod clients;
pub mod login_throttle;
pub mod modules;
pub mod passwords;
pub mod sessions;
pub mod tokens;
pub mod users;
