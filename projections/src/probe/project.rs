use async_trait::async_trait;
use cqrs_es::Aggregate;
use sqlx::PgConnection;
use tribune_domain::probe::{Probe, ProbeEvent};

use crate::projection::{Projection, StoredEvent, Tables};

fn decode(event: &StoredEvent) -> Result<ProbeEvent, sqlx::Error> {
    event.event()
}

/// Inline: one row per probe, current when the command returns.
pub struct ProbeRowsProjection;

#[async_trait]
impl Projection for ProbeRowsProjection {
    fn name(&self) -> &'static str {
        "probe_rows"
    }
    fn tables(&self) -> &'static [&'static str] {
        &["probe_rows"]
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[Probe::TYPE]
    }

    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        let table = tables.get("probe_rows");
        for event in events {
            match decode(event)? {
                ProbeEvent::Opened { client_id, title } => {
                    sqlx::query(&format!(
                        "INSERT INTO {table} (id, client_id, title, total, version, updated_at) VALUES ($1, $2, $3, 0, $4, $5)"
                    ))
                    .bind(&event.aggregate_id)
                    .bind(client_id)
                    .bind(title)
                    .bind(event.sequence)
                    .bind(event.recorded_at)
                    .execute(&mut *conn)
                    .await?;
                }
                ProbeEvent::Renamed { title } => {
                    sqlx::query(&format!("UPDATE {table} SET title = $2, version = $3, updated_at = $4 WHERE id = $1"))
                        .bind(&event.aggregate_id)
                        .bind(title)
                        .bind(event.sequence)
                        .bind(event.recorded_at)
                        .execute(&mut *conn)
                        .await?;
                }
                ProbeEvent::Added { amount } => {
                    sqlx::query(&format!(
                        "UPDATE {table} SET total = total + $2, version = $3, updated_at = $4 WHERE id = $1"
                    ))
                    .bind(&event.aggregate_id)
                    .bind(amount)
                    .bind(event.sequence)
                    .bind(event.recorded_at)
                    .execute(&mut *conn)
                    .await?;
                }
            }
        }
        Ok(())
    }
}

/// Async, across aggregates: per club, how many probes and their grand total.
pub struct ProbeTotalsProjection;

#[async_trait]
impl Projection for ProbeTotalsProjection {
    fn name(&self) -> &'static str {
        "probe_totals"
    }
    fn tables(&self) -> &'static [&'static str] {
        &["probe_totals"]
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[Probe::TYPE]
    }

    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        let table = tables.get("probe_totals");
        let upsert = format!(
            "INSERT INTO {table} (client_id, probes, additions, total) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (client_id) DO UPDATE SET probes = {table}.probes + EXCLUDED.probes, \
             additions = {table}.additions + EXCLUDED.additions, total = {table}.total + EXCLUDED.total"
        );
        for event in events {
            let Some(client_id) = event
                .metadata_value("client_id")
                .and_then(|c| c.parse::<uuid::Uuid>().ok())
            else {
                continue;
            };
            let (probes, additions, total) = match decode(event)? {
                ProbeEvent::Opened { .. } => (1i64, 0i64, 0i64),
                ProbeEvent::Renamed { .. } => continue,
                ProbeEvent::Added { amount } => (0, 1, amount),
            };
            sqlx::query(&upsert)
                .bind(client_id)
                .bind(probes)
                .bind(additions)
                .bind(total)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
}
