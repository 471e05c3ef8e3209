//! The HTTP API and the `tribune` binary's commands.

pub mod admin;
pub mod booking;
pub mod catalogue;
pub mod club;
pub mod contracts;
pub mod crm;
pub mod dashboard;
pub mod envelope;
pub mod error;
pub mod events;
pub mod export;
#[cfg(test)]
mod generated_types;
pub mod identity;
pub mod integrations;
pub mod invites;
pub mod invoices;
pub mod jobs;
pub mod kit;
pub mod mail;
pub mod openapi;
pub mod orders;
pub mod payments;
pub mod pos;
pub mod profile;
pub mod routes;
pub mod seats;
pub mod seed;
pub mod session;
pub mod settings;
pub mod shop;
pub mod spa;
pub mod startup;
pub mod state;
pub mod storage;
pub mod subscriptions;
pub mod tickets;
