//! Moved to `kit::validate` (issue 11 §5). This re-export keeps the two callers that other work
//! owns right now (`routes/session/account.rs`, `orders/mod.rs`) compiling; point them at
//! `crate::kit::validate` and delete this file.

pub use crate::kit::validate::{is_email, Check};
