//! The generic history of an aggregate (ARCHITECTURE §7): every event with who and when, and
//! what it changed, found by folding the aggregate event by event and comparing its states.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, DomainEvent, EventStore};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use crate::store::{json_str, CommandError, PgEventStore};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub field: String,
    pub old: Value,
    pub new: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub recorded_at: DateTime<Utc>,
    pub user_id: Option<String>,
    pub user_name: Option<String>,
    pub impersonator_name: Option<String>,
    pub reason: Option<String>,
    /// Where the change came from (the caller's address) and which command made it.
    pub ip: Option<String>,
    pub command: Option<String>,
    pub changes: Vec<Change>,
    /// The event's link in the aggregate's hash chain (hex; `tribune audit verify` checks it).
    pub hash: String,
}

#[derive(sqlx::FromRow)]
struct EventInfo {
    sequence: i64,
    recorded_at: DateTime<Utc>,
    metadata: Value,
    hash: Option<Vec<u8>>,
}

/// The history of one aggregate of the caller's club; `None` when it does not exist there.
pub async fn history<A: Aggregate>(
    pool: &PgPool,
    store: &PgEventStore<A>,
    owned_by_caller: impl Fn(&A) -> bool,
    aggregate_id: &str,
) -> Result<Option<Vec<HistoryEntry>>, CommandError<A::Error>> {
    let envelopes = store.load_events(aggregate_id).await?;
    let infos: Vec<EventInfo> = sqlx::query_as(
        "SELECT sequence, recorded_at, metadata, hash FROM events \
         WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence",
    )
    .bind(A::TYPE)
    .bind(aggregate_id)
    .fetch_all(pool)
    .await
    .map_err(|e| CommandError::Store(e.to_string()))?;

    let mut state = A::default();
    let mut before = flatten(&serde_json::to_value(&state).unwrap_or(Value::Null));
    let mut entries = Vec::with_capacity(infos.len());
    for (envelope, info) in envelopes.into_iter().zip(infos) {
        // The event as it reads now (upcast), not as it was once stored.
        let (event_type, event_version) = (
            envelope.payload.event_type(),
            envelope.payload.event_version(),
        );
        state.apply(envelope.payload);
        let after = flatten(&serde_json::to_value(&state).unwrap_or(Value::Null));
        entries.push(HistoryEntry {
            sequence: info.sequence,
            event_type,
            event_version,
            recorded_at: info.recorded_at,
            user_id: json_str(&info.metadata, "user_id"),
            user_name: json_str(&info.metadata, "user_name"),
            impersonator_name: json_str(&info.metadata, "impersonator_name"),
            reason: json_str(&info.metadata, "reason"),
            ip: json_str(&info.metadata, "ip"),
            command: json_str(&info.metadata, "command"),
            changes: changes(&before, &after),
            hash: info.hash.as_deref().map(hex::encode).unwrap_or_default(),
        });
        before = after;
    }
    if entries.is_empty() || !owned_by_caller(&state) {
        return Ok(None);
    }
    Ok(Some(entries))
}

/// `{"a": {"b": 1}, "c": [2]}` → `{"a.b": 1, "c": [2]}`; arrays stay whole.
pub fn flatten(value: &Value) -> BTreeMap<String, Value> {
    fn walk(prefix: &str, value: &Value, out: &mut BTreeMap<String, Value>) {
        match value {
            Value::Object(map) if !map.is_empty() => {
                for (key, child) in map {
                    let path = if prefix.is_empty() {
                        key.clone()
                    } else {
                        format!("{prefix}.{key}")
                    };
                    walk(&path, child, out);
                }
            }
            other => {
                out.insert(prefix.to_string(), other.clone());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk("", value, &mut out);
    out
}

pub fn changes(before: &BTreeMap<String, Value>, after: &BTreeMap<String, Value>) -> Vec<Change> {
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter_map(|key| {
            let old = before.get(key).cloned().unwrap_or(Value::Null);
            let new = after.get(key).cloned().unwrap_or(Value::Null);
            (old != new).then(|| Change {
                field: key.clone(),
                old,
                new,
            })
        })
        .collect()
}
