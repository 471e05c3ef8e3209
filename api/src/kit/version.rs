//! Optimistic concurrency for the plain tables (issue 11 §7): an editor reads a row with its
//! `version` and sends it back with the save. `claim` moves the row's version on by one, but only
//! while it still is the version the editor read; otherwise the save is refused with the same
//! Danish 409 as an order's, and the transaction (and so the whole save) changes nothing.
//!
//! The claim is an UPDATE, so it also takes the row lock: of two saves sent at the same moment
//! with the same version, the second waits for the first to commit and then finds it stale.
//! A save of an existing row must send the version it read: without one it is a Danish 422 on
//! `version` and changes nothing (issue 35 §8). A 422 and not the 409, because nobody else
//! changed the row: the request itself is incomplete, as any other missing field is. A new row
//! (no id) has no version to send.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::ApiError;

/// A plain table whose editor carries a version, and how a person names one of its rows.
pub struct Versioned {
    /// The table (with `id`, `client_id` and `version` columns).
    pub table: &'static str,
    /// The row in Danish, as the subject of a sentence: "Virksomheden", "Sæsonen".
    pub what: &'static str,
}

/// What a save of an existing row without its version is told, on the field `version`.
pub const VERSION_REQUIRED: &str =
    "Versionen mangler: genindlæs siden og gem igen, så en andens ændringer ikke overskrives";

fn version_required() -> ApiError {
    ApiError::field("version", VERSION_REQUIRED)
}

impl Versioned {
    /// The 409 of a stale save.
    pub fn stale(&self) -> ApiError {
        ApiError::Conflict(format!(
            "{} er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.",
            self.what
        ))
    }

    /// Before a save of `id` (none: a new row, nothing to check) read at `read_at`: the row's new
    /// version. Another club's row, or one that does not exist, is not found; an existing row
    /// without `read_at` is the 422 of a missing version.
    pub async fn claim(
        &self,
        conn: &mut PgConnection,
        client_id: Uuid,
        id: Option<Uuid>,
        read_at: Option<i64>,
    ) -> Result<Option<i64>, ApiError> {
        let Some(id) = id else { return Ok(None) };
        if let Some(read_at) = read_at {
            let claimed: Option<i64> = sqlx::query_scalar(&format!(
                "UPDATE {} SET version = version + 1 \
                 WHERE client_id = $1 AND id = $2 AND version = $3 RETURNING version",
                self.table
            ))
            .bind(client_id)
            .bind(id)
            .bind(read_at)
            .fetch_optional(&mut *conn)
            .await?;
            if claimed.is_some() {
                return Ok(claimed);
            }
        }
        let exists: bool = sqlx::query_scalar(&format!(
            "SELECT EXISTS (SELECT 1 FROM {} WHERE client_id = $1 AND id = $2)",
            self.table
        ))
        .bind(client_id)
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
        Err(match (exists, read_at) {
            (false, _) => ApiError::NotFound,
            (true, None) => version_required(),
            (true, Some(_)) => self.stale(),
        })
    }
}

/// The club's own row (`clients`: no `client_id`, its id is the club): the same claim, and the
/// same 422 without a version.
pub async fn claim_club(
    conn: &mut PgConnection,
    client_id: Uuid,
    read_at: Option<i64>,
) -> Result<i64, ApiError> {
    let Some(read_at) = read_at else {
        return Err(version_required());
    };
    move_club_on(conn, client_id, Some(read_at)).await
}

/// The clients row's version moved on by a save of another editor of that row (the System
/// Admin's client editor, which has no version of its own), so the settings screen notices it.
pub async fn bump_club(conn: &mut PgConnection, client_id: Uuid) -> Result<i64, ApiError> {
    move_club_on(conn, client_id, None).await
}

async fn move_club_on(
    conn: &mut PgConnection,
    client_id: Uuid,
    read_at: Option<i64>,
) -> Result<i64, ApiError> {
    let claimed: Option<i64> = sqlx::query_scalar(
        "UPDATE clients SET version = version + 1 \
         WHERE id = $1 AND ($2::bigint IS NULL OR version = $2) RETURNING version",
    )
    .bind(client_id)
    .bind(read_at)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(version) = claimed {
        return Ok(version);
    }
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM clients WHERE id = $1)")
        .bind(client_id)
        .fetch_one(&mut *conn)
        .await?;
    Err(if exists {
        Versioned {
            table: "clients",
            what: "Klubbens indstillinger",
        }
        .stale()
    } else {
        ApiError::NotFound
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stale_save_says_what_changed_like_an_order_does() {
        let companies = Versioned {
            table: "companies",
            what: "Virksomheden",
        };
        assert_eq!(
            companies.stale().to_string(),
            "Virksomheden er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen."
        );
    }
}
