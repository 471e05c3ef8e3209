#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

mod access;
mod account;
mod catalogue;
mod crm;
mod helpers;
mod history;
mod input;
mod jobs;
mod openapi;
mod orders;
mod search;
mod session;
mod settings;
mod tenancy;
