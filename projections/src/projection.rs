use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgConnection;

/// One stored event as projections see it: the row of `events`, payload still JSON.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredEvent {
    pub global_position: i64,
    pub tx_id: String,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: Value,
    pub metadata: Value,
    pub recorded_at: DateTime<Utc>,
}

/// The columns of `events` in the order `StoredEvent` reads them (tx_id as text: sqlx has no xid8).
pub const STORED_EVENT_COLUMNS: &str =
    "global_position, tx_id::text AS tx_id, aggregate_type, aggregate_id, \
     sequence, event_type, event_version, payload, metadata, recorded_at";

impl StoredEvent {
    pub fn metadata_str(&self, key: &str) -> Option<&str> {
        self.metadata.get(key).and_then(Value::as_str)
    }

    /// The payload of a cqrs-es event enum: `{"Variant": {fields}}` → fields.
    pub fn fields(&self) -> &Value {
        self.payload.get(&self.event_type).unwrap_or(&self.payload)
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
}
