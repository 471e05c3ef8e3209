//! What every area uses, in one place (STYLE.md): one way to read input, and (as they move here)
//! ids, text and LIKE escaping, HTML sanitising, club references, database-error mapping and
//! image slots.

pub mod actor;
pub mod html;
pub mod input;
pub mod link_page;
pub mod version;
