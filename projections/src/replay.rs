//! `tribune replay <projection|all>` (ARCHITECTURE §3 Rebuild): the projection's own code runs
//! over every event into shadow tables, which are compared with the live ones and swapped in, all
//! in one transaction that holds writers back (the checkpoint row for async projections, the
//! tables themselves for inline ones).

use std::time::{Duration, Instant};

use sqlx::{PgConnection, PgPool};

use crate::db::system_tx;
use crate::projection::{shadow_name, Projection, StoredEvent, Tables};
use crate::registry::ProjectionKind;
use crate::runner::{events_after_sql, FINAL_HORIZON};

/// Events per read while rebuilding: large batches let a projection write set-based.
pub const REPLAY_BATCH: i64 = 20_000;

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
    /// Events the projection was given.
    pub events: usize,
    /// Events of the projection's aggregate types in the store when the replay began (after its
    /// locks); `events` is never less, or the replay refuses.
    pub expected: usize,
    pub diffs: Vec<TableDiff>,
    /// Where the time went, in order: preparing the shadows, reading and applying the events,
    /// the projection's last writes, the deferred indexes, the comparison, and the swap.
    pub phases: Vec<(&'static str, Duration)>,
}

impl ReplayReport {
    /// The phases as `name 1.23 s, …`, for logs and the bench.
    pub fn phases_text(&self) -> String {
        self.phases
            .iter()
            .map(|(name, took)| format!("{name} {:.2} s", took.as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Why a replay did not happen. It changes nothing either way: the transaction rolls back.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The read applied fewer events than the store holds: swapping the shadow in would delete
    /// read rows. This is a bug in the catch-up read, never in the data.
    #[error(
        "{projection}: replay applied {applied} of {expected} events; the read tables were left as they are"
    )]
    Incomplete {
        projection: String,
        applied: usize,
        expected: usize,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
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
) -> Result<ReplayReport, ReplayError> {
    let read = events_after_sql(kind == ProjectionKind::Async, projection.reads_metadata());
    replay_reading(pool, projection, kind, mode, &read, REPLAY_BATCH).await
}

/// `replay` with the catch-up read and its batch size given: tests use it to prove that the
/// completeness guard stops a faulty read (such as the text-ordered one of issue 10) before it
/// can delete a row. `read` takes the cursor's tx id (text) and position, the aggregate types
/// and the batch size, like `events_after_sql`.
pub async fn replay_reading(
    pool: &PgPool,
    projection: &dyn Projection,
    kind: ProjectionKind,
    mode: ReplayMode,
    read: &str,
    batch_size: i64,
) -> Result<ReplayReport, ReplayError> {
    let mut phases = Vec::new();
    let mut lap = Instant::now();
    let mut mark = |phases: &mut Vec<(&'static str, Duration)>, name: &'static str| {
        phases.push((name, lap.elapsed()));
        lap = Instant::now();
    };
    let mut tx = system_tx(pool).await?;
    // `DROP TABLE IF EXISTS` of a shadow that is not there is expected, not news for the log.
    sqlx::query("SET LOCAL client_min_messages = warning")
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
    let mut deferred_indexes = Vec::new();
    for table in projection.tables() {
        deferred_indexes.extend(create_shadow(&mut tx, table).await?);
    }

    let shadow = Tables::shadow(projection.tables());
    let types: Vec<String> = projection
        .aggregate_types()
        .iter()
        .map(|t| t.to_string())
        .collect();
    // Counted after the locks and before the read: every event counted here is committed, so a
    // correct read from (0, 0) meets each of them (an async projection's horizon only moves on).
    let horizon = if kind == ProjectionKind::Async {
        format!("AND {FINAL_HORIZON}")
    } else {
        String::new()
    };
    let expected: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM events WHERE events.aggregate_type = ANY($1) {horizon}"
    ))
    .bind(&types)
    .fetch_one(&mut *tx)
    .await?;
    let expected = usize::try_from(expected).unwrap_or(0);
    // The events are read on a second connection while this one applies them: reading and
    // folding overlap. The reader needs no part of this transaction (the events it must meet
    // are committed), and a writer of these tables waits on the locks above.
    mark(&mut phases, "prepare");
    let (batches, mut received) = tokio::sync::mpsc::channel(2);
    let reader = tokio::spawn(read_batches(
        pool.clone(),
        read.to_string(),
        types.clone(),
        batch_size,
        batches,
    ));
    let mut events_applied = 0;
    let mut cursor = ("0".to_string(), 0i64);
    let mut rebuild = projection.rebuild();
    while let Some(batch) = received.recv().await {
        let batch = batch?;
        let Some(last) = batch.last() else { break };
        cursor = (last.tx_id.clone(), last.global_position);
        match rebuild.as_mut() {
            Some(rebuild) => rebuild.apply(&mut tx, &shadow, &batch).await?,
            None => projection.apply(&mut tx, &shadow, &batch).await?,
        }
        events_applied += batch.len();
    }
    reader
        .await
        .map_err(|e| sqlx::Error::Protocol(format!("the replay's reader stopped: {e}")))?;
    mark(&mut phases, "read and apply");
    if let Some(rebuild) = rebuild.as_mut() {
        rebuild.finish(&mut tx, &shadow).await?;
    }
    mark(&mut phases, "finish");
    if events_applied < expected {
        tx.rollback().await?;
        return Err(ReplayError::Incomplete {
            projection: projection.name().to_string(),
            applied: events_applied,
            expected,
        });
    }

    // Indexes that no write depends on are built once over the loaded rows: far cheaper than
    // keeping them up to date row by row.
    for statement in deferred_indexes {
        sqlx::query(&statement).execute(&mut *tx).await?;
    }
    mark(&mut phases, "indexes");

    let mut diffs = Vec::new();
    for table in projection.tables() {
        diffs.push(diff(&mut tx, table, &shadow_name(table)).await?);
    }
    mark(&mut phases, "compare");
    let mut report = ReplayReport {
        projection: projection.name().to_string(),
        events: events_applied,
        expected,
        diffs,
        phases,
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
    mark(&mut report.phases, "swap");
    Ok(report)
}

/// Sends the events of `types` in batches, oldest first, until none are left (an empty batch
/// ends it) or the receiver is gone.
async fn read_batches(
    pool: PgPool,
    read: String,
    types: Vec<String>,
    batch_size: i64,
    batches: tokio::sync::mpsc::Sender<Result<Vec<StoredEvent>, sqlx::Error>>,
) {
    let mut tx = match system_tx(&pool).await {
        Ok(tx) => tx,
        Err(err) => {
            let _ = batches.send(Err(err)).await;
            return;
        }
    };
    let mut cursor = ("0".to_string(), 0i64);
    loop {
        let batch: Result<Vec<StoredEvent>, sqlx::Error> = sqlx::query_as(&read)
            .bind(&cursor.0)
            .bind(cursor.1)
            .bind(&types)
            .bind(batch_size)
            .fetch_all(&mut *tx)
            .await;
        let done = match &batch {
            Ok(events) => match events.last() {
                Some(last) => {
                    cursor = (last.tx_id.clone(), last.global_position);
                    false
                }
                None => true,
            },
            Err(_) => true,
        };
        if batches.send(batch).await.is_err() || done {
            return;
        }
    }
}

#[derive(sqlx::FromRow)]
struct IndexRow {
    name: String,
    qualified_table: String,
    unique: bool,
    definition: String,
    constraint_name: Option<String>,
    constraint_definition: Option<String>,
}

/// Creates `{table}__shadow` like the live table, with every constraint and with the live
/// table's indexes under the live names plus `__shadow` (the swap renames them back, so index
/// names survive any number of replays). Constraints and unique indexes exist before the load,
/// because the projection's upserts rely on them; the statements of the other indexes are
/// returned, to run after the load.
async fn create_shadow(conn: &mut PgConnection, table: &str) -> Result<Vec<String>, sqlx::Error> {
    let shadow = shadow_name(table);
    sqlx::query(&format!("DROP TABLE IF EXISTS {shadow}"))
        .execute(&mut *conn)
        .await?;
    sqlx::query(&format!(
        "CREATE TABLE {shadow} (LIKE {table} INCLUDING ALL EXCLUDING INDEXES)"
    ))
    .execute(&mut *conn)
    .await?;
    let indexes: Vec<IndexRow> = sqlx::query_as(
        "SELECT ic.relname::text AS name, \
                quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS qualified_table, \
                i.indisunique AS unique, pg_get_indexdef(i.indexrelid) AS definition, \
                con.conname::text AS constraint_name, pg_get_constraintdef(con.oid) AS constraint_definition \
         FROM pg_index i \
         JOIN pg_class ic ON ic.oid = i.indexrelid \
         JOIN pg_class t ON t.oid = i.indrelid \
         JOIN pg_namespace n ON n.oid = t.relnamespace \
         LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid \
         WHERE i.indrelid = $1::regclass ORDER BY ic.relname",
    )
    .bind(table)
    .fetch_all(&mut *conn)
    .await?;
    let mut deferred = Vec::new();
    for index in indexes {
        let shadow_index = format!("{}__shadow", index.name);
        if shadow_index.len() > 63 {
            return Err(sqlx::Error::Protocol(format!(
                "index name {} is too long to take the suffix __shadow",
                index.name
            )));
        }
        if let (Some(name), Some(definition)) = (index.constraint_name, index.constraint_definition)
        {
            sqlx::query(&format!(
                "ALTER TABLE {shadow} ADD CONSTRAINT \"{name}__shadow\" {definition}"
            ))
            .execute(&mut *conn)
            .await?;
            continue;
        }
        let live_head = format!(" INDEX {} ON {} ", index.name, index.qualified_table);
        let Some(at) = index.definition.find(&live_head) else {
            return Err(sqlx::Error::Protocol(format!(
                "unexpected index definition: {}",
                index.definition
            )));
        };
        let statement = format!(
            "{} INDEX \"{shadow_index}\" ON {shadow} {}",
            &index.definition[..at],
            &index.definition[at + live_head.len()..]
        );
        if index.unique {
            sqlx::query(&statement).execute(&mut *conn).await?;
        } else {
            deferred.push(statement);
        }
    }
    Ok(deferred)
}

/// How many rows are only in the live table and only in the shadow, as `EXCEPT ALL` both ways
/// would count them. A table with a primary key is compared by joining on it (a hash join, and
/// whole rows compared only where the keys meet): far cheaper than sorting every row twice.
async fn diff(conn: &mut PgConnection, live: &str, shadow: &str) -> Result<TableDiff, sqlx::Error> {
    let key: Vec<String> = sqlx::query_scalar(
        "SELECT a.attname::text FROM pg_index i \
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) \
         WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum",
    )
    .bind(live)
    .fetch_all(&mut *conn)
    .await?;
    let (live_only, shadow_only): (i64, i64) = if let Some(first) = key.first() {
        let on = key
            .iter()
            .map(|c| format!("l.\"{c}\" = s.\"{c}\""))
            .collect::<Vec<_>>()
            .join(" AND ");
        sqlx::query_as(&format!(
            "SELECT count(*) FILTER (WHERE l.\"{first}\" IS NOT NULL \
                 AND (s.\"{first}\" IS NULL OR ROW(l.*) IS DISTINCT FROM ROW(s.*))), \
               count(*) FILTER (WHERE s.\"{first}\" IS NOT NULL \
                 AND (l.\"{first}\" IS NULL OR ROW(l.*) IS DISTINCT FROM ROW(s.*))) \
             FROM {live} l FULL JOIN {shadow} s ON {on}"
        ))
        .fetch_one(&mut *conn)
        .await?
    } else {
        let count = |a: &str, b: &str| {
            format!("SELECT count(*) FROM (SELECT * FROM {a} EXCEPT ALL SELECT * FROM {b}) d")
        };
        (
            sqlx::query_scalar(&count(live, shadow))
                .fetch_one(&mut *conn)
                .await?,
            sqlx::query_scalar(&count(shadow, live))
                .fetch_one(&mut *conn)
                .await?,
        )
    };
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
    let indexes: Vec<String> = sqlx::query_scalar("SELECT indexname::text FROM pg_indexes WHERE tablename = $1 AND indexname LIKE '%\\_\\_shadow'")
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
