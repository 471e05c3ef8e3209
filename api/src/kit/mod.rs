//! What every area uses, in one place (STYLE.md): one way to read input, ids, text and LIKE
//! escaping, HTML sanitising, club references, database-error mapping, image slots, stored
//! files, validation, and the route table every area registers into. An area under `api/src/`
//! never imports another area; what two areas share lives here.

pub mod access;
pub mod actor;
pub mod add_ons;
pub mod batches;
pub mod capacity;
pub mod club;
pub mod dates;
pub mod db;
pub mod discount_codes;
pub mod endpoints;
pub mod fields;
pub mod files;
pub mod history;
pub mod html;
pub mod ids;
pub mod image_slot;
pub mod input;
pub mod link_page;
pub mod list_page;
pub mod names;
pub mod openapi;
pub mod pdf;
pub mod reads;
pub mod recipients;
pub mod routes;
pub mod sales;
pub mod seating;
pub mod secrets;
pub mod signing;
pub mod text;
#[cfg(test)]
pub mod typescript;
pub mod validate;
pub mod version;
pub mod widgets;
