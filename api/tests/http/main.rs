mod account;
mod helpers;
mod history;
mod input;
mod jobs;
mod session;
mod tenancy;
