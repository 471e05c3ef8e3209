//! Start-up and session calls (spec 1 §7). Every one is mounted under `/api` and `/public`.

pub mod account;
pub mod app;
pub mod change_client;
pub mod user;
