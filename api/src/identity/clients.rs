use serde::Serialize;
use serde_json::Value;
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ClientRow {
    pub id: Uuid,
    pub name: String,
    pub active: bool,
    pub url: Option<String>,
    pub logo: Option<String>,
    pub address: Option<String>,
    pub zip_code: Option<String>,
    pub city: Option<String>,
    pub cvr: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub website: Option<String>,
    pub vat_rate: i32,
    pub prices_with_vat: bool,
    pub disable_vat: bool,
    pub roles: Value,
    pub settings: Value,
    pub is_frontend: bool,
    pub features: Value,
}

pub const CLIENT_COLUMNS: &str =
    "id, name, active, url, logo, address, zip_code, city, cvr, email, phone, \
     website, vat_rate, prices_with_vat, disable_vat, roles, settings, is_frontend, features";

/// A club as the club choosers list it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ClientRef {
    pub id: Uuid,
    pub name: String,
    pub logo: Option<String>,
}

pub async fn by_id(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<ClientRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CLIENT_COLUMNS} FROM clients WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

pub async fn active_refs(pool: &PgPool) -> Result<Vec<ClientRef>, sqlx::Error> {
    sqlx::query_as("SELECT id, name, logo FROM clients WHERE active ORDER BY name")
        .fetch_all(pool)
        .await
}

/// The clubs a user may switch between: accepted memberships of active clubs.
pub async fn refs_of_user(pool: &PgPool, user_id: Uuid) -> Result<Vec<ClientRef>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.id, c.name, c.logo FROM clients c JOIN memberships m ON m.client_id = c.id \
         WHERE m.user_id = $1 AND m.accepted AND c.active ORDER BY c.name",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// The club a visitor without a chosen club sees: the one whose url matches the host, else the
/// only active club.
pub async fn for_host(pool: &PgPool, host: &str) -> Result<Option<Uuid>, sqlx::Error> {
    let host = host.split(':').next().unwrap_or(host).to_lowercase();
    let by_url: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM clients WHERE active AND url IS NOT NULL AND \
         lower(regexp_replace(regexp_replace(url, '^https?://', ''), '[:/].*$', '')) = $1 LIMIT 1",
    )
    .bind(&host)
    .fetch_optional(pool)
    .await?;
    if by_url.is_some() {
        return Ok(by_url);
    }
    let active: Vec<Uuid> = sqlx::query_scalar("SELECT id FROM clients WHERE active LIMIT 2")
        .fetch_all(pool)
        .await?;
    Ok(if active.len() == 1 {
        active.first().copied()
    } else {
        None
    })
}

pub async fn is_active(pool: &PgPool, id: Uuid) -> Result<bool, sqlx::Error> {
    Ok(
        sqlx::query_scalar::<_, bool>("SELECT active FROM clients WHERE id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?
            .unwrap_or(false),
    )
}
