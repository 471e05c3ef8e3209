//! CRM: companies, contacts, contact lists, comments and files (spec 1). Plain tables written
//! with sqlx; each file holds a resource's handlers and the SQL they run. Every query runs in a
//! club transaction (`club_tx`), so row-level security backs up the explicit `client_id` filters.

pub mod comments;
pub mod companies;
pub mod contact_lists;
pub mod contacts;
pub mod extra_info;
pub mod files;

use uuid::Uuid;

use crate::error::ApiError;

/// Ids arrive as text in paths and forms; a malformed one is simply not found.
pub fn parse_id(raw: &str) -> Result<Uuid, ApiError> {
    raw.trim().parse().map_err(|_| ApiError::NotFound)
}

/// Optional text: trimmed, empty as None.
pub fn clean(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}
