//! The generic history of an aggregate (ARCHITECTURE §7): every event with who and when, and
//! what it changed, found by folding the aggregate event by event and comparing its states.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, DomainEvent, EventStore};
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use crate::store::{json_str, CommandError, PgEventStore};

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub field: String,
    pub old: Value,
    pub new: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
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

/// How a line of a list (an order's lines, an invoice's payments …) differs between two states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LineChangeKind {
    Added,
    Removed,
    Changed,
}

/// One line that differs: matched by its `id` in the list at `list` (a flattened path).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineChange {
    pub list: String,
    pub id: String,
    pub kind: LineChangeKind,
    /// The line as it was (null when added) and as it became (null when removed).
    pub old: Value,
    pub new: Value,
    /// Field by field, for a line in both states.
    pub changes: Vec<Change>,
}

/// What differs between two states of an aggregate: its fields, and its lists line by line.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub changes: Vec<Change>,
    pub lines: Vec<LineChange>,
}

/// A list whose every element is an object with an `id`: compared line by line.
fn lines_of(value: &Value) -> Option<Vec<(String, &Value)>> {
    let items = value.as_array()?;
    if items.is_empty() {
        return None;
    }
    items
        .iter()
        .map(|item| {
            let id = match item.get("id")? {
                Value::String(id) => id.clone(),
                Value::Number(id) => id.to_string(),
                _ => return None,
            };
            Some((id, item))
        })
        .collect()
}

/// Compares two states of an aggregate (as `flatten` reads them): the fields that differ, and each
/// list of lines with ids (in either state) line by line instead of as one value.
pub fn compare(before: &Value, after: &Value) -> Comparison {
    let (old, new) = (flatten(before), flatten(after));
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut fields = Vec::new();
    let mut lines = Vec::new();
    for key in keys {
        let (was, is) = (
            old.get(key).unwrap_or(&Value::Null),
            new.get(key).unwrap_or(&Value::Null),
        );
        if was == is {
            continue;
        }
        let (was_lines, is_lines) = (lines_of(was), lines_of(is));
        if was_lines.is_none() && is_lines.is_none() {
            fields.push(Change {
                field: key.clone(),
                old: was.clone(),
                new: is.clone(),
            });
            continue;
        }
        let (was_lines, is_lines) = (was_lines.unwrap_or_default(), is_lines.unwrap_or_default());
        let mut line = |id: &str, kind, old: &Value, new: &Value| {
            let changes = match kind {
                LineChangeKind::Changed => changes(&flatten(old), &flatten(new)),
                _ => Vec::new(),
            };
            lines.push(LineChange {
                list: key.clone(),
                id: id.to_string(),
                kind,
                old: old.clone(),
                new: new.clone(),
                changes,
            });
        };
        for (id, was) in &was_lines {
            match is_lines.iter().find(|(other, _)| other == id) {
                None => line(id, LineChangeKind::Removed, was, &Value::Null),
                Some((_, now)) if now != was => line(id, LineChangeKind::Changed, was, now),
                Some(_) => {}
            }
        }
        for (id, now) in &is_lines {
            if !was_lines.iter().any(|(other, _)| other == id) {
                line(id, LineChangeKind::Added, &Value::Null, now);
            }
        }
    }
    Comparison {
        changes: fields,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn compare_names_fields_and_matches_lines_by_id() {
        let before = json!({
            "title": "Sponsorat",
            "customer": { "companyId": "c1" },
            "lines": [
                { "id": "l1", "text": "Bande", "quantity": 1, "price": 10000 },
                { "id": "l2", "text": "Logo", "quantity": 1, "price": 5000 }
            ],
            "tags": ["a"]
        });
        let after = json!({
            "title": "Sponsorat 2027",
            "customer": { "companyId": "c1" },
            "lines": [
                { "id": "l1", "text": "Bande", "quantity": 2, "price": 10000 },
                { "id": "l3", "text": "Skilt", "quantity": 1, "price": 2500 }
            ],
            "tags": ["a", "b"]
        });
        let comparison = compare(&before, &after);
        let fields: Vec<&str> = comparison
            .changes
            .iter()
            .map(|c| c.field.as_str())
            .collect();
        assert_eq!(fields, ["tags", "title"]);
        let lines: Vec<(&str, LineChangeKind)> = comparison
            .lines
            .iter()
            .map(|l| (l.id.as_str(), l.kind))
            .collect();
        assert_eq!(
            lines,
            [
                ("l1", LineChangeKind::Changed),
                ("l2", LineChangeKind::Removed),
                ("l3", LineChangeKind::Added)
            ]
        );
        assert_eq!(
            comparison.lines[0].changes,
            [Change {
                field: "quantity".into(),
                old: json!(1),
                new: json!(2)
            }]
        );
        assert_eq!(comparison.lines[2].new["price"], json!(2500));
    }

    #[test]
    fn a_list_that_appears_lists_each_line_as_added() {
        let comparison = compare(
            &json!({ "lines": [] }),
            &json!({ "lines": [{ "id": 7, "text": "Bande" }] }),
        );
        assert!(comparison.changes.is_empty());
        assert_eq!(comparison.lines.len(), 1);
        assert_eq!(comparison.lines[0].id, "7");
        assert_eq!(comparison.lines[0].kind, LineChangeKind::Added);
    }
}
