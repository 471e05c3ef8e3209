//! Server-side sessions: the cookie holds a random secret, the table its sha256.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::tokens::{digest, random_secret};
use super::users::{Membership, UserRow, USER_COLUMNS};

pub const SESSION_HOURS: i64 = 12;
pub const REMEMBER_DAYS: i64 = 30;

pub struct NewSession {
    pub secret: String,
    pub csrf: String,
    pub expires_at: DateTime<Utc>,
    pub remember: bool,
}

pub async fn create(
    pool: &PgPool,
    user_id: Uuid,
    client_id: Option<Uuid>,
    impersonator_id: Option<Uuid>,
    remember: bool,
) -> Result<NewSession, sqlx::Error> {
    let secret = random_secret();
    let csrf = random_secret();
    let expires_at = Utc::now()
        + if remember {
            Duration::days(REMEMBER_DAYS)
        } else {
            Duration::hours(SESSION_HOURS)
        };
    sqlx::query(
        "INSERT INTO sessions (id, user_id, client_id, impersonator_id, csrf_token, remember, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(digest(&secret))
    .bind(user_id)
    .bind(client_id)
    .bind(impersonator_id)
    .bind(&csrf)
    .bind(remember)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(NewSession {
        secret,
        csrf,
        expires_at,
        remember,
    })
}

/// Everything a request needs to know about who is calling, loaded once per request.
#[derive(Debug, Clone)]
pub struct Identity {
    pub session_id: String,
    pub csrf: String,
    pub user: UserRow,
    pub client_id: Option<Uuid>,
    pub membership: Option<Membership>,
    pub impersonator: Option<(Uuid, String)>,
}

impl Identity {
    /// Staff of the current club: an accepted system user, or a System Admin.
    pub fn is_staff(&self) -> bool {
        self.client_id.is_some()
            && (self.user.super_admin
                || self
                    .membership
                    .as_ref()
                    .is_some_and(|m| m.system_user && m.accepted))
    }

    pub fn is_admin(&self) -> bool {
        self.user.super_admin || self.role() == Some("admin")
    }

    pub fn role(&self) -> Option<&str> {
        self.membership.as_ref().and_then(|m| m.role.as_deref())
    }
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    user: UserRow,
    session_id: String,
    csrf_token: String,
    client_id: Option<Uuid>,
    impersonator_id: Option<Uuid>,
    impersonator_name: Option<String>,
    m_client_id: Option<Uuid>,
    m_role: Option<String>,
    m_system_user: Option<bool>,
    m_accepted: Option<bool>,
}

pub async fn load(pool: &PgPool, secret: &str) -> Result<Option<Identity>, sqlx::Error> {
    let row: Option<SessionRow> = sqlx::query_as(&format!(
        "SELECT s.id AS session_id, s.csrf_token, s.client_id, s.impersonator_id, \
                nullif(trim(i.firstname || ' ' || i.lastname), '') AS impersonator_name, \
                m.client_id AS m_client_id, m.role AS m_role, m.system_user AS m_system_user, m.accepted AS m_accepted, {} \
         FROM sessions s \
         JOIN users u ON u.id = s.user_id \
         LEFT JOIN users i ON i.id = s.impersonator_id \
         LEFT JOIN memberships m ON m.user_id = s.user_id AND m.client_id = s.client_id \
         WHERE s.id = $1 AND s.expires_at > now()",
        USER_COLUMNS.split(", ").map(|c| format!("u.{}", c.trim())).collect::<Vec<_>>().join(", ")
    ))
    .bind(digest(secret))
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let user = row.user;
    let membership = row.m_client_id.map(|client_id| Membership {
        client_id,
        role: row.m_role,
        system_user: row.m_system_user.unwrap_or(false),
        accepted: row.m_accepted.unwrap_or(false),
    });
    Ok(Some(Identity {
        session_id: row.session_id,
        csrf: row.csrf_token,
        user,
        client_id: row.client_id,
        membership,
        impersonator: row
            .impersonator_id
            .map(|id| (id, row.impersonator_name.unwrap_or_default())),
    }))
}

pub async fn set_client(
    pool: &PgPool,
    session_id: &str,
    client_id: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET client_id = $2, last_seen_at = now() WHERE id = $1")
        .bind(session_id)
        .bind(client_id)
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn destroy(pool: &PgPool, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(session_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// A password change ends every other session of the user.
pub async fn destroy_all_of_user(pool: &PgPool, user_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(pool)
        .await?;
    Ok(())
}
