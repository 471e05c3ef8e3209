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

/// A row of `table` the request names by its path: not found unless it is the club's.
pub async fn found_in_club(
    conn: &mut PgConnection,
    table: &str,
    client_id: Uuid,
    id: Uuid,
) -> Result<(), ApiError> {
    if exists_in_club(conn, table, client_id, Some(id)).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

/// Which of `kinds` (name, table) holds the row `id` in the club, the first one that does.
pub async fn kind_in_club(
    conn: &mut PgConnection,
    kinds: &[(&'static str, &str)],
    client_id: Uuid,
    id: Uuid,
) -> Result<Option<&'static str>, ApiError> {
    if kinds.is_empty() {
        return Ok(None);
    }
    let union = kinds
        .iter()
        .enumerate()
        .map(|(i, (_, table))| {
            format!("SELECT {i} AS kind FROM {table} WHERE client_id = $1 AND id = $2")
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let found: Option<i32> = sqlx::query_scalar(&format!("SELECT min(kind) FROM ({union}) k"))
        .bind(client_id)
        .bind(id)
        .fetch_one(conn)
        .await?;
    Ok(found.and_then(|i| kinds.get(usize::try_from(i).ok()?).map(|(name, _)| *name)))
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

/// The club's next number of a gap-free series (`contract_numbers`, `invoice_numbers`,
/// `subscription_numbers`), taken inside the caller's transaction: a rolled back transaction
/// gives its number back, so the series has no gaps. The counter's row stays locked until the
/// caller commits, so creations in a club take turns: right for invoices (the law wants them
/// gap-free), wrong for orders (see `take_number`).
pub async fn next_in_series(
    conn: &mut sqlx::PgConnection,
    series: &'static str,
    client_id: uuid::Uuid,
) -> Result<i64, crate::error::ApiError> {
    Ok(sqlx::query_scalar(&format!(
        "INSERT INTO {series} (client_id, last_number) VALUES ($1, 1) \
         ON CONFLICT (client_id) DO UPDATE SET last_number = {series}.last_number + 1 \
         RETURNING last_number"
    ))
    .bind(client_id)
    .fetch_one(conn)
    .await?)
}

/// The club's next number of a series that may have gaps (`order_numbers`): taken in a
/// transaction of its own, before the caller's, so the counter's row is locked only for one
/// statement and a booking rush does not queue on it (issue 15). Numbers are unique and
/// increasing per club; one whose order is never made (invalid input, a crash) is a gap.
///
/// That transaction commits without waiting for the disk (`synchronous_commit = off`): its WAL
/// record comes before the commit record of any order that uses the number, so when such an
/// order is durable the count is too, and a count lost in a crash was used by no durable order.
pub async fn take_number(
    pool: &sqlx::PgPool,
    series: &'static str,
    client_id: uuid::Uuid,
) -> Result<i64, crate::error::ApiError> {
    take_numbers(pool, series, client_id, 1).await
}

/// `count` numbers of the series at once (a batch of bookings): answers the first; the rest
/// follow it.
pub async fn take_numbers(
    pool: &sqlx::PgPool,
    series: &'static str,
    client_id: uuid::Uuid,
    count: usize,
) -> Result<i64, crate::error::ApiError> {
    use sqlx::Row;
    let count = count.max(1);
    // One round trip: a simple query of several statements runs as one (implicit) transaction,
    // in which the club's setting and the commit's mode hold (`is_local`). `series` is one of the
    // code's table names, `client_id` a uuid and `count` a number, so all are safe to write into
    // the query.
    let sql = format!(
        "SELECT set_config('tribune.client_id', '{client_id}', true), \
                set_config('synchronous_commit', 'off', true); \
         INSERT INTO {series} (client_id, last_number) VALUES ('{client_id}', {count}) \
         ON CONFLICT (client_id) DO UPDATE SET last_number = {series}.last_number + {count} \
         RETURNING last_number"
    );
    let rows = sqlx::raw_sql(&sql).fetch_all(pool).await?;
    let last = rows.last().ok_or_else(|| {
        crate::error::ApiError::internal(anyhow::anyhow!("no number from {series}"))
    })?;
    Ok(last.try_get::<i64, _>("last_number")? - i64::try_from(count).unwrap_or(1) + 1)
}

/// The club's name (the sender of its mails, the heading of its public pages).
pub async fn club_name(
    conn: &mut sqlx::PgConnection,
    client_id: uuid::Uuid,
) -> Result<String, sqlx::Error> {
    sqlx::query_scalar("SELECT name FROM clients WHERE id = $1")
        .bind(client_id)
        .fetch_one(conn)
        .await
}
