//! "Belongs to this club": a reference a form sends (a category, a contact, a product …) names a
//! row of the caller's club, or the save is refused.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;

/// Whether `id` (when given) names a row of `table` in the club. No id is nothing to check.
pub async fn exists_in_club(
    conn: &mut PgConnection,
    table: &str,
    client_id: Uuid,
    id: Option<Uuid>,
) -> Result<bool, ApiError> {
    let Some(id) = id else { return Ok(true) };
    all_in_club(conn, table, client_id, &[id]).await
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
    if unique.is_empty() {
        return Ok(true);
    }
    let known: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM {table} WHERE client_id = $1 AND id = ANY($2)"
    ))
    .bind(client_id)
    .bind(&unique)
    .fetch_one(conn)
    .await?;
    Ok(known == unique.len() as i64)
}
