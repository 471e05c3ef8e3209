use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::db::club_tx;

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct ProbeRow {
    pub id: String,
    pub client_id: Uuid,
    pub title: String,
    pub total: i64,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct ProbeTotal {
    pub client_id: Uuid,
    pub probes: i64,
    pub additions: i64,
    pub total: i64,
}

pub async fn get(
    pool: &PgPool,
    client_id: Uuid,
    id: &str,
) -> Result<Option<ProbeRow>, sqlx::Error> {
    let mut tx = club_tx(pool, client_id).await?;
    let row = sqlx::query_as("SELECT * FROM probe_rows WHERE client_id = $1 AND id = $2")
        .bind(client_id)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row)
}

pub async fn totals(pool: &PgPool, client_id: Uuid) -> Result<Option<ProbeTotal>, sqlx::Error> {
    let mut tx = club_tx(pool, client_id).await?;
    let row = sqlx::query_as("SELECT * FROM probe_totals WHERE client_id = $1")
        .bind(client_id)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(row)
}
