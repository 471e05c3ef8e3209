//! Tamper evidence (ARCHITECTURE §7): every event carries
//! sha256(prev_hash ‖ aggregate_type ‖ aggregate_id ‖ sequence ‖ event_type ‖ canonical payload ‖ metadata),
//! chained per aggregate. `verify` recomputes every chain and names the first broken link.

use futures::TryStreamExt;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::PgPool;

/// Each part is length-prefixed so that no two different inputs hash alike.
pub fn event_hash(
    prev_hash: &[u8],
    aggregate_type: &str,
    aggregate_id: &str,
    sequence: i64,
    event_type: &str,
    payload: &Value,
    metadata: &Value,
) -> Vec<u8> {
    let mut hasher = Sha256::new();
    let mut part = |bytes: &[u8]| {
        hasher.update((bytes.len() as u64).to_be_bytes());
        hasher.update(bytes);
    };
    part(prev_hash);
    part(aggregate_type.as_bytes());
    part(aggregate_id.as_bytes());
    part(&sequence.to_be_bytes());
    part(event_type.as_bytes());
    part(canonical_json(payload).as_bytes());
    part(canonical_json(metadata).as_bytes());
    hasher.finalize().to_vec()
}

/// JSON with object keys sorted at every level and no whitespace: the same text for the value
/// we wrote and the value jsonb gives back.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenLink {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub problem: String,
}

impl std::fmt::Display for BrokenLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{} sequence {}: {}",
            self.aggregate_type, self.aggregate_id, self.sequence, self.problem
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub events_checked: u64,
    pub first_broken: Option<BrokenLink>,
}

#[derive(sqlx::FromRow)]
struct ChainRow {
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    payload: Value,
    metadata: Value,
    hash: Option<Vec<u8>>,
}

/// Streams every event in chain order and stops at the first link that does not hold.
pub async fn verify(pool: &PgPool) -> Result<AuditReport, sqlx::Error> {
    let mut rows = sqlx::query_as::<_, ChainRow>(
        "SELECT aggregate_type, aggregate_id, sequence, event_type, payload, metadata, hash \
         FROM events ORDER BY aggregate_type, aggregate_id, sequence",
    )
    .fetch(pool);
    let mut checked = 0u64;
    let mut current: Option<(String, String)> = None;
    let mut prev_hash: Vec<u8> = Vec::new();
    let mut expected_sequence = 1i64;
    while let Some(row) = rows.try_next().await? {
        let key = (row.aggregate_type.clone(), row.aggregate_id.clone());
        if current.as_ref() != Some(&key) {
            current = Some(key);
            prev_hash.clear();
            expected_sequence = 1;
        }
        let broken = |problem: String| BrokenLink {
            aggregate_type: row.aggregate_type.clone(),
            aggregate_id: row.aggregate_id.clone(),
            sequence: row.sequence,
            problem,
        };
        if row.sequence != expected_sequence {
            let problem = format!(
                "expected sequence {expected_sequence}, found {}",
                row.sequence
            );
            return Ok(AuditReport {
                events_checked: checked,
                first_broken: Some(broken(problem)),
            });
        }
        let computed = event_hash(
            &prev_hash,
            &row.aggregate_type,
            &row.aggregate_id,
            row.sequence,
            &row.event_type,
            &row.payload,
            &row.metadata,
        );
        match &row.hash {
            Some(stored) if *stored == computed => {}
            Some(_) => {
                let problem =
                    "hash does not match the event's content or its predecessor".to_string();
                return Ok(AuditReport {
                    events_checked: checked,
                    first_broken: Some(broken(problem)),
                });
            }
            None => {
                return Ok(AuditReport {
                    events_checked: checked,
                    first_broken: Some(broken("hash missing".into())),
                });
            }
        }
        checked += 1;
        prev_hash = computed;
        expected_sequence += 1;
    }
    Ok(AuditReport {
        events_checked: checked,
        first_broken: None,
    })
}
