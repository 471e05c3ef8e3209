//! The async projector runner (ARCHITECTURE §3): per projection, read the events after its
//! checkpoint that are below the oldest running transaction (so none can still appear behind
//! the cursor), apply them and move the checkpoint in the same transaction. NOTIFY wakes it;
//! polling is the truth; the checkpoint row lock keeps one active runner per projection.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::db::system_tx;
use crate::projection::{
    Projection, StoredEvent, Tables, STORED_EVENT_COLUMNS, STORED_EVENT_COLUMNS_WITHOUT_METADATA,
};
use crate::store::EVENTS_CHANNEL;

pub const BATCH_SIZE: i64 = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchOutcome {
    /// This many events were applied and the checkpoint moved past them.
    Applied(usize),
    /// Nothing final is waiting.
    CaughtUp,
    /// Another runner holds this projection's checkpoint.
    Busy,
}

pub async fn ensure_checkpoint(pool: &PgPool, projection: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projection_checkpoints (projection) VALUES ($1) ON CONFLICT DO NOTHING",
    )
    .bind(projection)
    .execute(pool)
    .await?;
    Ok(())
}

/// Only events whose transaction is older than every transaction still running: none can still
/// appear behind such a cursor.
pub(crate) const FINAL_HORIZON: &str = "events.tx_id < pg_snapshot_xmin(pg_current_snapshot())";

/// The events after `(tx_id, position)` of the given aggregate types, oldest first. With
/// `final_only`, only those whose transaction is older than every transaction still running.
/// Every column is qualified: the keyset's WHERE and ORDER BY must both mean the xid8 column
/// (served by the index `events_tx_pos`), never an output alias.
pub fn events_after_sql(final_only: bool, with_metadata: bool) -> String {
    let columns = if with_metadata {
        STORED_EVENT_COLUMNS
    } else {
        STORED_EVENT_COLUMNS_WITHOUT_METADATA
    };
    let horizon = if final_only {
        format!("AND {FINAL_HORIZON}")
    } else {
        String::new()
    };
    format!(
        "SELECT {columns} FROM events \
         WHERE (events.tx_id, events.global_position) > ($1::text::xid8, $2) \
           AND events.aggregate_type = ANY($3) {horizon} \
         ORDER BY events.tx_id, events.global_position LIMIT $4"
    )
}

/// Apply one batch; the checkpoint moves in the same transaction, so a crash redoes the batch.
pub async fn run_batch(
    pool: &PgPool,
    projection: &dyn Projection,
    batch_size: i64,
) -> Result<BatchOutcome, sqlx::Error> {
    let mut tx = system_tx(pool).await?;
    let checkpoint: Option<(String, i64)> = sqlx::query_as(
        "SELECT tx_id::text, global_position FROM projection_checkpoints WHERE projection = $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(projection.name())
    .fetch_optional(&mut *tx)
    .await?;
    let Some((cursor_tx, cursor_position)) = checkpoint else {
        return Ok(BatchOutcome::Busy);
    };
    let types: Vec<String> = projection
        .aggregate_types()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let events: Vec<StoredEvent> =
        sqlx::query_as(&events_after_sql(true, projection.reads_metadata()))
            .bind(&cursor_tx)
            .bind(cursor_position)
            .bind(&types)
            .bind(batch_size)
            .fetch_all(&mut *tx)
            .await?;
    let Some(last) = events.last() else {
        // Release the checkpoint's row lock now, not whenever the pool gets round to it: the
        // next batch may run on another connection at once.
        tx.rollback().await?;
        return Ok(BatchOutcome::CaughtUp);
    };
    projection
        .apply(&mut tx, &Tables::live(projection.tables()), &events)
        .await?;
    sqlx::query(
        "UPDATE projection_checkpoints SET tx_id = $2::text::xid8, global_position = $3, updated_at = now() \
         WHERE projection = $1",
    )
    .bind(projection.name())
    .bind(&last.tx_id)
    .bind(last.global_position)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(BatchOutcome::Applied(events.len()))
}

/// Apply batches until nothing final is waiting. Returns how many events were applied.
pub async fn catch_up(pool: &PgPool, projection: &dyn Projection) -> Result<usize, sqlx::Error> {
    ensure_checkpoint(pool, projection.name()).await?;
    let mut applied = 0;
    while let BatchOutcome::Applied(n) = run_batch(pool, projection, BATCH_SIZE).await? {
        applied += n;
    }
    Ok(applied)
}

/// Runs one projection until `stop` turns true. Errors are logged and retried after a pause.
pub async fn run_projection(
    pool: PgPool,
    projection: Arc<dyn Projection>,
    poll: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let mut listener = match PgListener::connect_with(&pool).await {
        Ok(mut listener) => match listener.listen(EVENTS_CHANNEL).await {
            Ok(()) => Some(listener),
            Err(err) => {
                tracing::warn!(projection = projection.name(), %err, "LISTEN failed; polling only");
                None
            }
        },
        Err(err) => {
            tracing::warn!(projection = projection.name(), %err, "no listener connection; polling only");
            None
        }
    };
    loop {
        if *stop.borrow() {
            return;
        }
        match catch_up(&pool, projection.as_ref()).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(projection = projection.name(), events = n, "projected"),
            Err(err) => {
                tracing::error!(projection = projection.name(), %err, "projection batch failed; retrying")
            }
        }
        let wake = async {
            match listener.as_mut() {
                // A notification, or the connection lost (one may have been missed): look now.
                Some(l) => {
                    if l.try_recv().await.is_err() {
                        // The database is away (restarting, refusing): wait for the poll rather
                        // than spin on the error.
                        std::future::pending::<()>().await
                    }
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = wake => {}
            _ = tokio::time::sleep(poll) => {}
            _ = stop.changed() => {}
        }
    }
}
