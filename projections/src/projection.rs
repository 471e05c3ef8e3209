use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use sqlx::types::Json;
use sqlx::PgConnection;

/// A stored value a projection could not read, as the error projections return.
pub(crate) fn decode_error(err: impl std::error::Error + Send + Sync + 'static) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(err))
}

/// JSON as stored, not yet parsed: a projection reads it straight into its own types, so a replay
/// of hundreds of thousands of events parses each payload once.
pub type RawJson = Json<Box<RawValue>>;

/// One stored event as projections see it: the row of `events`, payload still JSON.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredEvent {
    pub global_position: i64,
    /// The writing transaction's id (xid8) as decimal text: sqlx has no xid8. Compare positions
    /// in SQL only (`$1::text::xid8`), never as text: '1000' sorts before '999'.
    #[sqlx(rename = "tx_text")]
    pub tx_id: String,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: RawJson,
    pub metadata: RawJson,
    pub recorded_at: DateTime<Utc>,
}

/// The columns of `events` in the order `StoredEvent` reads them. The transaction id travels as
/// text under its OWN name: an output column named `tx_id` would shadow the xid8 column in an
/// `ORDER BY tx_id` (PostgreSQL resolves ORDER BY names to output columns first), and the keyset
/// read would sort as text while its WHERE compares xid8, skipping events (issue 10).
pub const STORED_EVENT_COLUMNS: &str =
    "events.global_position, events.tx_id::text AS tx_text, events.aggregate_type, events.aggregate_id, \
     events.sequence, events.event_type, events.event_version, events.payload, events.metadata, events.recorded_at";

/// `STORED_EVENT_COLUMNS` without the metadata (an empty object in its place), for projections
/// that do not read it: turning stored JSON into text is most of what a catch-up read costs.
pub const STORED_EVENT_COLUMNS_WITHOUT_METADATA: &str =
    "events.global_position, events.tx_id::text AS tx_text, events.aggregate_type, events.aggregate_id, \
     events.sequence, events.event_type, events.event_version, events.payload, '{}'::jsonb AS metadata, events.recorded_at";

impl StoredEvent {
    /// The payload as the aggregate's event type, in its current shape (projections that fold an
    /// aggregate go through `fold::fold_batch`, which applies upcasters).
    pub fn event<E: DeserializeOwned>(&self) -> Result<E, sqlx::Error> {
        serde_json::from_str(self.payload.get()).map_err(decode_error)
    }

    /// One entry of the metadata (who, which club, which request …).
    pub fn metadata_value(&self, key: &str) -> Option<String> {
        let metadata: HashMap<String, serde_json::Value> =
            serde_json::from_str(self.metadata.get()).ok()?;
        metadata.get(key)?.as_str().map(str::to_string)
    }
}

/// Where a projection writes: its logical table names mapped to physical ones, so the same code
/// writes the live tables or, during `tribune replay`, their shadows.
#[derive(Debug, Clone, Default)]
pub struct Tables(HashMap<&'static str, String>);

impl Tables {
    pub fn live(names: &[&'static str]) -> Self {
        Tables(names.iter().map(|n| (*n, (*n).to_string())).collect())
    }

    pub fn shadow(names: &[&'static str]) -> Self {
        Tables(names.iter().map(|n| (*n, shadow_name(n))).collect())
    }

    /// The physical name of a logical table. Names come from the projection's own constant list.
    pub fn get<'a>(&'a self, logical: &'a str) -> &'a str {
        self.0.get(logical).map(String::as_str).unwrap_or(logical)
    }
}

pub fn shadow_name(table: &str) -> String {
    format!("{table}__shadow")
}

/// A projection turns events into rows of its tables. Inline projections run inside the commit
/// of their aggregate (read-your-writes); async ones run in the projector runner with a
/// checkpoint. Both are rebuilt by `tribune replay` through the same `apply`.
#[async_trait]
pub trait Projection: Send + Sync {
    fn name(&self) -> &'static str;
    /// The tables this projection owns (and replay rebuilds).
    fn tables(&self) -> &'static [&'static str];
    /// The aggregate types whose events it reads.
    fn aggregate_types(&self) -> &'static [&'static str];
    async fn apply(
        &self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error>;

    /// Whether `apply` reads the events' metadata. When it does not, the catch-up read (async
    /// runner, replay) leaves it out and `metadata` is an empty object.
    fn reads_metadata(&self) -> bool {
        true
    }

    /// How `tribune replay` rebuilds this projection. By default batch by batch through `apply`;
    /// a projection that folds aggregates returns a rebuild that keeps their states between
    /// batches and writes each row once (a replay is one transaction, so nothing it holds can
    /// outlive a rollback).
    fn rebuild(&self) -> Option<Box<dyn Rebuild>> {
        None
    }
}

/// One replay of a projection into its shadow tables: batches in order, then `finish`.
#[async_trait]
pub trait Rebuild: Send {
    async fn apply(
        &mut self,
        conn: &mut PgConnection,
        tables: &Tables,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error>;
    async fn finish(&mut self, conn: &mut PgConnection, tables: &Tables)
        -> Result<(), sqlx::Error>;
}
