//! CRM: companies, contacts, contact lists, comments and files (spec 1). Plain tables written
//! with sqlx; each file holds a resource's handlers and the SQL they run. Every query runs in a
//! club transaction (`club_tx`), so row-level security backs up the explicit `client_id` filters.

pub mod comments;
pub mod companies;
pub mod contact_lists;
pub mod contacts;
pub mod extra_info;
pub mod files;

use serde::{Deserialize, Deserializer};
use sqlx::PgConnection;
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

/// For images on an entity, `null` and absent differ: null removes the image, absent keeps it.
pub fn keep_or_remove<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// A LIKE pattern that finds `search` anywhere, with LIKE's own characters taken literally.
pub fn like_pattern(search: &str) -> String {
    format!(
        "%{}%",
        search
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    )
}

/// Whether every id (duplicates allowed) names a row of `table` in the club.
pub async fn all_in_club(
    conn: &mut PgConnection,
    table: &str,
    client_id: Uuid,
    ids: &[Uuid],
) -> Result<bool, ApiError> {
    let mut unique = ids.to_vec();
    unique.sort();
    unique.dedup();
    let known: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM {table} WHERE client_id = $1 AND id = ANY($2)"
    ))
    .bind(client_id)
    .bind(&unique)
    .fetch_one(conn)
    .await?;
    Ok(known == unique.len() as i64)
}
