//! Random secrets (session cookies, CSRF, e-mail links) and the single-use, expiring tokens behind
//! e-mail confirmation and password reset. Only hashes are stored.

use chrono::{Duration, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

pub use crate::kit::secrets::{digest, random_secret};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    ConfirmEmail,
    ResetPassword,
}

impl TokenKind {
    fn as_str(self) -> &'static str {
        match self {
            TokenKind::ConfirmEmail => "confirm_email",
            TokenKind::ResetPassword => "reset_password",
        }
    }

    fn lifetime(self) -> Duration {
        match self {
            TokenKind::ConfirmEmail => Duration::days(7),
            TokenKind::ResetPassword => Duration::hours(2),
        }
    }
}

/// Issues a token and returns the secret to put in the link.
pub async fn issue(
    conn: &mut PgConnection,
    user_id: Uuid,
    kind: TokenKind,
) -> Result<String, sqlx::Error> {
    let secret = random_secret();
    sqlx::query(
        "INSERT INTO user_tokens (token_hash, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(digest(&secret))
    .bind(user_id)
    .bind(kind.as_str())
    .bind(Utc::now() + kind.lifetime())
    .execute(conn)
    .await?;
    Ok(secret)
}

/// Uses a token once: returns its user when it exists, is of this kind, unused and unexpired.
pub async fn redeem(
    conn: &mut PgConnection,
    secret: &str,
    kind: TokenKind,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE user_tokens SET used_at = now() \
         WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id",
    )
    .bind(digest(secret))
    .bind(kind.as_str())
    .fetch_optional(conn)
    .await
}
