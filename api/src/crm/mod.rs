//! CRM: companies, contacts, contact lists, comments and files (spec 1). Plain tables written
//! with sqlx; each file holds a resource's handlers and the SQL they run. Every query runs in a
//! club transaction (`club_tx`), so row-level security backs up the explicit `client_id` filters.

pub mod comments;
pub mod companies;
pub mod contact_lists;
pub mod contacts;
pub mod extra_info;
pub mod files;
