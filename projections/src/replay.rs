//! `tribune replay <projection|all>` (ARCHITECTURE §3 Rebuild): the projection's own code runs
//! over every event into shadow tables, which are compared with the live ones and swapped in, all
//! in one transaction that holds writers back (the checkpoint row for async projections, the
//! tables themselves for inline ones).

use sqlx::{PgConnection, PgPool};

use crate::projection::{shadow_name, Projection, StoredEvent, Tables};
use crate::registry::ProjectionKind;
use crate::runner::events_after_sql;

const REPLAY_BATCH: i64 = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayMode {
    /// Build the shadow, compare, and throw it away.
    CheckOnly,
    /// Build the shadow, compare, and make it the live table.
    Swap,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDiff {
    pub table: String,
    /// Rows in the live table that the replay did not produce.
    pub live_only: i64,
    /// Rows the replay produced that the live table lacks.
    pub shadow_only: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayReport {
    pub projection: String,
    pub events: usize,
    pub diffs: Vec<TableDiff>,
}

impl ReplayReport {
    pub fn identical(&self) -> bool {
        self.diffs
            .iter()
            .all(|d| d.live_only == 0 && d.shadow_only == 0)
    }
}

/// Runs as the schema owner (the same role as migrations): it creates and renames tables.
pub async fn replay(
    pool: &PgPool,
    projection: &dyn Projection,
    kind: ProjectionKind,
    mode: ReplayMode,
) -> Result<ReplayReport, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT set_config('tribune.scope', 'system', true)")
        .execute(&mut *tx)
        .await?;
    match kind {
        ProjectionKind::Inline => {
            for table in projection.tables() {
                sqlx::query(&format!("LOCK TABLE {table} IN EXCLUSIVE MODE"))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        ProjectionKind::Async => {
            sqlx::query("INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING")
                .bind(projection.name())
                .execute(&mut *tx)
                .await?;
            sqlx::query("SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE")
                .bind(projection.name())
                .execute(&mut *tx)
                .await?;
        }
    }
    for table in projection.tables() {
        let shadow = shadow_name(table);
        sqlx::query(&format!("DROP TABLE IF EXISTS {shadow}"))
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "CREATE TABLE {shadow} (LIKE {table} INCLUDING ALL)"
        ))
        .execute(&mut *tx)
        .await?;
    }

    let shadow = Tables::shadow(projection.tables());
    let types: Vec<String> = projection
        .aggregate_types()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let sql = events_after_sql(kind == ProjectionKind::Async);
    let mut cursor = ("0".to_string(), 0i64);
    let mut events_applied = 0;
    loop {
        let batch: Vec<StoredEvent> = sqlx::query_as(&sql)
            .bind(&cursor.0)
            .bind(cursor.1)
            .bind(&types)
            .bind(REPLAY_BATCH)
            .fetch_all(&mut *tx)
            .await?;
        let Some(last) = batch.last() else { break };
        cursor = (last.tx_id.clone(), last.global_position);
        projection.apply(&mut tx, &shadow, &batch).await?;
        events_applied += batch.len();
    }

    let mut diffs = Vec::new();
    for table in projection.tables() {
        diffs.push(diff(&mut tx, table, &shadow_name(table)).await?);
    }
    let report = ReplayReport {
        projection: projection.name().to_string(),
        events: events_applied,
        diffs,
    };

    match mode {
        ReplayMode::CheckOnly => tx.rollback().await?,
        ReplayMode::Swap => {
            for table in projection.tables() {
                swap_in(&mut tx, table).await?;
            }
            if kind == ProjectionKind::Async {
                sqlx::query(
                    "UPDATE projection_checkpoints SET tx_id = $2::text::xid8, global_position = $3, updated_at = now() \
                     WHERE projection = $1",
                )
                .bind(projection.name())
                .bind(&cursor.0)
                .bind(cursor.1)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        }
    }
    Ok(report)
}

async fn diff(conn: &mut PgConnection, live: &str, shadow: &str) -> Result<TableDiff, sqlx::Error> {
    let live_only: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM (SELECT * FROM {live} EXCEPT ALL SELECT * FROM {shadow}) d"
    ))
    .fetch_one(&mut *conn)
    .await?;
    let shadow_only: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM (SELECT * FROM {shadow} EXCEPT ALL SELECT * FROM {live}) d"
    ))
    .fetch_one(&mut *conn)
    .await?;
    Ok(TableDiff {
        table: live.to_string(),
        live_only,
        shadow_only,
    })
}

#[derive(sqlx::FromRow)]
struct PolicyRow {
    name: String,
    permissive: String,
    cmd: String,
    roles: Vec<String>,
    qual: Option<String>,
    with_check: Option<String>,
}

/// The shadow takes the live table's name, row-level security, policies, grants and index names.
async fn swap_in(conn: &mut PgConnection, table: &str) -> Result<(), sqlx::Error> {
    let shadow = shadow_name(table);
    let old = format!("{table}__old");
    let rls: bool =
        sqlx::query_scalar("SELECT relrowsecurity FROM pg_class WHERE oid = $1::regclass")
            .bind(table)
            .fetch_one(&mut *conn)
            .await?;
    let policies: Vec<PolicyRow> = sqlx::query_as(
        "SELECT policyname::text AS name, permissive, cmd, roles::text[], qual, with_check FROM pg_policies WHERE tablename = $1",
    )
    .bind(table)
    .fetch_all(&mut *conn)
    .await?;
    sqlx::query(&format!("ALTER TABLE {table} RENAME TO {old}"))
        .execute(&mut *conn)
        .await?;
    sqlx::query(&format!("ALTER TABLE {shadow} RENAME TO {table}"))
        .execute(&mut *conn)
        .await?;
    sqlx::query(&format!("DROP TABLE {old}"))
        .execute(&mut *conn)
        .await?;
    if rls {
        sqlx::query(&format!("ALTER TABLE {table} ENABLE ROW LEVEL SECURITY"))
            .execute(&mut *conn)
            .await?;
    }
    for PolicyRow {
        name,
        permissive,
        cmd,
        roles,
        qual,
        with_check,
    } in policies
    {
        let mut sql = format!(
            "CREATE POLICY \"{name}\" ON {table} AS {permissive} FOR {cmd} TO {}",
            roles.join(", ")
        );
        if let Some(qual) = qual {
            sql.push_str(&format!(" USING ({qual})"));
        }
        if let Some(check) = with_check {
            sql.push_str(&format!(" WITH CHECK ({check})"));
        }
        sqlx::query(&sql).execute(&mut *conn).await?;
    }
    let indexes: Vec<String> = sqlx::query_scalar("SELECT indexname::text FROM pg_indexes WHERE tablename = $1 AND indexname LIKE '%\\_\\_shadow%'")
        .bind(table)
        .fetch_all(&mut *conn)
        .await?;
    for index in indexes {
        let renamed = index.replace("__shadow", "");
        sqlx::query(&format!("ALTER INDEX \"{index}\" RENAME TO \"{renamed}\""))
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query(&format!(
        "GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {}",
        crate::db::APP_ROLE
    ))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
