#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may (STYLE.md)

mod access;
mod account;
mod catalogue;
mod contracts;
mod crm;
mod helpers;
mod history;
mod input;
mod invoice_books;
mod invoices;
mod jobs;
mod login_throttle;
mod openapi;
mod orders;
mod payments;
mod search;
mod session;
mod settings_clients;
mod settings_club;
mod settings_jobs;
mod settings_modules;
mod settings_users;
mod state_changes;
mod subscriptions;
mod tenancy;
mod versions;
