use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

use crate::kit::text::like_pattern;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: Uuid,
    pub email: String,
    pub password_hash: Option<String>,
    pub firstname: String,
    pub lastname: String,
    pub phone: Option<String>,
    pub mobile: Option<String>,
    pub about: Option<String>,
    pub linkedin: Option<String>,
    pub picture: Option<String>,
    pub time_zone: String,
    pub super_admin: bool,
    pub email_confirmed: bool,
}

impl UserRow {
    pub fn name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
            .trim()
            .to_string()
    }
}

pub const USER_COLUMNS: &str =
    "id, email, password_hash, firstname, lastname, phone, mobile, about, linkedin, \
     picture, time_zone, super_admin, email_confirmed";

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Membership {
    pub client_id: Uuid,
    pub role: Option<String>,
    pub system_user: bool,
    pub accepted: bool,
}

pub async fn by_email(
    db: impl PgExecutor<'_>,
    email: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE lower(email) = lower($1)"
    ))
    .bind(email.trim())
    .fetch_optional(db)
    .await
}

pub async fn by_id(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The user's memberships of existing clubs, staff memberships first.
pub async fn memberships(pool: &PgPool, user_id: Uuid) -> Result<Vec<Membership>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.client_id, m.role, m.system_user, m.accepted FROM memberships m \
         JOIN clients c ON c.id = m.client_id WHERE m.user_id = $1 \
         ORDER BY m.system_user DESC, c.name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// A staff member as the pickers list them.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema, ts_rs::TS)]
pub struct UserListItem {
    pub id: Uuid,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub picture: Option<String>,
}

/// Staff of a club (its system users), for pickers like 'Ansvarlig'.
pub async fn staff_of(
    pool: &PgPool,
    client_id: Uuid,
    search: Option<&str>,
) -> Result<Vec<UserListItem>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.firstname, u.lastname, u.email, u.picture FROM users u \
         JOIN memberships m ON m.user_id = u.id AND m.client_id = $1 AND m.system_user AND m.accepted \
         WHERE $2::text IS NULL OR (u.firstname || ' ' || u.lastname || ' ' || u.email) ILIKE $2 \
         ORDER BY u.firstname, u.lastname LIMIT 200",
    )
    .bind(client_id)
    .bind(search.map(like_pattern))
    .fetch_all(pool)
    .await
}
