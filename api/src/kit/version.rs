//! Optimistic concurrency for the plain tables (issue 11 §7): an editor reads a row with its
//! `version` and sends it back with the save. `claim` moves the row's version on by one, but only
//! while it still is the version the editor read; otherwise the save is refused with the same
//! Danish 409 as an order's, and the transaction (and so the whole save) changes nothing.
//!
//! The claim is an UPDATE, so it also takes the row lock: of two saves sent at the same moment
//! with the same version, the second waits for the first to commit and then finds it stale.
//! A save without a version is not checked (today's webapp and scripts), but still moves the
//! version on, so an editor that does send one notices it.

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

impl Versioned {
    /// The 409 of a stale save.
    pub fn stale(&self) -> ApiError {
        ApiError::Conflict(format!(
            "{} er blevet ændret af en anden i mellemtiden. Genindlæs og prøv igen.",
            self.what
        ))
    }

    /// Before a save of `id` (none: a new row, nothing to check) read at `read_at`: the row's new
    /// version. Another club's row, or one that does not exist, is not found.
    pub async fn claim(
        &self,
        conn: &mut PgConnection,
        client_id: Uuid,
        id: Option<Uuid>,
        read_at: Option<i64>,
    ) -> Result<Option<i64>, ApiError> {
        let Some(id) = id else { return Ok(None) };
        let claimed: Option<i64> = sqlx::query_scalar(&format!(
            "UPDATE {} SET version = version + 1 \
             WHERE client_id = $1 AND id = $2 AND ($3::bigint IS NULL OR version = $3) \
             RETURNING version",
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
        let exists: bool = sqlx::query_scalar(&format!(
            "SELECT EXISTS (SELECT 1 FROM {} WHERE client_id = $1 AND id = $2)",
            self.table
        ))
        .bind(client_id)
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
        Err(if exists {
            self.stale()
        } else {
            ApiError::NotFound
        })
    }
}

/// The club's own row (`clients`: no `client_id`, its id is the club): the same claim.
pub async fn claim_club(
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
